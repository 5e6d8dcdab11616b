import { useTranslation } from 'react-i18next';
import { EmptyState } from '@frontend/components/empty-state/empty-state';
import { PageHeader } from '@frontend/components/page-header/page-header';
import { formatIban } from '@frontend/lib/format';
import { useSession } from '@frontend/lib/session/session-context';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import './dashboard-screen.css';

/** SPEC section 2 "Dashboard"; balances, turnover and last transactions arrive with their API. */
export function DashboardScreen() {
  const { t } = useTranslation('dashboard');
  useDocumentTitle(t('title'));
  const { profile } = useSession();
  const iban = profile?.topUpAccountIBAN ?? null;
  if (profile?.currentCompanyStatus === 'pending_approval' || profile?.currentCompanyStatus === 'rejected') {
    return <AwaitingApproval status={profile.currentCompanyStatus} companyName={profile.currentClient?.name ?? ''} />;
  }
  return (
    <div className="page">
      <PageHeader
        title={t('title')}
        lead={profile ? t('welcome', { name: `${profile.name} ${profile.surname}`.trim() }) : undefined}
      />
      <div className="dashboard-grid">
        <section className="panel dashboard-top-up" aria-labelledby="dashboard-top-up">
          <h2 id="dashboard-top-up">{t('topUp.title')}</h2>
          {iban ? (
            <>
              <p className="dashboard-top-up__text">{t('topUp.text')}</p>
              <dl className="dashboard-top-up__details">
                <dt>{t('topUp.iban')}</dt>
                <dd className="dashboard-top-up__iban">{formatIban(iban)}</dd>
                {profile?.currentClient && (
                  <>
                    <dt>{t('topUp.company')}</dt>
                    <dd>{profile.currentClient.name}</dd>
                  </>
                )}
              </dl>
            </>
          ) : (
            <p className="dashboard-top-up__text">{t('topUp.missing')}</p>
          )}
        </section>
        <EmptyState title={t('empty.title')}>
          <p>{t('empty.text')}</p>
        </EmptyState>
      </div>
    </div>
  );
}

/**
 * The company finished onboarding and waits for the provider (or was turned down): nothing here can move money
 * yet, so the page says where the application stands instead of showing empty balances.
 */
function AwaitingApproval({ status, companyName }: { status: 'pending_approval' | 'rejected'; companyName: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="page">
      <PageHeader title={t('title')} />
      <section className="panel dashboard-pending" aria-labelledby="dashboard-pending">
        <h2 id="dashboard-pending">{t(`${status}.title`, { company: companyName })}</h2>
        <p>{t(`${status}.text`)}</p>
        <p>{t(`${status}.next`)}</p>
      </section>
    </div>
  );
}
