import { Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { signupStepSchema, signupSteps } from '@shared/kyc';
import { paths } from '@shared/routes';
import { AuthLayout } from '@frontend/components/auth-layout/auth-layout';
import { EmptyState } from '@frontend/components/empty-state/empty-state';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import './signup-screen.css';

/** /signup/:step — the six onboarding steps (SPEC section 2); the forms arrive with the sign-up issue. */
export function SignupScreen() {
  const { t } = useTranslation('signup');
  const parsed = signupStepSchema.safeParse(useParams().step);
  const step = parsed.success ? parsed.data : null;
  useDocumentTitle(step ? `${t(`steps.${step}`)} · ${t('title')}` : t('title'));
  if (!step) return <Navigate to={`${paths.signup}/${signupSteps[0]}`} replace />;

  const index = signupSteps.indexOf(step);
  return (
    <AuthLayout
      wide
      title={t('title')}
      secondary={{ prompt: t('haveAccount'), label: t('signIn'), to: paths.login }}
    >
      <nav aria-label={t('stepsLabel')}>
        <ol className="signup-steps">
          {signupSteps.map((each, position) => (
            <li
              key={each}
              className={`signup-steps__item${each === step ? ' signup-steps__item--current' : ''}${position < index ? ' signup-steps__item--done' : ''}`}
              aria-current={each === step ? 'step' : undefined}
            >
              <span className="signup-steps__number" aria-hidden="true">
                {position + 1}
              </span>
              <span className="signup-steps__name">{t(`steps.${each}`)}</span>
            </li>
          ))}
        </ol>
      </nav>
      <p className="signup-progress">{t('stepOf', { number: index + 1, total: signupSteps.length })}</p>
      <h2 className="signup-heading">{t(`steps.${step}`)}</h2>
      <EmptyState title={t('comingSoon.title')} headingLevel={3}>
        <p>{t('comingSoon.text')}</p>
      </EmptyState>
    </AuthLayout>
  );
}
