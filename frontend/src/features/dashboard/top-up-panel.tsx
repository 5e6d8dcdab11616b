import { useTranslation } from 'react-i18next';
import { formatIban } from '@frontend/lib/format';
import { useSession } from '@frontend/lib/session/session-context';

/** SPEC section 2 "Dashboard": top-up by bank transfer, the account to transfer to. */
export function TopUpPanel() {
  const { t } = useTranslation('dashboard');
  const { profile } = useSession();
  const iban = profile?.topUpAccountIBAN ?? null;
  return (
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
  );
}
