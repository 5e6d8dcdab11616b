import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { readConfirmationToken, resendConfirmationSchema } from '@shared/account';
import { paths } from '@shared/routes';
import { Alert } from '@frontend/components/alert/alert';
import { AuthLayout } from '@frontend/components/auth-layout/auth-layout';
import { ResendStatus } from '@frontend/components/resend-status/resend-status';
import { TextField } from '@frontend/components/text-field/text-field';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { callApi } from '@frontend/lib/http';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { useResendConfirmation } from '@frontend/lib/use-resend-confirmation';
import { useZodForm } from '@frontend/lib/use-zod-form';
import { confirmFailure, type ConfirmOutcome } from './email-confirmation';
import './auth-screens.css';
import * as accountRoutes from '@shared/api/routes/account-routes';

/**
 * /users/email/confirm/{token}: confirms the e-mail once on opening (SPEC section 8), and offers a new link
 * when this one has expired, was used, or is not valid.
 */
export function EmailConfirmScreen() {
  const { t } = useTranslation(['auth', 'errors']);
  const token = useParams().token ?? '';
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<ConfirmOutcome>({ status: 'confirming' });
  // A confirmation code works once: React's StrictMode runs effects twice, so each attempt is sent only once.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    const key = `${attempt}:${token}`;
    if (sent.current === key) return;
    sent.current = key;
    callApi(accountRoutes.confirmEmail, { body: { token } }).then(
      () => setOutcome({ status: 'confirmed' }),
      (error: unknown) => setOutcome(confirmFailure(error)),
    );
  }, [token, attempt]);

  const title = outcome.status === 'confirmed' ? t('auth:emailConfirm.confirmedTitle') : t('auth:emailConfirm.title');
  useDocumentTitle(title);

  return (
    // The content is replaced when the answer comes, so the focus goes to the title then.
    <AuthLayout title={title} focusKey={outcome.status === 'confirming' ? undefined : outcome.status}>
      {outcome.status === 'confirming' && (
        <p role="status" className="auth-text">
          {t('auth:emailConfirm.confirming')}
        </p>
      )}
      {outcome.status === 'confirmed' && (
        <>
          <p className="auth-text">{t('auth:emailConfirm.confirmedText')}</p>
          <SignInLink />
        </>
      )}
      {outcome.status === 'linkFailed' && (
        <>
          <Alert>{errorCodeText(t, outcome.code)}</Alert>
          <NewLinkForm initialEmail={readConfirmationToken(token)?.email ?? ''} />
        </>
      )}
      {outcome.status === 'failed' && (
        <>
          <Alert>{errorCodeText(t, outcome.code)}</Alert>
          <div className="auth-actions">
            <button
              type="button"
              className="button"
              onClick={() => {
                setOutcome({ status: 'confirming' });
                setAttempt((current) => current + 1);
              }}
            >
              {t('auth:emailConfirm.retry')}
            </button>
            <Link className="button button--secondary" to={paths.login}>
              {t('auth:backToLogin')}
            </Link>
          </div>
        </>
      )}
    </AuthLayout>
  );
}

function SignInLink() {
  const { t } = useTranslation('auth');
  return (
    <div className="auth-actions">
      <Link className="button" to={paths.login}>
        {t('emailConfirm.signIn')}
      </Link>
    </div>
  );
}

/** Asks for a new confirmation link; the e-mail is prefilled from the link when it carries one. */
function NewLinkForm({ initialEmail }: { initialEmail: string }) {
  const { t } = useTranslation(['auth', 'errors']);
  const resend = useResendConfirmation();
  const form = useZodForm<{ email: string }>({
    initialValues: { email: initialEmail },
    schema: resendConfirmationSchema,
    onSubmit: ({ email }) => resend.send(email),
  });
  return (
    <form noValidate onSubmit={form.handleSubmit}>
      <p className="auth-text">{t('auth:emailConfirm.newLinkText')}</p>
      <TextField
        label={t('auth:emailConfirm.email')}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={form.values.email}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        error={form.touched.email ? fieldErrorText(t, form.errors.email) : undefined}
      />
      <button type="submit" className="button button--block" disabled={form.isSubmitting} aria-busy={form.isSubmitting}>
        {t('auth:emailConfirm.sendNewLink')}
      </button>
      <ResendStatus state={resend.state} />
      <p className="auth-form__aside auth-form__aside--after">
        <Link to={paths.login}>{t('auth:backToLogin')}</Link>
      </p>
    </form>
  );
}
