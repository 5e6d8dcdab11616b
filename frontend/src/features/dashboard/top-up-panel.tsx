import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as moneyRoutes from '@shared/api/routes/money-routes';
import { formatPaymentReference } from '@shared/top-ups';
import { Alert } from '@frontend/components/alert/alert';
import { ValueSkeleton } from '@frontend/components/loaders/value-skeleton';
import { errorCodeText } from '@frontend/lib/error-text';
import { formatIban } from '@frontend/lib/format';
import { ApiError, errorCodeOf } from '@frontend/lib/api-error';
import { callApi } from '@frontend/lib/http';
import { mainAccountQueryKey } from '@frontend/lib/query-keys';
import { useSession } from '@frontend/lib/session/session-context';
import { useCopyToClipboard } from '@frontend/lib/use-copy-to-clipboard';
import { LowBalanceAlert } from './low-balance-alert';

/** What an IBAN and a payment reference look like, for their places while the account loads. */
const sampleIban = 'LV00BANK0000000000000';
const samplePaymentReference = 'RF0000000000000';

/**
 * SPEC section 2 "Dashboard": top-up by bank transfer. The company transfers to its own top-up IBAN and writes its
 * payment reference on the transfer; either leads the money to this company's main account.
 */
export function TopUpPanel() {
  const { t } = useTranslation(['dashboard', 'errors']);
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
            <dt>{t('topUp.iban')}</dt>
            <dd>
              <span className="dashboard-top-up__iban" data-testid="dashboard-top-up-iban">
                {iban ? formatIban(iban) : <ValueSkeleton sample={formatIban(sampleIban)} />}
              </span>{' '}
              <CopyButton value={iban} label={t('topUp.copyIban')} />
            </dd>
            {(account.isPending || account.data) && (
              <>
                <dt>{t('topUp.reference')}</dt>
                <dd>
                  <span className="dashboard-top-up__iban" data-testid="dashboard-top-up-reference">
                    {account.data ? formatPaymentReference(account.data.paymentReference) : <ValueSkeleton sample={formatPaymentReference(samplePaymentReference)} />}
                  </span>{' '}
                  <CopyButton value={account.data?.paymentReference ?? null} label={t('topUp.copyReference')} />
                </dd>
              </>
            )}
            {profile?.currentClient && (
              <>
                <dt>{t('topUp.company')}</dt>
                <dd>{profile.currentClient.name}</dd>
              </>
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

/**
 * Copies the value; the outcome is announced beside the button (the nav bar's IBAN copy's own words) and fades after a
 * moment. Disabled while the value loads.
 */
function CopyButton({ value, label }: { value: string | null; label: string }) {
  const { t } = useTranslation('common');
  const { state, copy } = useCopyToClipboard();
  return (
    <>
      <button type="button" className="button button--secondary button--small" disabled={value === null} onClick={() => value !== null && void copy(value)}>
        {label}
      </button>{' '}
      <span role="status">{state === 'copied' ? t('topUp.copied') : state === 'failed' ? t('topUp.copyFailed') : ''}</span>
    </>
  );
}
