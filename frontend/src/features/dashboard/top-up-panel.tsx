import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as moneyRoutes from '@shared/api/routes/money-routes';
import { formatPaymentReference } from '@shared/top-ups';
import { Alert } from '@frontend/components/alert/alert';
import { errorCodeText } from '@frontend/lib/error-text';
import { formatIban } from '@frontend/lib/format';
import { ApiError, errorCodeOf } from '@frontend/lib/api-error';
import { callApi } from '@frontend/lib/http';
import { mainAccountQueryKey } from '@frontend/lib/query-keys';
import { useSession } from '@frontend/lib/session/session-context';
import { useCopyToClipboard } from '@frontend/lib/use-copy-to-clipboard';
import { LowBalanceAlert } from './low-balance-alert';

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
      {account.isPending ? (
        <div className="skeleton skeleton--line" aria-hidden="true" />
      ) : account.isError && !(account.error instanceof ApiError && account.error.status === 404) ? (
        <Alert>{errorCodeText(t, errorCodeOf(account.error))}</Alert>
      ) : iban ? (
        <>
          <p className="dashboard-top-up__text">{t('topUp.text')}</p>
          <dl className="dashboard-top-up__details">
            <dt>{t('topUp.iban')}</dt>
            <dd>
              <span className="dashboard-top-up__iban" data-testid="dashboard-top-up-iban">
                {formatIban(iban)}
              </span>{' '}
              <CopyButton value={iban} label={t('topUp.copyIban')} />
            </dd>
            {account.data && (
              <>
                <dt>{t('topUp.reference')}</dt>
                <dd>
                  <span className="dashboard-top-up__iban" data-testid="dashboard-top-up-reference">
                    {formatPaymentReference(account.data.paymentReference)}
                  </span>{' '}
                  <CopyButton value={account.data.paymentReference} label={t('topUp.copyReference')} />
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
          {account.data && <LowBalanceAlert account={account.data} />}
        </>
      ) : (
        <p className="dashboard-top-up__text">{t('topUp.missing')}</p>
      )}
    </section>
  );
}

/** Copies the value; the outcome is announced beside the button (the nav bar's IBAN copy's own words) and fades after a moment. */
function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('common');
  const { state, copy } = useCopyToClipboard();
  return (
    <>
      <button type="button" className="button button--secondary button--small" onClick={() => void copy(value)}>
        {label}
      </button>{' '}
      <span role="status">{state === 'copied' ? t('topUp.copied') : state === 'failed' ? t('topUp.copyFailed') : ''}</span>
    </>
  );
}
