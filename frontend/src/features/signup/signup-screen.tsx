import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { pathAfter, signupStepSchema, signupSteps, type SignupStep } from '@shared/kyc';
import type { Application } from '@shared/onboarding/application';
import { isStepOpen } from '@shared/onboarding/progress';
import { paths } from '@shared/routes';
import { Alert } from '@frontend/components/alert/alert';
import { AuthLayout } from '@frontend/components/auth-layout/auth-layout';
import { ContentLoader } from '@frontend/components/loaders/content-loader';
import { FullPageLoader } from '@frontend/components/loaders/full-page-loader';
import { errorCodeText } from '@frontend/lib/error-text';
import { ApiError } from '@frontend/lib/http';
import { profileQueryKey } from '@frontend/lib/session/profile-query';
import { useSession } from '@frontend/lib/session/session-context';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { ApplicationStatus } from './application-status';
import { applicationQueryKey, applicationQueryOptions } from './onboarding-api';
import { stepStateOf } from './step-state';
import { StepForm } from './step-form';
import type { FormValues } from './step-values';
import './signup-screen.css';
import { Redirect } from '@frontend/app/page-redirect';

/** /signup/:step: the six onboarding steps (SPEC section 2), saved one by one, then the application's status. */
export function SignupScreen() {
  const { t } = useTranslation(['signup', 'errors']);
  const parsed = signupStepSchema.safeParse(useParams().step);
  const step = parsed.success ? parsed.data : null;
  const session = useSession();
  const companyId = session.profile?.currentClient?.companyId ?? null;
  const application = useQuery({ ...applicationQueryOptions(companyId ?? ''), enabled: companyId !== null });
  useDocumentTitle(step ? `${t(`steps.${step}`)} · ${t('title')}` : t('title'));

  if (!step) return <Redirect to={`${paths.signup}/${signupSteps[0]}`} />;
  if (!session.synchronized) return <FullPageLoader />;
  // The steps belong to a signed-in company; a visitor signs in first and comes back here from their KYC status.
  if (!session.loggedIn || !session.profile) return <Redirect to={paths.login} />;
  if (session.profile.phoneSetupRequired) return <Redirect to={paths.phoneSetup} />;
  if (session.profile.currentKycStatus === 'filled') return <Redirect to={paths.dashboard} />;

  return (
    <AuthLayout wide title={t('title')}>
      <SignupHeader />
      {application.isPending ? (
        <ContentLoader />
      ) : application.isError || !application.data ? (
        <Alert>
          {errorCodeText(t, application.error instanceof ApiError ? application.error.code : 'INTERNAL')}{' '}
          <button type="button" className="button button--secondary button--small" onClick={() => void application.refetch()}>
            {t('common:retry')}
          </button>
        </Alert>
      ) : (
        <Steps step={step} application={application.data} />
      )}
    </AuthLayout>
  );
}

function SignupHeader() {
  const { t } = useTranslation('signup');
  const session = useSession();
  return (
    <div className="signup-header">
      <p className="signup-header__company">{session.profile?.currentClient?.name}</p>
      <button type="button" className="button button--secondary button--small" onClick={() => void session.logout()}>
        {t('signOut')}
      </button>
    </div>
  );
}

function Steps({ step, application }: { step: SignupStep; application: Application }) {
  const { t } = useTranslation('signup');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // One map for the screen's life: StepForm writes its unsent values here when it leaves.
  const [drafts] = useState(() => new Map<SignupStep, FormValues>());
  const remember = useCallback((values: FormValues) => drafts.set(step, values), [drafts, step]);

  if (application.status === 'pending_approval' || application.status === 'rejected' || application.status === 'active') {
    return <ApplicationStatus application={application} />;
  }
  // A step that is not open yet (or not returned) leads to the one the KYC status names.
  if (!isStepOpen(step, application)) return <Redirect to={pathAfter(application.kycStatus)} />;

  const index = signupSteps.indexOf(step);
  const previous = signupSteps[index - 1];
  const canGoBack = previous !== undefined && isStepOpen(previous, application);
  return (
    <>
      <nav aria-label={t('stepsLabel')}>
        <ol className="signup-steps">
          {signupSteps.map((each, position) => {
            const state = stepStateOf(each, step, application);
            const name = t(`steps.${each}`);
            const content = (
              <>
                <span className="signup-steps__marker" aria-hidden="true">
                  {state === 'done' ? <CheckIcon /> : state === 'locked' ? <LockIcon /> : position + 1}
                </span>
                <span className="signup-steps__text">
                  <span className="signup-steps__name">{name}</span>
                  <span className="signup-steps__state">{t(`stepState.${state}`)}</span>
                </span>
              </>
            );
            return (
              <li key={each} className={`signup-steps__item signup-steps__item--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
                {state === 'current' || state === 'locked' ? (
                  <span className="signup-steps__body">{content}</span>
                ) : (
                  <Link className="signup-steps__body signup-steps__link" to={`${paths.signup}/${each}`}>
                    {content}
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      <p className="signup-progress">{t('stepOf', { number: index + 1, total: signupSteps.length })}</p>
      <h2 className="signup-heading">{t(`steps.${step}`)}</h2>
      <p className="signup-lead">{t(`leads.${step}`)}</p>
      <StepForm
        key={step}
        step={step}
        application={application}
        draft={drafts.get(step)}
        onLeave={remember}
        onBack={canGoBack && previous ? () => navigate(`${paths.signup}/${previous}`) : null}
        onSaved={async (answer) => {
          drafts.delete(step);
          // The profile carries the KYC status the route guard reads; the application shows the saved answers.
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: applicationQueryKey(application.companyId) }),
            queryClient.invalidateQueries({ queryKey: profileQueryKey }),
          ]);
          if (answer.next !== 'submitted') navigate(`${paths.signup}/${answer.next}`);
          window.scrollTo({ top: 0 });
        }}
      />
    </>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" strokeLinejoin="round">
      <path d="m3 8.5 3.25 3L13 4.5" />
    </svg>
  );
}

function LockIcon() {
  return (
    <svg viewBox="0 0 16 16" width="13" height="13" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round">
      <rect x="3" y="7" width="10" height="7" rx="1.5" />
      <path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" />
    </svg>
  );
}
