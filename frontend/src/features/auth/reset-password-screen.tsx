import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { readConfirmationToken } from '@shared/account';
import { paths } from '@shared/routes';
import { Alert } from '@frontend/components/alert/alert';
import { AuthLayout } from '@frontend/components/auth-layout/auth-layout';
import { errorCodeText } from '@frontend/lib/error-text';
import { callApi } from '@frontend/lib/http';
import { useCheckedForm } from '@frontend/lib/use-checked-form';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import {
  newPasswordFields,
  readableResetLink,
  resetLinkFailure,
  validateNewPassword,
  type NewPasswordField,
  type NewPasswordValues,
  type ResetLinkFailureCode,
  type ResetRequestState,
} from './password-reset';
import { NewPasswordFields } from './new-password-fields';
import './auth-screens.css';
import * as accountRoutes from '@shared/api/routes/account-routes';

type ResetOutcome =
  | { status: 'form' }
  | { status: 'changed' }
  /** `onOpening`: the link was refused as it opened, not in place of a form the visitor had used. */
  | { status: 'linkFailed'; code: ResetLinkFailureCode; onOpening: boolean };

/** /reset/password/{token}: a new password with the e-mailed link (SPEC sections 2, 5 and 8). */
export function ResetPasswordScreen() {
  const token = useParams().token ?? '';
  // Another link is another reset: nothing of this one carries over.
  return <ResetPassword key={token} token={token} />;
}

function ResetPassword({ token }: { token: string }) {
  const { t } = useTranslation(['auth', 'errors']);
  const email = readConfirmationToken(token)?.email ?? '';
  const [outcome, setOutcome] = useState<ResetOutcome>(() =>
    readableResetLink(token) ? { status: 'form' } : { status: 'linkFailed', code: 'RESET_LINK_INVALID', onOpening: true },
  );
  const title = outcome.status === 'changed' ? t('auth:reset.changedTitle') : t('auth:reset.title');
  useDocumentTitle(title);
  const replaced = outcome.status === 'changed' || (outcome.status === 'linkFailed' && !outcome.onOpening);

  return (
    // The form is replaced by its outcome in place, so the focus goes to the title then.
    <AuthLayout title={title} focusKey={replaced ? outcome.status : undefined}>
      {outcome.status === 'form' && (
        <NewPasswordForm
          token={token}
          email={email}
          onChanged={() => setOutcome({ status: 'changed' })}
          onLinkFailed={(code) => setOutcome({ status: 'linkFailed', code, onOpening: false })}
        />
      )}
      {outcome.status === 'changed' && (
        <>
          <p className="auth-text">{t('auth:reset.changedText')}</p>
          <div className="auth-actions">
            <Link className="button" to={paths.login}>
              {t('auth:reset.signIn')}
            </Link>
          </div>
        </>
      )}
      {outcome.status === 'linkFailed' && (
        <>
          <Alert>{errorCodeText(t, outcome.code)}</Alert>
          <div className="auth-actions">
            <Link className="button" to={paths.resetRequest} state={email ? ({ email } satisfies ResetRequestState) : undefined}>
              {t('auth:reset.requestNewLink')}
            </Link>
            <Link className="button button--secondary" to={paths.login}>
              {t('auth:backToLogin')}
            </Link>
          </div>
        </>
      )}
    </AuthLayout>
  );
}

interface NewPasswordFormProps {
  token: string;
  email: string;
  onChanged: () => void;
  onLinkFailed: (code: ResetLinkFailureCode) => void;
}

function NewPasswordForm({ token, email, onChanged, onLinkFailed }: NewPasswordFormProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const { formik, formRef, submit, change, blur, errorCode, formCode, invalidSubmit } = useCheckedForm<NewPasswordValues, NewPasswordField>({
    fields: newPasswordFields,
    // The token is sent with the passwords and validated with them by the shared schema.
    initialValues: { token, password: '', passwordRepeat: '' },
    validate: validateNewPassword,
    onSubmit: async (values) => {
      try {
        await callApi(accountRoutes.resetPassword, { body: values });
      } catch (error) {
        const linkCode = resetLinkFailure(error);
        if (!linkCode) throw error;
        onLinkFailed(linkCode);
        return;
      }
      onChanged();
    },
  });

  return (
    <>
      {email && <p className="auth-text auth-wraps">{t('auth:reset.text', { email })}</p>}
      <form ref={formRef} noValidate onSubmit={submit}>
        <NewPasswordFields values={formik.values} change={change} blur={blur} errorCode={errorCode} />
        {formCode ? (
          <Alert>{errorCodeText(t, formCode)}</Alert>
        ) : (
          invalidSubmit && <Alert>{t('errors:codes.VALIDATION_FAILED')}</Alert>
        )}
        <button type="submit" className="button button--block" disabled={formik.isSubmitting} aria-busy={formik.isSubmitting}>
          {t('auth:reset.submit')}
        </button>
      </form>
    </>
  );
}
