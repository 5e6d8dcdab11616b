import { useEffect, useState, type ReactNode } from 'react';
import { Alert } from '@frontend/components/alert/alert';
import { AuthCard, AuthSecondary, authSecondaryLinkClass } from '@frontend/components/auth-layout/auth-card';
import { SmsCodeField } from '@frontend/components/sms-code-field/sms-code-field';
import { toAuthFailure, type SignInOutcome } from '@frontend/lib/auth';
import { fieldErrorText } from '@frontend/lib/error-text';
import type { Translate } from '@frontend/lib/lite-i18n';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { useZodForm, type SchemaSource } from '@frontend/lib/use-zod-form';
import { paths } from '@shared/routes';
import { codeErrorKey, type SignInErrorKey } from './auth-errors';
import './auth-screens.css';

/** The Cognito steps of the SMS code, from the page that holds the sign-in (the sign-in page, or the portal's invitation). */
export interface CodeStep {
  /** A reloaded page no longer holds the sign-in, so it cannot ask for another code; sign-in starts over then. */
  canResend(): Promise<boolean>;
  resend(): Promise<SignInOutcome>;
  confirm(code: string): Promise<SignInOutcome>;
  /** Takes the sign-in on from an outcome; the message to show when it cannot go on. */
  follow(outcome: SignInOutcome): Promise<SignInErrorKey | null>;
  schema: SchemaSource;
}

interface PhoneVerifyCardProps {
  t: Translate;
  step: CodeStep;
  /** A link to another screen: the router's in the portal, the page's own on the sign-in page. */
  link: (to: string, children: ReactNode, className?: string) => ReactNode;
}

/** Second factor: the 6-digit code Cognito sent by SMS after the password was accepted. */
export function PhoneVerifyCard({ t, step, link }: PhoneVerifyCardProps) {
  useDocumentTitle(t('auth:verify.title'));
  const [failure, setFailure] = useState<SignInErrorKey | null>(null);
  const [resendable, setResendable] = useState(false);
  const [resend, setResend] = useState<'idle' | 'sending' | 'sent'>('idle');
  const { canResend } = step;
  useEffect(() => {
    let active = true;
    void canResend().then((can) => {
      if (active) setResendable(can);
    });
    return () => {
      active = false;
    };
  }, [canResend]);

  const sendAgain = async () => {
    setFailure(null);
    setResend('sending');
    try {
      const outcome = await step.resend();
      if (outcome === 'code-required') {
        setResend('sent');
        return;
      }
      setResend('idle');
      setFailure(await step.follow(outcome));
    } catch (error) {
      setResend('idle');
      setFailure(codeErrorKey(toAuthFailure(error)));
    }
  };

  const form = useZodForm<{ code: string }>({
    initialValues: { code: '' },
    schema: step.schema,
    // What validates and sends the form could not load (offline): nothing was sent.
    onUnavailable: () => setFailure('generic.somethingWrong'),
    onSubmit: async ({ code }) => {
      setFailure(null);
      try {
        const outcome = await step.confirm(code.trim());
        // Cognito asking for a code again means this one was not accepted.
        setFailure(outcome === 'code-required' ? 'verify.invalidCode' : await step.follow(outcome));
      } catch (error) {
        setFailure(codeErrorKey(toAuthFailure(error)));
      }
    },
  });

  return (
    <AuthCard
      title={t('auth:verify.title')}
      after={<AuthSecondary prompt={t('auth:verify.wrongAccount')} link={link(paths.login, t('auth:backToLogin'), authSecondaryLinkClass)} />}
    >
      <p className="auth-text">{t('auth:verify.text')}</p>
      {failure && (
        <Alert>
          <p>{t(`errors:${failure}`)}</p>
          {failure === 'verify.sessionExpired' && <p>{link(paths.login, t('auth:verify.signInAgain'))}</p>}
        </Alert>
      )}
      <form noValidate onSubmit={form.handleSubmit} onFocus={form.preload}>
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
    </AuthCard>
  );
}
