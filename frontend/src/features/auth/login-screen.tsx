import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '@shared/routes';
import { Alert } from '@frontend/components/alert/alert';
import { AuthLayout } from '@frontend/components/auth-layout/auth-layout';
import { ResendLinkButton } from '@frontend/components/resend-status/resend-status';
import { TextField } from '@frontend/components/text-field/text-field';
import { entryPath } from '@frontend/app/route-guard/decide-guard';
import { preloadAuth, toAuthFailure } from '@frontend/lib/auth';
import { fieldErrorText } from '@frontend/lib/error-text';
import { useSession } from '@frontend/lib/session/session-context';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { useResendConfirmation } from '@frontend/lib/use-resend-confirmation';
import { useZodForm } from '@frontend/lib/use-zod-form';
import { signInErrorKey, type SignInErrorKey } from './auth-errors';
import { loginSchema, type LoginValues } from '@shared/auth';
import { useFollowSignIn } from './use-follow-sign-in';
import './auth-screens.css';

export function LoginScreen() {
  const { t } = useTranslation(['auth', 'errors']);
  useDocumentTitle(t('auth:login.title'));
  const { loggedIn, profile, signIn, logout } = useSession();
  const followSignIn = useFollowSignIn();
  const [failure, setFailure] = useState<SignInErrorKey | null>(null);
  // The e-mail of the last sign-in attempt: an unconfirmed one can ask for a new confirmation link.
  const [attemptedEmail, setAttemptedEmail] = useState('');
  const resend = useResendConfirmation();
  const [leaving, setLeaving] = useState(false);
  // Someone is signed in already: offer the way in, or, when the portal has none for them, a way out.
  const signedIn = loggedIn && profile ? { email: profile.email, entry: entryPath(profile) } : null;

  const form = useZodForm<LoginValues>({
    initialValues: { email: '', password: '' },
    schema: loginSchema,
    onSubmit: async ({ email, password }) => {
      setFailure(null);
      setAttemptedEmail(email.trim());
      resend.reset();
      try {
        setFailure(await followSignIn(await signIn(email.trim(), password)));
      } catch (error) {
        setFailure(signInErrorKey(toAuthFailure(error)));
      }
    },
  });
  const errorOf = (field: keyof LoginValues) =>
    form.touched[field] ? fieldErrorText(t, form.errors[field]) : undefined;

  return (
    <AuthLayout
      title={t('auth:login.title')}
      secondary={{ prompt: t('auth:login.noAccount'), label: t('auth:login.signUp'), to: paths.signup }}
    >
      {signedIn && (
        <Alert tone="info">
          <p>
            {t('auth:login.signedInAs', { email: signedIn.email })}{' '}
            {signedIn.entry ? (
              <Link to={signedIn.entry}>{t('auth:login.continue')}</Link>
            ) : (
              t('auth:login.noCompanyAccess')
            )}
          </p>
          {!signedIn.entry && (
            <p>
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={leaving}
                aria-busy={leaving}
                onClick={() => {
                  setLeaving(true);
                  void logout().finally(() => setLeaving(false));
                }}
              >
                {t('common:nav.logout')}
              </button>
            </p>
          )}
        </Alert>
      )}
      {failure && <Alert>{t(`errors:${failure}`)}</Alert>}
      {failure === 'login.emailNotConfirmed' && attemptedEmail && (
        <ResendLinkButton label={t('auth:login.resendLink')} email={attemptedEmail} resend={resend} />
      )}
      <form noValidate onSubmit={form.handleSubmit} onFocus={preloadAuth}>
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
        <p className="auth-form__aside">
          <Link to={paths.resetRequest}>{t('auth:login.forgotPassword')}</Link>
        </p>
        <button type="submit" className="button button--block" disabled={form.isSubmitting} aria-busy={form.isSubmitting}>
          {t('auth:login.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}
