import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as moneyRoutes from '@shared/api/routes/money-routes';
import { dayText } from '@shared/dates';
import { runSums, type NextRunPreview } from '@shared/funding-schedules';
import { formatPaymentReference } from '@shared/top-ups';
import { WarningNote } from '@frontend/components/alert/warning-note';
import { CopyableValue } from '@frontend/components/copy-button/copyable-value';
import { Dialog } from '@frontend/components/dialog/dialog';
import { formatIban, useFormat } from '@frontend/lib/format';
import { callApi } from '@frontend/lib/http';
import { mainAccountQueryKey } from '@frontend/lib/query-keys';

export type RunKind = 'run' | 'early' | 'retry';

interface RunConfirmDialogProps {
  companyId: string;
  kind: RunKind;
  name: string;
  run: NextRunPreview;
  allowPartial: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A run's confirmation, with what Add funds shows: available now, the run's total, and what is left after it or what
 * is missing. A run the balance does not cover is not offered as a payment (unless the rule pays the users that fit):
 * the dialog says what is missing and where to top up. A run that pays nobody is not offered at all.
 */
export function RunConfirmDialog({ companyId, kind, name, run, allowPartial, busy, onConfirm, onCancel }: RunConfirmDialogProps) {
  const { t } = useTranslation(['schedules', 'common']);
  const format = useFormat();
  const account = useQuery({ queryKey: mainAccountQueryKey(companyId), queryFn: ({ signal }) => callApi(moneyRoutes.getMainAccount, { signal }) });
  // The account as read now decides; the rule's preview stands in while it loads.
  const availableCents = account.data?.availableCents ?? run.availableCents;
  const { leftAfterCents, shortfallCents } = runSums(run.totalCents, availableCents);
  const nothing = run.employeeCount === 0 || run.totalCents === 0;
  const uncovered = shortfallCents > 0;
  const values = { date: dayText(run.runDate), count: run.employeeCount, total: format.money(run.totalCents) };
  const canPay = !nothing && (!uncovered || allowPartial);
  const title = nothing || !uncovered || allowPartial ? t(`confirm.${kind}.title`) : t('confirm.sums.uncoveredTitle');
  return (
    <Dialog open title={title} busy={busy} onClose={onCancel}>
      <div className="dialog__body">
        <p>
          <strong>{name}</strong>
        </p>
        {nothing ? (
          <p>{t('confirm.sums.nothing')}</p>
        ) : (
          <>
            {/* A run that cannot be paid is not described as being paid: only what it asks. */}
            <p>{canPay ? t(`confirm.${kind}.text`, values) : t('next.summary', values)}</p>
            <dl className="schedule-sums" data-testid="run-sums">
              <dt>{t('confirm.sums.available')}</dt>
              <dd>{format.money(availableCents)}</dd>
              <dt>{t('confirm.sums.total')}</dt>
              <dd>{format.money(run.totalCents)}</dd>
              {leftAfterCents === null ? (
                <>
                  <dt>{t('confirm.sums.shortfall')}</dt>
                  <dd className="schedule-sums__shortfall">{format.money(shortfallCents)}</dd>
                </>
              ) : (
                <>
                  <dt>{t('confirm.sums.after')}</dt>
                  <dd>{format.money(leftAfterCents)}</dd>
                </>
              )}
            </dl>
            {uncovered && (
              <WarningNote className="schedule-top-up">
                <p>{t(allowPartial ? 'confirm.sums.uncoveredPartial' : 'confirm.sums.uncovered', { shortfall: format.money(shortfallCents) })}</p>
                {account.data && (
                  <dl className="schedule-top-up__details">
                    <CopyableValue label={t('confirm.sums.iban')} copyLabel={t('common:copy.iban')} copyText={t('common:copy.button')} value={account.data.iban}>
                      {formatIban(account.data.iban)}
                    </CopyableValue>
                    <CopyableValue label={t('confirm.sums.reference')} copyLabel={t('common:copy.reference')} copyText={t('common:copy.button')} value={account.data.paymentReference}>
                      {formatPaymentReference(account.data.paymentReference)}
                    </CopyableValue>
                  </dl>
                )}
              </WarningNote>
            )}
          </>
        )}
      </div>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          {canPay ? t('common:cancel') : t('runs.close')}
        </button>
        {canPay && (
          <button type="button" className="button" onClick={onConfirm} disabled={busy} aria-busy={busy}>
            {uncovered ? t('confirm.sums.partialAction') : t(`confirm.${kind}.action`, values)}
          </button>
        )}
      </div>
    </Dialog>
  );
}
