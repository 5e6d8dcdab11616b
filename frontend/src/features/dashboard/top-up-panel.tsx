import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as moneyRoutes from '@shared/api/routes/money-routes';
import { formatPaymentReference } from '@shared/top-ups';
import { Alert } from '@frontend/components/alert/alert';
import { CopyableValue } from '@frontend/components/copy-button/copyable-value';
import { ValueSkeleton } from '@frontend/components/loaders/value-skeleton';
import { errorCodeText } from '@frontend/lib/error-text';
import { formatIban } from '@frontend/lib/format';
import { ApiError, errorCodeOf } from '@frontend/lib/api-error';
import { callApi } from '@frontend/lib/http';
import { mainAccountQueryKey } from '@frontend/lib/query-keys';
import { useSession } from '@frontend/lib/session/session-context';
import { LowBalanceAlert } from './low-balance-alert';

/** What an IBAN and a payment reference look like, for their places while the account loads. */
const sampleIban = 'LV00BANK0000000000000';
const samplePaymentReference = 'RF0000000000000';

/**
 * SPEC section 2 "Dashboard": top-up by bank transfer. The company transfers to its own top-up IBAN and writes its
 * payment reference on the transfer; either leads the money to this company's main account.
 */
export function TopUpPanel() {
  const { t } = useTranslation(['dashboard', 'errors', 'common']);
  const { profile } = useSession();
  // The same key as every other reader of GET /accounts/main, so a funding or a top-up refreshes them all.
  const account = useQuery({ queryKey: mainAccountQueryKey(profile?.currentClient?.companyId ?? ''), queryFn: ({ signal }) => callApi(moneyRoutes.getMainAccount, { signal }) });
  const iban = account.data?.iban ?? profile?.topUpAccountIBAN ?? null;
  return (
    <section className="panel dashboard-top-up" aria-labelledby="dashboard-top-up" aria-busy={account.isPending}>
      <h2 id="dashboard-top-up">{t('topUp.title')}</h2>
      {account.isError && !(account.error instanceof ApiError && account.error.status === 404) ? (
        <Alert>{errorCodeText(t, errorCodeOf(account.error))}</Alert>
      ) : account.isPending || iban ? (
        // Loading, the panel has its loaded lines already (the IBAN is in the profile), the rest standing in as
        // skeletons: the panels under it do not move when the account comes.
        <>
          <p className="dashboard-top-up__text">{t('topUp.text')}</p>
          <dl className="dashboard-top-up__details">
            <CopyableValue label={t('topUp.iban')} copyLabel={t('common:copy.iban')} copyText={t('common:copy.button')} value={iban} testId="dashboard-top-up-iban">
              {iban ? formatIban(iban) : <ValueSkeleton sample={formatIban(sampleIban)} />}
            </CopyableValue>
            {(account.isPending || account.data) && (
              <CopyableValue
                label={t('topUp.reference')}
                copyLabel={t('common:copy.reference')}
                copyText={t('common:copy.button')}
                value={account.data?.paymentReference ?? null}
                testId="dashboard-top-up-reference"
              >
                {account.data ? formatPaymentReference(account.data.paymentReference) : <ValueSkeleton sample={formatPaymentReference(samplePaymentReference)} />}
              </CopyableValue>
            )}
            {profile?.currentClient && (
              <div>
                <dt>{t('topUp.company')}</dt>
                <dd>{profile.currentClient.name}</dd>
              </div>
            )}
          </dl>
          <p className="dashboard-top-up__text">{t('topUp.referenceHint')}</p>
          {(account.isPending || account.data) && <LowBalanceAlert account={account.data ?? null} />}
        </>
      ) : (
        <p className="dashboard-top-up__text">{t('topUp.missing')}</p>
      )}
    </section>
  );
}
