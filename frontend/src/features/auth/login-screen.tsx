import { useState, type ReactNode } from 'react';
import { paths, sessionsEndedReasonOf } from '@shared/routes';
import { Alert } from '@frontend/components/alert/alert';
import { AuthCard, AuthSecondary, authSecondaryLinkClass } from '@frontend/components/auth-layout/auth-card';
import { ResendLink } from '@frontend/components/resend-status/resend-link';
import { TextField } from '@frontend/components/text-field/text-field';
import { toAuthFailure, type SignInOutcome } from '@frontend/lib/auth';
import { fieldErrorText } from '@frontend/lib/error-text';
import { useLiteTranslation } from '@frontend/lib/lite-i18n';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { useResendLink } from '@frontend/lib/use-resend-link';
import { useZodForm, type SchemaSource } from '@frontend/lib/use-zod-form';
import { signInErrorKey, type SignInErrorKey } from './auth-errors';
import type { SignedInAs } from './sign-in-calls';
import './auth-screens.css';

export interface LoginActions {
  signIn(email: string, password: string): Promise<SignInOutcome>;
  follow(outcome: SignInOutcome): Promise<SignInErrorKey | null>;
  logOut(): Promise<void>;
  resendConfirmation(email: string): Promise<void>;
  /** Starts loading what signing in needs (the visitor focused the form). */
  preload(): void;
  schema: SchemaSource;
}

interface LoginScreenProps {
  signedInAs: SignedInAs | null;
  actions: LoginActions;
  link: (to: string, children: ReactNode, className?: string) => ReactNode;
}

/** SPEC section 2 /login: e-mail and password, on the sign-in page (sign-in.html), which owns its steps. */
export function LoginScreen({ signedInAs, actions, link }: LoginScreenProps) {
  const { t } = useLiteTranslation();
  useDocumentTitle(t('auth:login.title'));
  const [failure, setFailure] = useState<SignInErrorKey | null>(null);
  // The e-mail of the last sign-in attempt: an unconfirmed one can ask for a new confirmation link.
  const [attemptedEmail, setAttemptedEmail] = useState('');
  const resend = useResendLink(actions.resendConfirmation);
  const [leaving, setLeaving] = useState(false);
  // Every session of the account ended (Settings, a password change): the page says why it asks to sign in again.
  const [sessionsEnded] = useState(() => sessionsEndedReasonOf(window.location.search));

  const form = useZodForm<{ email: string; password: string }>({
    initialValues: { email: '', password: '' },
    schema: actions.schema,
    // What validates and sends the form could not load (offline): nothing was sent.
    onUnavailable: () => setFailure('generic.somethingWrong'),
    onSubmit: async ({ email, password }) => {
      setFailure(null);
      setAttemptedEmail(email.trim());
      resend.reset();
      try {
        setFailure(await actions.follow(await actions.signIn(email.trim(), password)));
      } catch (error) {
        setFailure(signInErrorKey(toAuthFailure(error)));
      }
    },
  });
  const errorOf = (field: 'email' | 'password') => (form.touched[field] ? fieldErrorText(t, form.errors[field]) : undefined);

  return (
    <AuthCard
      title={t('auth:login.title')}
      after={<AuthSecondary prompt={t('auth:login.noAccount')} link={link(paths.signup, t('auth:login.signUp'), authSecondaryLinkClass)} />}
    >
      {signedInAs && (
        <Alert tone="info">
          <p>
            {t('auth:login.signedInAs', { email: signedInAs.email })}{' '}
            {signedInAs.entry ? link(signedInAs.entry, t('auth:login.continue')) : t('auth:login.noCompanyAccess')}
          </p>
          {!signedInAs.entry && (
            <p>
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={leaving}
                aria-busy={leaving}
                onClick={() => {
                  setLeaving(true);
                  void actions.logOut().finally(() => setLeaving(false));
                }}
              >
                {t('common:nav.logout')}
              </button>
            </p>
          )}
        </Alert>
      )}
      {sessionsEnded && !signedInAs && !failure && <Alert tone="info">{t(`auth:login.ended.${sessionsEnded}`)}</Alert>}
      {failure && <Alert>{t(`errors:${failure}`)}</Alert>}
      {failure === 'login.emailNotConfirmed' && attemptedEmail && (
        <ResendLink label={t('auth:login.resendLink')} email={attemptedEmail} resend={resend} t={t} />
      )}
      <form
        noValidate
        onSubmit={form.handleSubmit}
        onFocus={() => {
          form.preload();
          actions.preload();
        }}
      >
        <TextField
          label={t('auth:login.email')}
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          value={form.values.email}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          error={errorOf('email')}
        />
        <TextField
          label={t('auth:login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={form.values.password}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          error={errorOf('password')}
        />
        <p className="auth-form__aside">{link(paths.resetRequest, t('auth:login.forgotPassword'))}</p>
        <button type="submit" className="button button--block" disabled={form.isSubmitting} aria-busy={form.isSubmitting}>
          {t('auth:login.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
