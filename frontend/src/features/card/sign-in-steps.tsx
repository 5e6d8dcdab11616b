import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as cardholderRoutes from '@shared/api/routes/cardholder-routes';
import { smsCodeSchema, type SmsCodeValues } from '@shared/auth';
import { cardholderPhoneSchema, type CardholderPhoneValues } from '@shared/cardholder';
import { Alert } from '@frontend/components/alert/alert';
import { AuthLayout } from '@frontend/components/auth-layout/auth-layout';
import { SmsCodeField } from '@frontend/components/sms-code-field/sms-code-field';
import { TextField } from '@frontend/components/text-field/text-field';
import { ApiError, errorCodeOf } from '@frontend/lib/api-error';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { useZodForm } from '@frontend/lib/use-zod-form';
import { callCard } from './card-api';
import type { CardSession } from './card-session';

/** Step 1: the phone the employer recorded; the same answer comes whether or not a card belongs to it. */
export function PhoneStep({ endedBecause, onSent }: { endedBecause: string | null; onSent: (phone: string) => void }) {
  const { t } = useTranslation(['card', 'errors']);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm<CardholderPhoneValues>({
    initialValues: { phone: '' },
    schema: cardholderPhoneSchema,
    onSubmit: async ({ phone }) => {
      setFailure(null);
      const trimmed = phone.trim();
      try {
        await callCard(cardholderRoutes.requestSignInCode, { body: { phone: trimmed } });
        onSent(trimmed);
      } catch (error) {
        // A code went to this phone moments ago and is still good: the employee goes on to type it.
        if (errorCodeOf(error) === 'TOO_MANY_REQUESTS') onSent(trimmed);
        else setFailure(errorCodeOf(error));
      }
    },
  });
  return (
    <AuthLayout title={t('card:signIn.title')} focusKey={endedBecause ?? undefined}>
      {endedBecause && <Alert tone="info">{errorCodeText(t, endedBecause)}</Alert>}
      <p className="card-text">{t('card:signIn.text')}</p>
      <form noValidate onSubmit={form.handleSubmit}>
        <TextField
          label={t('card:signIn.phone')}
          hint={t('card:signIn.phoneHint')}
          name="phone"
          type="tel"
          autoComplete="tel"
          inputMode="numeric"
          required
          value={form.values.phone}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          error={form.touched.phone ? fieldErrorText(t, form.errors.phone) : undefined}
        />
        {failure && <Alert>{errorCodeText(t, failure)}</Alert>}
        <button type="submit" className="button button--block" disabled={form.isSubmitting} aria-busy={form.isSubmitting}>
          {t('card:signIn.sendCode')}
        </button>
      </form>
    </AuthLayout>
  );
}

/** Step 2: the 6-digit code from the SMS; a wrong one shows on the field, an expired one asks for a new code. */
export function CodeStep({ phone, onSignedIn, onChangePhone }: { phone: string; onSignedIn: (session: CardSession) => void; onChangePhone: () => void }) {
  const { t } = useTranslation(['card', 'errors']);
  const [failure, setFailure] = useState<string | null>(null);
  const [codeRefused, setCodeRefused] = useState<string | undefined>(undefined);
  const [resend, setResend] = useState<'idle' | 'sending' | 'sent'>('idle');
  const form = useZodForm<SmsCodeValues>({
    initialValues: { code: '' },
    schema: smsCodeSchema,
    onSubmit: async ({ code }) => {
      setFailure(null);
      try {
        onSignedIn(await callCard(cardholderRoutes.signIn, { body: { phone, code } }));
      } catch (error) {
        const field = error instanceof ApiError ? error.fields.code : undefined;
        setCodeRefused(field);
        if (!field) setFailure(errorCodeOf(error));
      }
    },
  });
  const sendAgain = async () => {
    setFailure(null);
    setResend('sending');
    try {
      await callCard(cardholderRoutes.requestSignInCode, { body: { phone } });
      setResend('sent');
    } catch (error) {
      setResend('idle');
      setFailure(errorCodeOf(error));
    }
  };
  const shownError = (form.touched.code ? form.errors.code : undefined) ?? codeRefused;
  return (
    <AuthLayout title={t('card:code.title')} focusKey={phone}>
      <p className="card-text">{t('card:code.text', { phone: `+${phone}` })}</p>
      <form noValidate onSubmit={form.handleSubmit}>
        <SmsCodeField
          label={t('card:code.label')}
          value={form.values.code}
          onChange={(event) => {
            setCodeRefused(undefined);
            void form.setFieldValue('code', event.target.value);
          }}
          onBlur={form.handleBlur}
          error={fieldErrorText(t, shownError)}
        />
        {failure && <Alert>{errorCodeText(t, failure)}</Alert>}
        <button type="submit" className="button button--block" disabled={form.isSubmitting} aria-busy={form.isSubmitting}>
          {t('card:code.submit')}
        </button>
      </form>
      <div className="card-actions">
        <button type="button" className="button button--secondary button--small" disabled={resend === 'sending'} aria-busy={resend === 'sending'} onClick={() => void sendAgain()}>
          {t('card:code.resend')}
        </button>
        <button type="button" className="button button--secondary button--small" onClick={onChangePhone}>
          {t('card:code.changePhone')}
        </button>
      </div>
      <p role="status" className="card-status-message">
        {resend === 'sent' ? t('card:code.resent') : ''}
      </p>
    </AuthLayout>
  );
}
