import { useState } from 'react';
import type { SmsCodeValues } from '@shared/auth';
import type { CardholderPhoneValues } from '@shared/cardholder';
import { Alert } from '@frontend/components/alert/alert';
import { AuthCard } from '@frontend/components/auth-layout/auth-card';
import { SmsCodeField } from '@frontend/components/sms-code-field/sms-code-field';
import { TextField } from '@frontend/components/text-field/text-field';
import { ApiError, errorCodeOf } from '@frontend/lib/api-error';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { useLiteTranslation } from '@frontend/lib/lite-i18n';
import { useZodForm } from '@frontend/lib/use-zod-form';
import { formatDate } from '@shared/date-format';
import { callCard, loadCardCalls } from './card-api';
import type { CardSession } from './card-session';

const phoneRules = async () => (await loadCardCalls()).cardFormSchemas.phone;

/** A refused step: its code, and for a phone locked after too many wrong codes, until when (issue 30). */
interface StepFailure {
  code: string;
  lockedUntil: Date | null;
}

function stepFailure(error: unknown): StepFailure {
  const lockedFor = error instanceof ApiError && error.code === 'CARDHOLDER_SIGN_IN_LOCKED' ? error.retryAfterSeconds : null;
  return { code: errorCodeOf(error), lockedUntil: lockedFor === null ? null : new Date(Date.now() + lockedFor * 1000) };
}

function FailureAlert({ failure }: { failure: StepFailure }) {
  const { t } = useLiteTranslation();
  const text = failure.lockedUntil ? t('card:signIn.locked', { time: formatDate(failure.lockedUntil, { withTime: true }) }) : errorCodeText(t, failure.code);
  return <Alert>{text}</Alert>;
}

const failed = (code: string): StepFailure => ({ code, lockedUntil: null });
const codeRules = async () => (await loadCardCalls()).cardFormSchemas.code;

/** Step 1: the phone the employer recorded; the same answer comes whether or not a card belongs to it. */
export function PhoneStep({ endedBecause, onSent }: { endedBecause: string | null; onSent: (phone: string) => void }) {
  const { t } = useLiteTranslation();
  const [failure, setFailure] = useState<StepFailure | null>(null);
  const form = useZodForm<CardholderPhoneValues>({
    initialValues: { phone: '' },
    schema: phoneRules,
    onUnavailable: () => setFailure(failed('NETWORK')),
    onSubmit: async ({ phone }) => {
      setFailure(null);
      const trimmed = phone.trim();
      try {
        await callCard('requestSignInCode', { body: { phone: trimmed } });
        onSent(trimmed);
      } catch (error) {
        // A code went to this phone moments ago and is still good: the employee goes on to type it.
        if (errorCodeOf(error) === 'TOO_MANY_REQUESTS') onSent(trimmed);
        else setFailure(stepFailure(error));
      }
    },
  });
  return (
    <AuthCard title={t('card:signIn.title')} focusKey={endedBecause ?? undefined}>
      {endedBecause && <Alert tone="info">{errorCodeText(t, endedBecause)}</Alert>}
      <p className="card-text">{t('card:signIn.text')}</p>
      <form noValidate onSubmit={form.handleSubmit} onFocus={form.preload}>
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
        {failure && <FailureAlert failure={failure} />}
        <button type="submit" className="button button--block" disabled={form.isSubmitting} aria-busy={form.isSubmitting}>
          {t('card:signIn.sendCode')}
        </button>
      </form>
    </AuthCard>
  );
}

/** Step 2: the 6-digit code from the SMS; a wrong one shows on the field, an expired one asks for a new code. */
export function CodeStep({ phone, onSignedIn, onChangePhone }: { phone: string; onSignedIn: (session: CardSession) => void; onChangePhone: () => void }) {
  const { t } = useLiteTranslation();
  const [failure, setFailure] = useState<StepFailure | null>(null);
  const [codeRefused, setCodeRefused] = useState<string | undefined>(undefined);
  const [resend, setResend] = useState<'idle' | 'sending' | 'sent'>('idle');
  const form = useZodForm<SmsCodeValues>({
    initialValues: { code: '' },
    schema: codeRules,
    onUnavailable: () => setFailure(failed('NETWORK')),
    onSubmit: async ({ code }) => {
      setFailure(null);
      try {
        onSignedIn(await callCard('signIn', { body: { phone, code } }));
      } catch (error) {
        const field = error instanceof ApiError ? error.fields.code : undefined;
        setCodeRefused(field);
        if (!field) setFailure(stepFailure(error));
      }
    },
  });
  const sendAgain = async () => {
    setFailure(null);
    setResend('sending');
    try {
      await callCard('requestSignInCode', { body: { phone } });
      setResend('sent');
    } catch (error) {
      setResend('idle');
      setFailure(stepFailure(error));
    }
  };
  const shownError = (form.touched.code ? form.errors.code : undefined) ?? codeRefused;
  return (
    <AuthCard title={t('card:code.title')} focusKey={phone}>
      <p className="card-text">{t('card:code.text', { phone: `+${phone}` })}</p>
      <form noValidate onSubmit={form.handleSubmit} onFocus={form.preload}>
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
        {failure && <FailureAlert failure={failure} />}
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
    </AuthCard>
  );
}
