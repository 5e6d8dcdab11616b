import { useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '@shared/routes';
import { FullPageLoader } from '@frontend/components/loaders/full-page-loader';
import { LanguageSwitcher } from '@frontend/components/language-switcher/language-switcher';
import { Logo } from '@frontend/components/logo/logo';
import { useSession } from '@frontend/lib/session/session-context';
import { Footer } from '../layouts/footer/footer';
import { ScreenOutlet } from '../layouts/screen-outlet';
import '../layouts/layouts.css';

/**
 * The provider's console (/admin): for members of the provider-admin group only; everyone else is sent to sign-in,
 * as the route guard does for a role that does not reach a screen (SPEC section 2).
 */
export function AdminLayout() {
  const { t } = useTranslation('common');
  const session = useSession();
  const [leaving, setLeaving] = useState(false);
  if (!session.synchronized) return <FullPageLoader />;
  if (!session.loggedIn || !session.profile) return <Navigate to={paths.login} replace />;
  if (session.profile.phoneSetupRequired) return <Navigate to={paths.phoneSetup} replace />;
  if (!session.profile.isProviderAdmin) return <Navigate to={paths.login} replace />;
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="public-header admin-header">
        <div className="public-header__inner">
          <Link to={paths.admin} className="public-header__home">
            <Logo />
            <span className="admin-header__title">{t('admin.console')}</span>
          </Link>
          <div className="admin-header__actions">
            {session.profile.currentClient && <Link to={paths.dashboard}>{t('admin.portal')}</Link>}
            <LanguageSwitcher compactOnNarrow />
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={leaving}
              onClick={() => {
                setLeaving(true);
                void session.logout();
              }}
            >
              {t('nav.logout')}
            </button>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="layout-main">
        <ScreenOutlet />
      </main>
      <Footer />
    </>
  );
}
