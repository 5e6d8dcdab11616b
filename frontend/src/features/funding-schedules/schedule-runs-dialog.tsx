import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PaidUsersTable, UnpaidUsersTable } from './paid-users-table';
import type { ScheduleRun, ScheduleView } from '@shared/funding-schedules';
import { Alert } from '@frontend/components/alert/alert';
import { Dialog } from '@frontend/components/dialog/dialog';
import { ContentSkeleton } from '@frontend/components/loaders/content-skeleton';
import { StatusBadge } from '@frontend/components/status-badge/status-badge';
import { statusTone } from '@frontend/components/status-badge/status-tone';
import { errorCodeOf } from '@frontend/lib/api-error';
import { errorCodeText } from '@frontend/lib/error-text';
import { formatDate, useFormat } from '@frontend/lib/format';
import { useSession } from '@frontend/lib/session/session-context';
import { fetchSchedule, scheduleQueryKey } from './funding-schedules-api';
import { RunDate } from './run-date';
import { useScheduleTexts } from './schedule-texts';

const inWork = (run: ScheduleRun | undefined) => run?.status === 'queued' || run?.status === 'applying';

/** A rule's recent runs, newest first: each with what it paid, whom, and the users it did not pay with why. */
export function ScheduleRunsDialog({ schedule, onClose }: { schedule: ScheduleView; onClose: () => void }) {
  const { t } = useTranslation(['schedules', 'errors', 'common']);
  const { profile } = useSession();
  const companyId = profile?.currentClient?.companyId ?? '';
  const format = useFormat();
  const texts = useScheduleTexts();
  const detail = useQuery({
    queryKey: scheduleQueryKey(companyId, schedule.scheduleId),
    queryFn: ({ signal }) => fetchSchedule(schedule.scheduleId, signal),
    refetchInterval: (query) => (inWork(query.state.data?.runs[0]) ? 2_000 : false),
  });
  const runs = detail.data?.runs ?? [];

  return (
    <Dialog open title={t('runs.title', { name: schedule.name })} onClose={onClose} size="big">
      <div className="dialog__body">
        <p>{texts.recipients(schedule.recipients)}</p>
        <p>{texts.cadence(schedule.cadence)}</p>
        {detail.isError ? (
          <Alert>{errorCodeText(t, errorCodeOf(detail.error))}</Alert>
        ) : detail.isPending ? (
          <ContentSkeleton label={t('common:loading')} />
        ) : runs.length === 0 ? (
          <p>{t('runs.empty')}</p>
        ) : (
          <ol className="schedule-runs" aria-label={t('runs.caption')}>
            {runs.map((run) => (
              <li key={run.runDate} className="schedule-run">
                <div className="schedule-run__header">
                  <h3>
                    <RunDate run={run} />
                  </h3>
                  <StatusBadge tone={statusTone('fundingRun', run.status)} busy={inWork(run)}>
                    {t(`runStatus.${run.status}`)}
                  </StatusBadge>
                  <span className="schedules-muted">
                    {t('runs.startedAt')}: {formatDate(run.startedAt, { withTime: true })}
                  </span>
                </div>
                {run.status === 'refused' ? (
                  <p>{t('runs.refusedText', { total: format.money(run.totalCents), count: run.employeeCount, available: format.money(run.availableCents) })}</p>
                ) : (
                  <>
                    <p>
                      {t('runs.paid')}: <strong>{format.money(run.appliedCents)}</strong> ({run.appliedCount}) · {t('runs.failed')}: {run.failedCount}
                    </p>
                    {run.failed.length > 0 && (
                      <UnpaidUsersTable
                        caption={t('runs.failedRows')}
                        rows={run.failed.map((row) => ({ key: String(row.rowNumber), name: row.name ?? row.employeeId ?? '', reason: t(`errors:codes.${row.reason}`) }))}
                      />
                    )}
                    {run.applied.length > 0 && (
                      <PaidUsersTable
                        summary={`${t('runs.paidRows')} (${run.appliedCount})`}
                        rows={run.applied.map((row) => ({ key: String(row.rowNumber), name: row.name ?? row.employeeId ?? '', amountCents: row.amountCents }))}
                      />
                    )}
                  </>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('runs.close')}
        </button>
      </div>
    </Dialog>
  );
}
