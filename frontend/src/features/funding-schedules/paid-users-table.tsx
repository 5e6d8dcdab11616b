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
      <div className="table-scroll">
        <table className="schedule-run__rows">
          <thead>
            <tr>
              <th scope="col">{t('runs.user')}</th>
              <th scope="col" className="numeric">
                {t('runs.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.name}</th>
                <td className="numeric">{format.money(row.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** Whom a run leaves out (the form's preview: skipped) or could not pay (a run's result: failed), each with why. */
export function UnpaidUsersTable({ caption, rows }: { caption: ReactNode; rows: readonly { key: string; name: string; reason: string }[] }) {
  const { t } = useTranslation('schedules');
  return (
    <div className="table-scroll">
      <table className="schedule-run__rows">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('runs.user')}</th>
            <th scope="col">{t('runs.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.name}</th>
              <td>{row.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
