import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { scheduleRunsParam } from '@shared/activity-links';
import { dayText, rigaDateOf } from '@shared/dates';
import { scheduleAttention, upcomingRuns, type ScheduleRunStatus, type ScheduleView } from '@shared/funding-schedules';
import { can } from '@shared/roles';
import { paths } from '@shared/routes';
import { Alert } from '@frontend/components/alert/alert';
import { WarningNote } from '@frontend/components/alert/warning-note';
import { ConfirmDialog } from '@frontend/components/confirm-dialog/confirm-dialog';
import { EmptyState } from '@frontend/components/empty-state/empty-state';
import { ContentSkeleton } from '@frontend/components/loaders/content-skeleton';
import { PageHeader } from '@frontend/components/page-header/page-header';
import { StatusBadge } from '@frontend/components/status-badge/status-badge';
import { statusTone } from '@frontend/components/status-badge/status-tone';
import { errorCodeOf } from '@frontend/lib/api-error';
import { errorCodeText } from '@frontend/lib/error-text';
import { useFormat } from '@frontend/lib/format';
import { useSession } from '@frontend/lib/session/session-context';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { afterFunding } from '@frontend/lib/after-funding';
import { deleteSchedule, fetchSchedules, schedulesQueryKey, setScheduleState, startScheduleRun } from './funding-schedules-api';
import { ScheduleFormDialog } from './schedule-form-dialog';
import { RunConfirmDialog, type RunKind } from './run-confirm-dialog';
import { RunDate } from './run-date';
import { ScheduleRunsDialog } from './schedule-runs-dialog';
import { useScheduleTexts } from './schedule-texts';
import './funding-schedules.css';

/** A run that has paid, pays or failed part-way shows what it paid; one refused, waiting for approval or not approved paid nothing. */
const paidSoFar = (status: ScheduleRunStatus) => status === 'queued' || status === 'applying' || status === 'applied' || status === 'failed';

type Confirming = { kind: RunKind | 'pause' | 'delete'; schedule: ScheduleView };

const isRunKind = (kind: Confirming['kind']): kind is RunKind => kind === 'run' || kind === 'early' || kind === 'retry';

/**
 * Scheduled fundings (issue 21): the company's rules, each with whom it pays, when, its next run (and whether the
 * available amount covers it) and its last run; managers and owners create, edit, pause, resume, delete and run them
 * (money and destructive actions after a confirmation), everyone sees each rule's runs.
 */
export function FundingSchedulesScreen() {
  const { t } = useTranslation(['schedules', 'errors', 'common']);
  useDocumentTitle(t('title'));
  const { profile } = useSession();
  const companyId = profile?.currentClient?.companyId ?? '';
  const canManage = can(profile?.role ?? 'guest', 'transferFunds');
  const format = useFormat();
  const texts = useScheduleTexts();
  const queryClient = useQueryClient();
  const schedules = useQuery({
    queryKey: schedulesQueryKey(companyId),
    queryFn: ({ signal }) => fetchSchedules(signal),
    enabled: companyId !== '',
    // A run started here is paid by the queue's worker: the list follows it until it ends.
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.lastRun?.status === 'queued' || item.lastRun?.status === 'applying') ? 2_000 : false),
  });
  const [editing, setEditing] = useState<ScheduleView | 'new' | null>(null);
  const [viewing, setViewing] = useState<ScheduleView | null>(null);
  // A payment's link from an employee's history (shared/activity-links.ts) opens the runs of the rule that paid it.
  const [search, setSearch] = useSearchParams();
  const linkedRuns = search.get(scheduleRunsParam);
  const shownRuns = viewing ?? (linkedRuns === null ? undefined : schedules.data?.items.find((item) => item.scheduleId === linkedRuns)) ?? null;
  const closeRuns = () => {
    setViewing(null);
    if (linkedRuns !== null) setSearch((current) => {
      current.delete(scheduleRunsParam);
      return current;
    }, { replace: true });
  };
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: schedulesQueryKey(companyId) });
    await afterFunding(queryClient, companyId);
  };

  const act = useMutation({
    mutationFn: async ({ kind, schedule }: Confirming | { kind: 'resume'; schedule: ScheduleView }): Promise<string> => {
      const name = schedule.name;
      if (kind === 'delete') {
        await deleteSchedule(schedule.scheduleId);
        return t('done.deleted', { name });
      }
      if (kind === 'pause' || kind === 'resume') {
        const changed = await setScheduleState(schedule.scheduleId, kind === 'pause' ? 'paused' : 'active');
        return kind === 'pause' ? t('done.paused', { name }) : t('done.resumed', { name, date: dayText(changed.nextRunDate ?? '') });
      }
      const runDate = kind === 'retry' ? schedule.lastRun?.runDate : schedule.nextRunDate;
      if (!runDate) return '';
      const run = await startScheduleRun(schedule.scheduleId, runDate);
      if (run.status === 'refused') {
        throw new RefusedRun(t('done.refused', { date: dayText(runDate), total: format.money(run.totalCents), available: format.money(run.availableCents) }));
      }
      return t(kind === 'early' ? 'done.startedEarly' : 'done.started', { date: dayText(runDate) });
    },
    onMutate: () => {
      setFailure(null);
      setNotice('');
    },
    onSuccess: setNotice,
    onError: (error) => setFailure(error instanceof RefusedRun ? error.message : errorCodeText(t, errorCodeOf(error))),
    onSettled: async () => {
      setConfirming(null);
      await refresh();
    },
  });

  const items = schedules.data?.items ?? [];
  const attention = items.flatMap((schedule) => {
    const asks = scheduleAttention(schedule);
    if (!asks) return [];
    const values = { name: schedule.name, date: dayText(asks.runDate), total: format.money(asks.totalCents), available: format.money(asks.availableCents) };
    return [{ schedule, text: t(asks.kind === 'refused' ? 'notices.refused' : 'notices.notCovered', values) }];
  });
  const today = rigaDateOf(new Date());
  const upcoming = schedules.data ? upcomingRuns(items, schedules.data.availableCents, today) : null;
  const plain = confirming && !isRunKind(confirming.kind) ? { title: t(`confirm.${confirming.kind}.title`), text: t(`confirm.${confirming.kind}.text`), action: t(`confirm.${confirming.kind}.action`) } : null;
  // What the run would pay now (the rule and its employees as they are), not what a refused attempt asked for.
  const confirmingRun = confirming && isRunKind(confirming.kind) ? { kind: confirming.kind, run: confirming.kind === 'retry' ? confirming.schedule.retryRun : confirming.schedule.nextRun } : null;

  return (
    <div className="page">
      <div className="schedules-header">
        <PageHeader title={t('title')} lead={t('lead')} />
        {canManage && (
          <button type="button" className="button" onClick={() => setEditing('new')}>
            {t('new')}
          </button>
        )}
      </div>
      {schedules.data && upcoming && (
        <section className="panel schedules-upcoming" aria-labelledby="schedules-upcoming">
          <h2 id="schedules-upcoming">{t('upcoming.title')}</h2>
          <p className="schedules-available">
            {t('available')}: <strong>{format.money(schedules.data.availableCents)}</strong>
          </p>
          {upcoming.runCount === 0 ? (
            <p>{t('upcoming.none')}</p>
          ) : (
            <p>
              {t('upcoming.text', { count: upcoming.runCount, total: format.money(upcoming.totalCents), available: format.money(upcoming.availableCents) })}{' '}
              <StatusBadge tone={upcoming.shortfallCents > 0 ? 'pending' : 'positive'}>
                {upcoming.shortfallCents > 0 ? t('upcoming.short', { shortfall: format.money(upcoming.shortfallCents) }) : t('upcoming.covered')}
              </StatusBadge>
            </p>
          )}
        </section>
      )}
      {!canManage && <p className="schedules-muted">{t('readOnly')}</p>}
      <p role="status" className="schedules-notice">
        {notice}
      </p>
      {failure && <Alert>{failure}</Alert>}
      {attention.map(({ schedule, text }) => (
        <WarningNote key={schedule.scheduleId} className="schedules-attention">
          <p>{text}</p>
          {canManage && schedule.lastRun?.status === 'refused' && (
            <button type="button" className="button button--secondary" onClick={() => setConfirming({ kind: 'retry', schedule })}>
              {t('actions.tryAgain')}
            </button>
          )}
        </WarningNote>
      ))}
      {schedules.isError ? (
        <Alert>{errorCodeText(t, errorCodeOf(schedules.error))}</Alert>
      ) : schedules.isPending ? (
        <ContentSkeleton label={t('common:loading')} />
      ) : items.length === 0 ? (
        <EmptyState title={t('empty.title')} action={canManage ? <button type="button" className="button" onClick={() => setEditing('new')}>{t('new')}</button> : undefined}>
          <p>{t('empty.text')}</p>
        </EmptyState>
      ) : (
        <ul className="schedules-list">
          {items.map((schedule) => {
            const busy = act.isPending && act.variables.schedule.scheduleId === schedule.scheduleId;
            return (
              <li key={schedule.scheduleId} className="panel schedule-card">
                <div className="schedule-card__header">
                  <h2 className="schedule-card__name">{schedule.name}</h2>
                  <StatusBadge tone={statusTone('fundingSchedule', schedule.state)}>{t(`state.${schedule.state}`)}</StatusBadge>
                </div>
                <p>{texts.recipients(schedule.recipients)}</p>
                <p>{texts.cadence(schedule.cadence)}</p>
                <p className="schedules-muted">{t(schedule.allowPartial ? 'partial' : 'allOrNothing')}</p>
                <dl className="schedule-card__facts">
                  <div>
                    <dt>{t('next.title')}</dt>
                    <dd>
                      {schedule.nextRun ? (
                        <>
                          <span className="schedule-card__main">{t('next.summary', { date: dayText(schedule.nextRun.runDate), count: schedule.nextRun.employeeCount, total: format.money(schedule.nextRun.totalCents) })}</span>{' '}
                          {schedule.nextRun.totalCents === 0 ? (
                            <StatusBadge tone="neutral">{t('next.nothingToPay')}</StatusBadge>
                          ) : (
                            <StatusBadge tone={schedule.nextRun.covered ? 'positive' : 'negative'}>
                              {schedule.nextRun.covered ? t('next.covered') : t('next.notCovered', { available: format.money(schedule.nextRun.availableCents) })}
                            </StatusBadge>
                          )}
                          {schedule.nextRun.skippedCount > 0 && <span className="schedules-muted schedule-card__skipped">{t('next.skipped', { count: schedule.nextRun.skippedCount })}</span>}
                        </>
                      ) : schedule.state === 'awaiting_approval' ? (
                        // Issue 35: the rule runs on no date until an owner or another manager approves it.
                        <Link to={paths.approvals}>{t('next.awaitingApproval')}</Link>
                      ) : (
                        t('next.none')
                      )}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('last.title')}</dt>
                    <dd>
                      {schedule.lastRun ? (
                        <>
                          <RunDate run={schedule.lastRun} />{' '}
                          <StatusBadge tone={statusTone('fundingRun', schedule.lastRun.status)} busy={schedule.lastRun.status === 'queued' || schedule.lastRun.status === 'applying'}>
                            {t(`runStatus.${schedule.lastRun.status}`)}
                          </StatusBadge>{' '}
                          {paidSoFar(schedule.lastRun.status) && format.money(schedule.lastRun.appliedCents)}
                        </>
                      ) : (
                        t('last.none')
                      )}
                    </dd>
                  </div>
                </dl>
                <div className="schedule-card__actions" role="group" aria-label={t('actions.label', { name: schedule.name })}>
                  {canManage && schedule.state === 'active' && schedule.nextRun && schedule.nextRun.totalCents > 0 && (
                    // The run that is due is paid with "Run now"; a run to come is paid early only by naming its date.
                    schedule.nextRun.runDate <= today ? (
                      <button type="button" className="button" disabled={busy} onClick={() => setConfirming({ kind: 'run', schedule })}>
                        {t('actions.runNow', { total: format.money(schedule.nextRun.totalCents) })}
                      </button>
                    ) : (
                      <button type="button" className="button button--secondary" disabled={busy} onClick={() => setConfirming({ kind: 'early', schedule })}>
                        {t('actions.payEarly', { date: dayText(schedule.nextRun.runDate), total: format.money(schedule.nextRun.totalCents) })}
                      </button>
                    )
                  )}
                  <button type="button" className="button button--secondary" onClick={() => setViewing(schedule)}>
                    {t('actions.history')}
                  </button>
                  {canManage && (
                    <>
                      <button type="button" className="button button--secondary" disabled={busy} onClick={() => setEditing(schedule)}>
                        {t('actions.edit')}
                      </button>
                      {schedule.state === 'active' && (
                        <button type="button" className="button button--secondary" disabled={busy} onClick={() => setConfirming({ kind: 'pause', schedule })}>
                          {t('actions.pause')}
                        </button>
                      )}
                      {schedule.state === 'paused' && (
                        <button type="button" className="button button--secondary" disabled={busy} onClick={() => act.mutate({ kind: 'resume', schedule })}>
                          {t('actions.resume')}
                        </button>
                      )}
                      <button type="button" className="button button--secondary button--small schedule-card__delete" disabled={busy} onClick={() => setConfirming({ kind: 'delete', schedule })}>
                        {t('actions.delete')}
                      </button>
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {editing && (
        <ScheduleFormDialog
          schedule={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async (saved, created) => {
            setEditing(null);
            setNotice(t(created ? 'done.created' : 'done.updated', { name: saved.name }));
            await refresh();
          }}
        />
      )}
      {shownRuns && <ScheduleRunsDialog schedule={shownRuns} onClose={closeRuns} />}
      {confirming && confirmingRun?.run && (
        <RunConfirmDialog
          companyId={companyId}
          kind={confirmingRun.kind}
          name={confirming.schedule.name}
          run={confirmingRun.run}
          allowPartial={confirming.schedule.allowPartial}
          busy={act.isPending}
          onConfirm={() => act.mutate(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
      <ConfirmDialog
        open={plain !== null}
        title={plain?.title ?? ''}
        confirmLabel={plain?.action ?? ''}
        cancelLabel={t('common:cancel')}
        destructive={confirming?.kind === 'delete'}
        busy={act.isPending}
        onConfirm={() => confirming && act.mutate(confirming)}
        onCancel={() => setConfirming(null)}
      >
        <p>
          <strong>{confirming?.schedule.name}</strong>
        </p>
        <p>{plain?.text}</p>
      </ConfirmDialog>
    </div>
  );
}

/** A run the balance did not cover: not an error of the request, but told like one, with its numbers. */
class RefusedRun extends Error {}
