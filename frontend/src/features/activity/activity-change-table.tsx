import { useTranslation } from 'react-i18next';
import { activityChanges, activityValueText, type ActivityRow, type ActivityValueTexts } from '@shared/activity';

/**
 * A row's change side by side (issue 31): one line per field, its label, the value before and the value after, each
 * formatted as everywhere else (euros, dates, statuses by name). A field on one side only has "—" on the other.
 */
export function ActivityChangeTable({ row, texts }: { row: ActivityRow; texts: ActivityValueTexts }) {
  const { t } = useTranslation('activity');
  const changes = activityChanges(row.before, row.after);
  if (changes.length === 0) return <p className="activity-change__none">{t('detail.none')}</p>;
  return (
    <table className="activity-change" aria-label={t('detail.changes')}>
      <thead>
        <tr>
          <th scope="col">{t('detail.field')}</th>
          <th scope="col">{t('detail.before')}</th>
          <th scope="col">{t('detail.after')}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field}>
            <th scope="row">{texts.field(change.field)}</th>
            <td>{'before' in change ? activityValueText(change.kind, change.before, texts) : '—'}</td>
            <td>{'after' in change ? activityValueText(change.kind, change.after, texts) : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
