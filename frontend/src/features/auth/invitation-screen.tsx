import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { readInvitationToken } from '@shared/account';
import { paths } from '@shared/routes';
import { Alert } from '@frontend/components/alert/alert';
import { AuthLayout } from '@frontend/components/auth-layout/auth-layout';
import { TextField } from '@frontend/components/text-field/text-field';
import { confirmNewPassword, toAuthFailure } from '@frontend/lib/auth';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { useSession } from '@frontend/lib/session/session-context';
import { useCheckedForm } from '@frontend/lib/use-checked-form';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { newPasswordFailure, temporaryPasswordFailure, type InvitationFailure, type InvitationLinkFailure } from './invitation';
import { newPasswordFields, validateNewPassword, type NewPasswordField, type NewPasswordValues } from './password-reset';
import type { SignInErrorKey } from './auth-errors';
import { useFollowSignIn } from './use-follow-sign-in';
import './auth-screens.css';

/**
 * /invitation/{token}: someone a company owner invited sets their own password. The link holds their e-mail and
 * the temporary password the portal gave Cognito; the sign-in that follows leads on to /phone/setup.
 */
export function InvitationScreen() {
  const token = useParams().token ?? '';
  return <Invitation key={token} token={token} />;
}

function Invitation({ token }: { token: string }) {
  const { t } = useTranslation(['auth', 'errors']);
  useDocumentTitle(t('auth:invitation.title'));
  const link = readInvitationToken(token);
  const [linkFailure, setLinkFailure] = useState<InvitationLinkFailure | null>(link ? null : 'INVITATION_INVALID');

  return (
    <AuthLayout title={t('auth:invitation.title')} focusKey={linkFailure ?? undefined}>
      {linkFailure || !link ? (
        <>
          <Alert>{errorCodeText(t, linkFailure ?? 'INVITATION_INVALID')}</Alert>
          <div className="auth-actions">
            <Link className="button button--secondary" to={paths.login}>
              {t('auth:backToLogin')}
            </Link>
          </div>
        </>
      ) : (
        <InvitationForm email={link.email} temporaryPassword={link.temporaryPassword} token={token} onLinkFailed={setLinkFailure} />
      )}
    </AuthLayout>
  );
}

interface InvitationFormProps {
  email: string;
  temporaryPassword: string;
  token: string;
  onLinkFailed: (failure: InvitationLinkFailure) => void;
}

function InvitationForm({ email, temporaryPassword, token, onLinkFailed }: InvitationFormProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const { signIn } = useSession();
  const followSignIn = useFollowSignIn();
  const [formFailure, setFormFailure] = useState<'TOO_MANY_REQUESTS' | 'INTERNAL' | null>(null);
  const [signInMessage, setSignInMessage] = useState<SignInErrorKey | null>(null);

  /** Shows a refusal where it belongs: the link, the form, or (thrown for the form hook) the password field. */
  const show = (failure: InvitationFailure) => {
    if ('link' in failure) onLinkFailed(failure.link);
    else if ('form' in failure) setFormFailure(failure.form);
    else throw new InvitationPasswordRefused();
  };

  const { formik, formRef, submit, change, blur, errorCode, formCode, invalidSubmit } = useCheckedForm<NewPasswordValues, NewPasswordField>({
    fields: newPasswordFields,
    initialValues: { token, password: '', passwordRepeat: '' },
    validate: validateNewPassword,
    onSubmit: async ({ password }) => {
      setFormFailure(null);
      setSignInMessage(null);
      let outcome;
      try {
        outcome = await signIn(email, temporaryPassword);
      } catch (error) {
        show(temporaryPasswordFailure(toAuthFailure(error)));
        return;
      }
      // Anything but the new-password step means this password is no longer an invitation's.
      if (outcome !== 'new-password-required') {
        onLinkFailed('INVITATION_EXPIRED');
        return;
      }
      try {
        outcome = await confirmNewPassword(password);
      } catch (error) {
        show(newPasswordFailure(toAuthFailure(error)));
        return;
      }
      setSignInMessage(await followSignIn(outcome));
    },
    readFailure: (error) =>
      error instanceof InvitationPasswordRefused ? { fields: { password: 'PASSWORD_TOO_SHORT' }, code: null } : { fields: {}, code: 'INTERNAL' },
  });

  const passwordField = (field: NewPasswordField) => ({
    name: field,
    type: 'password',
    autoComplete: 'new-password',
    required: true,
    value: formik.values[field],
    onChange: change,
    onBlur: blur,
    error: fieldErrorText(t, errorCode(field)),
  });
  const failureText = signInMessage ? t(`errors:${signInMessage}`) : formFailure || formCode ? errorCodeText(t, formFailure ?? formCode ?? 'INTERNAL') : null;

  return (
    <>
      <p className="auth-text auth-wraps">{t('auth:invitation.text', { email })}</p>
      <form ref={formRef} noValidate onSubmit={submit}>
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField {...passwordField('password')} label={t('auth:reset.password')} hint={t('auth:reset.passwordHint')} />
        <TextField {...passwordField('passwordRepeat')} label={t('auth:reset.passwordRepeat')} />
        {failureText ? (
          <Alert>{failureText}</Alert>
        ) : (
          invalidSubmit && <Alert>{t('errors:codes.VALIDATION_FAILED')}</Alert>
        )}
        <button type="submit" className="button button--block" disabled={formik.isSubmitting} aria-busy={formik.isSubmitting}>
          {t('auth:invitation.submit')}
        </button>
      </form>
    </>
  );
}

/** Cognito refused the chosen password: thrown so the form shows it on the password field. */
class InvitationPasswordRefused extends Error {
  constructor() {
    super('the new password was refused');
    this.name = 'InvitationPasswordRefused';
  }
}
