import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { passwordResetRequestSchema } from '@shared/account';
import { paths } from '@shared/routes';
import { Alert } from '@frontend/components/alert/alert';
import { AuthLayout } from '@frontend/components/auth-layout/auth-layout';
import { ResendLinkButton } from '@frontend/components/resend-status/resend-status';
import { TextField } from '@frontend/components/text-field/text-field';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { callApi } from '@frontend/lib/http';
import { useCheckedForm } from '@frontend/lib/use-checked-form';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { useResendConfirmation } from '@frontend/lib/use-resend-confirmation';
import { prefilledEmail, resetRequestFields, validateResetRequest, type ResetRequestValues } from './password-reset';
import './auth-screens.css';
import * as accountRoutes from '@shared/api/routes/account-routes';

/**
 * /reset/password/request: asks for a link to set a new password (SPEC sections 2 and 8). The API answers an
 * unknown e-mail like a known one, so the status says only that a link went out if the account exists; an
 * unconfirmed e-mail is told so, with a new confirmation link on offer.
 */
export function ResetRequestScreen() {
  const { t } = useTranslation(['auth', 'errors']);
  useDocumentTitle(t('auth:resetRequest.title'));
  const initialEmail = prefilledEmail(useLocation().state);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // The e-mail of the last request: an unconfirmed one can ask for a new confirmation link.
  const [requestedEmail, setRequestedEmail] = useState('');
  const resend = useResendConfirmation();

  const { formik, formRef, submit, change, blur, errorCode, formCode, invalidSubmit } = useCheckedForm<ResetRequestValues, 'email'>({
    fields: resetRequestFields,
    initialValues: { email: initialEmail },
    validate: validateResetRequest,
    onSubmit: async (values) => {
      const body = passwordResetRequestSchema.parse(values);
      setRequestedEmail(body.email);
      resend.reset();
      await callApi(accountRoutes.requestPasswordReset, { body });
      setSentTo(body.email);
    },
  });

  return (
    // The form is replaced by the status when the request went out, so the focus goes to the title then.
    <AuthLayout title={t('auth:resetRequest.title')} focusKey={sentTo === null ? undefined : 'sent'}>
      {sentTo === null && (
        <>
          <p className="auth-text">{t('auth:resetRequest.text')}</p>
          <form ref={formRef} noValidate onSubmit={submit}>
            <TextField
              label={t('auth:resetRequest.email')}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              value={formik.values.email}
              onChange={change}
              onBlur={blur}
              error={fieldErrorText(t, errorCode('email'))}
            />
            {formCode ? (
              <Alert>{errorCodeText(t, formCode)}</Alert>
            ) : (
              invalidSubmit && <Alert>{t('errors:codes.VALIDATION_FAILED')}</Alert>
            )}
            {formCode === 'EMAIL_NOT_CONFIRMED' && requestedEmail && (
              <ResendLinkButton label={t('auth:resetRequest.resendLink')} email={requestedEmail} resend={resend} />
            )}
            <button type="submit" className="button button--block" disabled={formik.isSubmitting} aria-busy={formik.isSubmitting}>
              {t('auth:resetRequest.submit')}
            </button>
          </form>
        </>
      )}
      {/* Present before the answer, so a screen reader announces the text when it appears. */}
      <p role="status" className="auth-status auth-wraps">
        {sentTo === null ? '' : t('auth:resetRequest.sent', { email: sentTo })}
      </p>
      <p className="auth-form__aside auth-form__aside--after">
        <Link to={paths.login}>{t('auth:backToLogin')}</Link>
      </p>
    </AuthLayout>
  );
}
