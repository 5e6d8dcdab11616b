import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@frontend/lib/format';

/** Whom a run pays (the form's preview) or paid (a run's result), each with the amount, folded under its count. */
export function PaidUsersTable({ summary, rows }: { summary: ReactNode; rows: readonly { key: string; name: string; amountCents: number }[] }) {
  const { t } = useTranslation('schedules');
  const format = useFormat();
  return (
    <details className="schedule-run__paid">
      <summary>{summary}</summary>
      <UsersTable valueHeader={t('runs.amount')} numeric rows={rows.map((row) => ({ key: row.key, name: row.name, value: format.money(row.amountCents) }))} />
    </details>
  );
}

/** Whom a run leaves out (the form's preview: skipped) or could not pay (a run's result: failed), each with why. */
export function UnpaidUsersTable({ caption, rows }: { caption: ReactNode; rows: readonly { key: string; name: string; reason: string }[] }) {
  const { t } = useTranslation('schedules');
  return <UsersTable caption={caption} valueHeader={t('runs.reason')} rows={rows.map((row) => ({ key: row.key, name: row.name, value: row.reason }))} />;
}

/** A run's users, each named in its row's header, with one value beside. */
function UsersTable({ caption, valueHeader, numeric = false, rows }: { caption?: ReactNode; valueHeader: string; numeric?: boolean; rows: readonly { key: string; name: string; value: string }[] }) {
  const { t } = useTranslation('schedules');
  return (
    <div className="table-scroll">
      <table className="schedule-run__rows">
        {caption === undefined ? null : <caption>{caption}</caption>}
        <thead>
          <tr>
            <th scope="col">{t('runs.user')}</th>
            <th scope="col" className={numeric ? 'numeric' : undefined}>
              {valueHeader}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.name}</th>
              <td className={numeric ? 'numeric' : undefined}>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
