import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import * as phoneRoutes from '@shared/api/routes/phone-routes';
import { paths } from '@shared/routes';
import { Alert } from '@frontend/components/alert/alert';
import { AuthLayout } from '@frontend/components/auth-layout/auth-layout';
import { ApiError } from '@frontend/lib/api-error';
import { FullPageLoader } from '@frontend/components/loaders/full-page-loader';
import { TextField } from '@frontend/components/text-field/text-field';
import { entryPath } from '@frontend/app/route-guard/decide-guard';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { callApi } from '@frontend/lib/http';
import { useSession } from '@frontend/lib/session/session-context';
import { useCheckedForm } from '@frontend/lib/use-checked-form';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { codeFields, phoneFields, validateCode, validatePhone } from './phone-setup';
import { SmsCodeField } from '@frontend/components/sms-code-field/sms-code-field';
import './auth-screens.css';
import { Redirect } from '@frontend/app/page-redirect';

/**
 * /phone/setup (SPEC section 2: 'You need to setup phone and sign in again'). A user who signed in without an
 * SMS second factor enters a phone, confirms the code texted to it, and is signed out: the next sign-in asks
 * for the SMS code. Without a session the page says so and leads to sign-in.
 */
export function PhoneSetupScreen() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('phoneSetup.title'));
  const session = useSession();
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  if (!session.synchronized) return <FullPageLoader />;
  if (done) {
    return (
      <AuthLayout title={t('phoneSetup.doneTitle')} focusKey="done">
        <p className="auth-text">{t('phoneSetup.text')}</p>
        <p className="auth-text">{t('phoneSetup.doneText')}</p>
        <div className="auth-actions">
          <Link className="button" to={paths.login}>
            {t('phoneSetup.signIn')}
          </Link>
        </div>
      </AuthLayout>
    );
  }
  const profile = session.profile;
  if (profile && !profile.phoneSetupRequired) return <Redirect to={entryPath(profile) ?? paths.login} />;
  if (!profile) {
    return (
      <AuthLayout title={t('phoneSetup.title')}>
        <p className="auth-text">{t('phoneSetup.text')}</p>
        <p className="auth-text">{t('phoneSetup.help')}</p>
        <div className="auth-actions">
          <Link className="button" to={paths.login}>
            {t('phoneSetup.signIn')}
          </Link>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('phoneSetup.title')} focusKey={codeSentTo ?? 'phone'}>
      <p className="auth-text">{t('phoneSetup.text')}</p>
      {codeSentTo === null ? (
        <PhoneForm onSent={setCodeSentTo} />
      ) : (
        <CodeForm
          phone={codeSentTo}
          onChangePhone={() => setCodeSentTo(null)}
          onConfirmed={async () => {
            // The API has ended every session of the user; this device forgets its tokens too.
            setDone(true);
            await session.forget();
          }}
        />
      )}
      <p className="auth-form__aside auth-form__aside--after">
        <button type="button" className="link-button" onClick={() => void session.logout()}>
          {t('phoneSetup.logOut')}
        </button>
      </p>
    </AuthLayout>
  );
}

function PhoneForm({ onSent }: { onSent: (phone: string) => void }) {
  const { t } = useTranslation(['auth', 'errors']);
  const { formik, formRef, submit, change, blur, errorCode, formCode, invalidSubmit } = useCheckedForm<{ phone: string }, 'phone'>({
    fields: phoneFields,
    initialValues: { phone: '' },
    validate: validatePhone,
    onSubmit: async ({ phone }) => {
      const answer = await callApi(phoneRoutes.requestPhoneCode, { body: { phone: phone.trim() } });
      onSent(answer.phone);
    },
  });
  return (
    <form ref={formRef} noValidate onSubmit={submit}>
      <p className="auth-text">{t('auth:phoneSetup.help')}</p>
      <TextField
        label={t('auth:phoneSetup.phone')}
        hint={t('auth:phoneSetup.phoneHint')}
        name="phone"
        type="tel"
        autoComplete="tel"
        inputMode="numeric"
        required
        value={formik.values.phone}
        onChange={change}
        onBlur={blur}
        error={fieldErrorText(t, errorCode('phone'))}
      />
      {formCode ? <Alert>{errorCodeText(t, formCode)}</Alert> : invalidSubmit && <Alert>{t('errors:codes.VALIDATION_FAILED')}</Alert>}
      <button type="submit" className="button button--block" disabled={formik.isSubmitting} aria-busy={formik.isSubmitting}>
        {t('auth:phoneSetup.sendCode')}
      </button>
    </form>
  );
}

function CodeForm({ phone, onChangePhone, onConfirmed }: { phone: string; onChangePhone: () => void; onConfirmed: () => Promise<void> }) {
  const { t } = useTranslation(['auth', 'errors']);
  const [resent, setResent] = useState<'idle' | 'sending' | 'sent' | { failed: string }>('idle');
  const { formik, formRef, submit, change, blur, errorCode, formCode, invalidSubmit } = useCheckedForm<{ code: string }, 'code'>({
    fields: codeFields,
    initialValues: { code: '' },
    validate: validateCode,
    onSubmit: async ({ code }) => {
      await callApi(phoneRoutes.confirmPhone, { body: { code } });
      await onConfirmed();
    },
  });
  const resend = async () => {
    setResent('sending');
    try {
      await callApi(phoneRoutes.requestPhoneCode, { body: { phone } });
      setResent('sent');
    } catch (error) {
      setResent({ failed: error instanceof ApiError ? error.code : 'INTERNAL' });
    }
  };
  return (
    <form ref={formRef} noValidate onSubmit={submit}>
      <p className="auth-text">{t('auth:phoneSetup.codeSent', { phone: `+${phone}` })}</p>
      <SmsCodeField label={t('auth:verify.code')} value={formik.values.code} onChange={change} onBlur={blur} error={fieldErrorText(t, errorCode('code'))} />
      {formCode ? <Alert>{errorCodeText(t, formCode)}</Alert> : invalidSubmit && <Alert>{t('errors:codes.VALIDATION_FAILED')}</Alert>}
      <button type="submit" className="button button--block" disabled={formik.isSubmitting} aria-busy={formik.isSubmitting}>
        {t('auth:phoneSetup.confirm')}
      </button>
      <div className="auth-actions auth-actions--secondary">
        <button type="button" className="button button--secondary button--small" disabled={resent === 'sending'} aria-busy={resent === 'sending'} onClick={() => void resend()}>
          {t('auth:phoneSetup.resend')}
        </button>
        <button type="button" className="button button--secondary button--small" onClick={onChangePhone}>
          {t('auth:phoneSetup.changePhone')}
        </button>
      </div>
      <p role="status" className="auth-status">
        {resent === 'sent' ? t('auth:phoneSetup.resent') : ''}
      </p>
      {typeof resent === 'object' && <Alert>{errorCodeText(t, resent.failed)}</Alert>}
    </form>
  );
}
