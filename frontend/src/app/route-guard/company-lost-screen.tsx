import { useTranslation } from 'react-i18next';
import { Logo } from '@frontend/components/logo/logo';
import { LanguageSwitcher } from '@frontend/components/language-switcher/language-switcher';
import { useSession } from '@frontend/lib/session/session-context';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { Footer } from '../layouts/footer/footer';
import '@frontend/styles/site-frame.css';
import './company-lost-screen.css';

/**
 * A tab whose company the user no longer belongs to (DESIGN section 6): it says so, shows nothing of any company, and
 * offers the user's other companies, or signing out when there are none. Choosing one is a client switch.
 */
export function CompanyLostScreen() {
  const { t } = useTranslation('common');
  const { lostCompany, profile, switchClient, switchingClient, logout } = useSession();
  useDocumentTitle(t('companyLost.title'));
  const others = (profile?.clients ?? []).filter((client) => client.companyId !== lostCompany?.companyId);
  return (
    <>
      <header className="public-header">
        <div className="public-header__inner">
          <Logo />
          <LanguageSwitcher compactOnNarrow />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="layout-main company-lost">
        <h1>{t('companyLost.title')}</h1>
        <p>{lostCompany?.name ? t('companyLost.named', { company: lostCompany.name }) : t('companyLost.unnamed')}</p>
        {others.length > 0 ? (
          <section aria-labelledby="company-lost-choose">
            <h2 id="company-lost-choose">{t('companyLost.choose')}</h2>
            <ul className="company-lost__list">
              {others.map((client) => (
                <li key={client.companyId}>
                  <button type="button" className="button button--secondary company-lost__company" disabled={switchingClient} aria-busy={switchingClient} onClick={() => switchClient(client.companyId)}>
                    {client.name}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : (
          <p>{t('companyLost.none')}</p>
        )}
        <button type="button" className="button button--secondary" onClick={() => void logout()}>
          {t('companyLost.logout')}
        </button>
      </main>
      <Footer />
    </>
  );
}
