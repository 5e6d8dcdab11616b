import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '@shared/routes';
import { Alert } from '@frontend/components/alert/alert';
import { AuthLayout } from '@frontend/components/auth-layout/auth-layout';
import { canResendCode, confirmCode, resendCode, toAuthFailure } from '@frontend/lib/auth';
import { fieldErrorText } from '@frontend/lib/error-text';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { useZodForm } from '@frontend/lib/use-zod-form';
import { codeErrorKey, type SignInErrorKey } from './auth-errors';
import { smsCodeSchema, type SmsCodeValues } from '@shared/auth';
import { SmsCodeField } from '@frontend/components/sms-code-field/sms-code-field';
import { useFollowSignIn } from './use-follow-sign-in';
import './auth-screens.css';

/** Second factor: the 6-digit code Cognito sent by SMS after the password was accepted. */
export function PhoneVerifyScreen() {
  const { t } = useTranslation(['auth', 'errors']);
  useDocumentTitle(t('auth:verify.title'));
  const followSignIn = useFollowSignIn();
  const [failure, setFailure] = useState<SignInErrorKey | null>(null);
  // A reloaded page no longer holds the sign-in, so it cannot ask for another code; sign-in starts over then.
  const [resendable, setResendable] = useState(false);
  const [resend, setResend] = useState<'idle' | 'sending' | 'sent'>('idle');
  useEffect(() => {
    let active = true;
    void canResendCode().then((can) => {
      if (active) setResendable(can);
    });
    return () => {
      active = false;
    };
  }, []);

  const sendAgain = async () => {
    setFailure(null);
    setResend('sending');
    try {
      const outcome = await resendCode();
      if (outcome === 'code-required') {
        setResend('sent');
        return;
      }
      setResend('idle');
      setFailure(await followSignIn(outcome));
    } catch (error) {
      setResend('idle');
      setFailure(codeErrorKey(toAuthFailure(error)));
    }
  };

  const form = useZodForm<SmsCodeValues>({
    initialValues: { code: '' },
    schema: smsCodeSchema,
    onSubmit: async ({ code }) => {
      setFailure(null);
      try {
        const outcome = await confirmCode(code.trim());
        // Cognito asking for a code again means this one was not accepted.
        setFailure(outcome === 'code-required' ? 'verify.invalidCode' : await followSignIn(outcome));
      } catch (error) {
        setFailure(codeErrorKey(toAuthFailure(error)));
      }
    },
  });

  return (
    <AuthLayout
      title={t('auth:verify.title')}
      secondary={{ prompt: t('auth:verify.wrongAccount'), label: t('auth:backToLogin'), to: paths.login }}
    >
      <p className="auth-text">{t('auth:verify.text')}</p>
      {failure && (
        <Alert>
          <p>{t(`errors:${failure}`)}</p>
          {failure === 'verify.sessionExpired' && (
            <p>
              <Link to={paths.login}>{t('auth:verify.signInAgain')}</Link>
            </p>
          )}
        </Alert>
      )}
      <form noValidate onSubmit={form.handleSubmit}>
        <SmsCodeField
          label={t('auth:verify.code')}
          value={form.values.code}
          onChange={(event) => form.setFieldValue('code', event.target.value)}
          onBlur={form.handleBlur}
          error={form.touched.code ? fieldErrorText(t, form.errors.code) : undefined}
        />
        <button type="submit" className="button button--block" disabled={form.isSubmitting} aria-busy={form.isSubmitting}>
          {t('auth:verify.submit')}
        </button>
      </form>
      {resendable && (
        <div className="auth-actions">
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={resend === 'sending'}
            aria-busy={resend === 'sending'}
            onClick={() => void sendAgain()}
          >
            {t('auth:verify.resend')}
          </button>
        </div>
      )}
      <p role="status" className="auth-status">
        {resend === 'sent' ? t('auth:verify.resent') : ''}
      </p>
    </AuthLayout>
  );
}
