import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dayText } from '@shared/dates';
import { Alert } from '@frontend/components/alert/alert';
import { activityVerificationQueryOptions } from './activity-api';

/**
 * Issue 31: "Activity verified through <date>", from the digest job's nightly check of every entry against its day's
 * sealed digest, or the first problem that check found. While it loads, or when it cannot be loaded, the line stays
 * empty: the log itself does not depend on it.
 */
export function ActivityVerification({ companyId }: { companyId: string }) {
  const { t } = useTranslation('activity');
  const verification = useQuery(activityVerificationQueryOptions(companyId));
  const answer = verification.data;
  if (!answer) return <div className="activity-verification activity-verification--empty" />;
  if (answer.problem) {
    return (
      <Alert>
        <p>{t('verification.problem', { date: dayText(answer.problem.day), what: t(`verification.kinds.${answer.problem.kind}`) })}</p>
      </Alert>
    );
  }
  if (answer.verifiedThrough) {
    return (
      <div className="activity-verification" role="status">
        <p className="activity-verification__result">
          <span className="activity-verification__mark" aria-hidden="true">
            ✓
          </span>
          {t('verification.verified', { date: dayText(answer.verifiedThrough) })}
        </p>
        <p className="activity-verification__hint">{t('verification.verifiedHint')}</p>
      </div>
    );
  }
  return (
    <div className="activity-verification" role="status">
      <p className="activity-verification__hint">{t('verification.pending')}</p>
    </div>
  );
}
