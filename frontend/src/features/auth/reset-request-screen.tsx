import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { passwordResetRequestSchema } from '@shared/account';
import { paths } from '@shared/routes';
import { Alert } from '@frontend/components/alert/alert';
import { AuthLayout } from '@frontend/components/auth-layout/auth-layout';
import { TextField } from '@frontend/components/text-field/text-field';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { callApi } from '@frontend/lib/http';
import { useCheckedForm } from '@frontend/lib/use-checked-form';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { prefilledEmail, resetRequestFields, validateResetRequest, type ResetRequestValues } from './password-reset';
import './auth-screens.css';
import * as accountRoutes from '@shared/api/routes/account-routes';

/**
 * /reset/password/request: asks for a link to set a new password (SPEC sections 2 and 8). The API answers every
 * address alike (issue 30: nobody learns which addresses have an account, or which are confirmed), so the status says
 * only what went out if the account exists: a reset link, or for an address not confirmed yet a new confirmation
 * link.
 */
export function ResetRequestScreen() {
  const { t } = useTranslation(['auth', 'errors']);
  useDocumentTitle(t('auth:resetRequest.title'));
  const initialEmail = prefilledEmail(useLocation().state);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const { formik, formRef, submit, change, blur, errorCode, formCode, invalidSubmit } = useCheckedForm<ResetRequestValues, 'email'>({
    fields: resetRequestFields,
    initialValues: { email: initialEmail },
    validate: validateResetRequest,
    onSubmit: async (values) => {
      const body = passwordResetRequestSchema.parse(values);
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
