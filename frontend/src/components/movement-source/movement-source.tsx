import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { movementSourceOf, movementSourcePath } from '@shared/activity-links';
import { dayText, monthText, rigaDateOf } from '@shared/dates';
import './movement-source.css';

type Values = Readonly<Record<string, string | number | null | undefined>>;

/**
 * What a payment or fee of one employee belonged to (issue 31), on a line of its own: the file by its name, the
 * scheduled run by its rule and date, linked to the rule's runs, or the month's fees. Nothing for a record of anything
 * else. The employee's history and the activity log's detail show the same line.
 */
export function MovementSource({ record }: { record: { action: string; after: Values; at?: string } }) {
  const { t } = useTranslation('common');
  // A run is dated by the day its money moved (the record's), with its planned date beside it where the two differ.
  function runText(name: string | null, runDate: string | null, at: string | undefined): string {
    const moved = at ? rigaDateOf(new Date(at)) : runDate;
    const values = { name: name ?? '—', date: dayText(moved ?? '') || '—', planned: dayText(runDate ?? '') };
    return runDate && moved !== runDate ? t('movementSource.fundingRunEarly', values) : t('movementSource.fundingRun', values);
  }
  const source = movementSourceOf(record);
  if (!source) return null;
  const text =
    source.kind === 'fundingFile'
      ? t('movementSource.fundingFile', { name: source.fileName ?? '—' })
      : source.kind === 'fundingRun'
        ? runText(source.scheduleName, source.runDate, record.at)
        : t('movementSource.monthlyFees', { month: monthText(source.month) });
  const path = movementSourcePath(source);
  return <span className="movement-source">{path ? <Link to={path}>{text}</Link> : text}</span>;
}
