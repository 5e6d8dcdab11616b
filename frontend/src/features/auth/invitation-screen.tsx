import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { readInvitationToken } from '@shared/account';
import { paths } from '@shared/routes';
import { Alert } from '@frontend/components/alert/alert';
import { AuthLayout } from '@frontend/components/auth-layout/auth-layout';
import { confirmNewPassword, toAuthFailure } from '@frontend/lib/auth';
import { errorCodeText } from '@frontend/lib/error-text';
import { useSession } from '@frontend/lib/session/session-context';
import type { SubmitFailure } from '@frontend/lib/submit-failure';
import { useCheckedForm } from '@frontend/lib/use-checked-form';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { newPasswordFailure, temporaryPasswordFailure, type InvitationFailure, type InvitationLinkFailure } from './invitation';
import { newPasswordFields, validateNewPassword, type NewPasswordField, type NewPasswordValues } from './password-reset';
import type { SignInErrorKey } from './auth-errors';
import { NewPasswordFields } from './new-password-fields';
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
  const [signInMessage, setSignInMessage] = useState<SignInErrorKey | null>(null);

  /** A refused link replaces the form; anything else goes to the form hook, which shows it (readFailure). */
  const refuse = (failure: InvitationFailure) => {
    if ('link' in failure) onLinkFailed(failure.link);
    else throw new InvitationRefused(failure.form);
  };

  const { formik, formRef, submit, change, blur, errorCode, formCode, invalidSubmit } = useCheckedForm<NewPasswordValues, NewPasswordField>({
    fields: newPasswordFields,
    initialValues: { token, password: '', passwordRepeat: '' },
    validate: validateNewPassword,
    onSubmit: async ({ password }) => {
      setSignInMessage(null);
      let outcome;
      try {
        outcome = await signIn(email, temporaryPassword);
      } catch (error) {
        refuse(temporaryPasswordFailure(toAuthFailure(error)));
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
        refuse(newPasswordFailure(toAuthFailure(error)));
        return;
      }
      setSignInMessage(await followSignIn(outcome));
    },
    readFailure: (error) => (error instanceof InvitationRefused ? error.failure : { fields: {}, code: 'INTERNAL' }),
  });

  const failureText = signInMessage ? t(`errors:${signInMessage}`) : formCode ? errorCodeText(t, formCode) : null;

  return (
    <>
      <p className="auth-text auth-wraps">{t('auth:invitation.text', { email })}</p>
      <form ref={formRef} noValidate onSubmit={submit}>
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <NewPasswordFields values={formik.values} change={change} blur={blur} errorCode={errorCode} />
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

/** What Cognito refused, thrown for the form hook to show on the password field or for the whole form. */
class InvitationRefused extends Error {
  constructor(readonly failure: SubmitFailure<NewPasswordField>) {
    super('the invitation sign-in was refused');
    this.name = 'InvitationRefused';
  }
}
