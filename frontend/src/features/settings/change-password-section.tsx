import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@frontend/components/alert/alert';
import { TextField } from '@frontend/components/text-field/text-field';
import { changePassword } from '@frontend/lib/auth';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { failureCode } from '@frontend/lib/failure-code';
import { useSession } from '@frontend/lib/session/session-context';
import { useCheckedForm } from '@frontend/lib/use-checked-form';
import {
  changePasswordFailure,
  changePasswordFields,
  emptyChangePassword,
  validateChangePassword,
  type ChangePasswordField,
  type ChangePasswordValues,
} from './change-password';

/**
 * SPEC section 2 "Settings: change password": the current password, the new one and its repeat, checked by the
 * shared schema and then by Cognito (through Amplify, loaded on demand). A change ends every session of the account,
 * this one too (DESIGN section 6): the sign-in page then says the password is changed. Should ending them fail, the
 * form says the password is changed and that the sessions could not be ended.
 */
export function ChangePasswordSection() {
  const { t } = useTranslation(['settings', 'errors']);
  const titleId = useId();
  const { profile, logoutEverywhere } = useSession();
  const email = profile?.email ?? '';
  const [changed, setChanged] = useState(false);
  const [sessionsFailure, setSessionsFailure] = useState<string | null>(null);
  const { formik, formRef, submit, change, blur, errorCode, formCode, invalidSubmit } = useCheckedForm<
    ChangePasswordValues,
    ChangePasswordField
  >({
    fields: changePasswordFields,
    initialValues: emptyChangePassword,
    validate: validateChangePassword,
    onSubmit: async (values, { resetForm }) => {
      await changePassword(values.currentPassword, values.password);
      // The passwords are not kept on the page once they did their job.
      resetForm();
      setChanged(true);
      try {
        await logoutEverywhere('password-changed');
      } catch (error) {
        setSessionsFailure(failureCode(error));
      }
    },
    readFailure: changePasswordFailure,
  });

  const send = (event: FormEvent<HTMLFormElement>) => {
    // A new attempt: the previous change is no longer the news.
    setChanged(false);
    setSessionsFailure(null);
    submit(event);
  };

  const password = (field: ChangePasswordField, autoComplete: 'current-password' | 'new-password') => ({
    name: field,
    type: 'password',
    autoComplete,
    required: true,
    value: formik.values[field],
    onChange: change,
    onBlur: blur,
    error: fieldErrorText(t, errorCode(field)),
  });

  return (
    <section className="panel settings-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('settings:changePassword.title')}</h2>
      <form ref={formRef} className="settings-form" noValidate onSubmit={send}>
        {/* Tells a password manager whose password changes. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField {...password('currentPassword', 'current-password')} label={t('settings:changePassword.currentPassword')} />
        <TextField
          {...password('password', 'new-password')}
          label={t('settings:changePassword.password')}
          hint={t('settings:changePassword.passwordHint')}
        />
        <TextField {...password('passwordRepeat', 'new-password')} label={t('settings:changePassword.passwordRepeat')} />
        {formCode ? (
          <Alert>{errorCodeText(t, formCode)}</Alert>
        ) : (
          invalidSubmit && <Alert>{t('errors:codes.VALIDATION_FAILED')}</Alert>
        )}
        {/* Always there, so a screen reader announces the message when it appears. */}
        <div role="status" className={changed ? 'alert alert--success' : undefined}>
          {changed ? t('settings:changePassword.changed') : null}
        </div>
        {sessionsFailure && (
          <Alert>
            {t('settings:changePassword.sessionsNotEnded')} {errorCodeText(t, sessionsFailure)}
          </Alert>
        )}
        <button type="submit" className="button" disabled={formik.isSubmitting} aria-busy={formik.isSubmitting}>
          {t('settings:changePassword.submit')}
        </button>
      </form>
    </section>
  );
}
