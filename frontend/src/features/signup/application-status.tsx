import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '@shared/routes';
import { profileQueryKey } from '@frontend/lib/session/profile-query';
import type { Application } from '@shared/onboarding/application';
import { formatDate } from '@shared/dates';
import { Alert } from '@frontend/components/alert/alert';

/**
 * After the last step (SPEC section 2: a success screen): the application is with the provider, or was declined.
 * Nothing can move money before approval, so this is all there is to show until then.
 */
export function ApplicationStatus({ application }: { application: Application }) {
  const { t } = useTranslation('signup');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  if (application.status === 'active') {
    return (
      <section className="application-status" aria-labelledby="application-status">
        <h2 id="application-status">{t('status.approved.title', { company: application.companyName })}</h2>
        <p>{t('status.approved.text')}</p>
        <button
          type="button"
          className="button"
          onClick={() => {
            // The route guard reads the KYC status from the profile: it must be the approved one first.
            void queryClient.invalidateQueries({ queryKey: profileQueryKey }).then(() => navigate(paths.dashboard));
          }}
        >
          {t('status.approved.action')}
        </button>
      </section>
    );
  }
  if (application.status === 'rejected') {
    return (
      <section className="application-status" aria-labelledby="application-status">
        <h2 id="application-status">{t('status.rejected.title', { company: application.companyName })}</h2>
        <p>{t('status.rejected.text')}</p>
        {application.rejectionReason && (
          <Alert tone="info">
            <strong>{t('status.rejected.reason')}</strong> {application.rejectionReason}
          </Alert>
        )}
        <p>{t('status.rejected.next')}</p>
      </section>
    );
  }
  return (
    <section className="application-status" aria-labelledby="application-status">
      <Alert tone="success">{t('status.submitted.success')}</Alert>
      <h2 id="application-status">{t('status.submitted.title', { company: application.companyName })}</h2>
      {application.submittedAt && <p>{t('status.submitted.when', { date: formatDate(application.submittedAt, { withTime: true }) })}</p>}
      <p>{t('status.submitted.text')}</p>
      <p>{t('status.submitted.next')}</p>
    </section>
  );
}
