import { useTranslation } from 'react-i18next';
import { dayText } from '@shared/dates';
import { runDay, type ScheduleRun } from '@shared/funding-schedules';

/** A run dated by the day money moved (the day it started), with its planned date beside it where the two differ. */
export function RunDate({ run }: { run: Pick<ScheduleRun, 'runDate' | 'startedAt'> }) {
  const { t } = useTranslation('schedules');
  const moved = runDay(run);
  return (
    <>
      {dayText(moved)}
      {moved !== run.runDate && <span className="schedules-muted"> ({t('next.planned', { date: dayText(run.runDate) })})</span>}
    </>
  );
}
