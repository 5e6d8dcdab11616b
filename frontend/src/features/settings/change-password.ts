import { changePasswordSchema, type ChangePasswordValues } from '@shared/account';
import { toAuthFailure } from '@frontend/lib/auth';
import { zodValidate } from '@frontend/lib/form-validation';
import type { SubmitFailure } from '@frontend/lib/submit-failure';

export type { ChangePasswordValues };

/** The form's fields in the order it shows them. */
export const changePasswordFields = ['currentPassword', 'password', 'passwordRepeat'] as const;
export type ChangePasswordField = (typeof changePasswordFields)[number];

export const emptyChangePassword: ChangePasswordValues = { currentPassword: '', password: '', passwordRepeat: '' };
export const validateChangePassword = zodValidate<ChangePasswordValues>(changePasswordSchema);

type ChangePasswordFailure = SubmitFailure<ChangePasswordField>;

const onField = (field: ChangePasswordField, code: string): ChangePasswordFailure => ({ fields: { [field]: code }, code: null });
const forForm = (code: string): ChangePasswordFailure => ({ fields: {}, code });

/**
 * What the form shows for a refused password change: Cognito's (or Amplify's) exception, by its name and, where
 * Cognito reuses a name, its message. Codes are those of the errors namespace (fields or codes).
 */
export function changePasswordFailure(error: unknown): ChangePasswordFailure {
  const { name, message } = toAuthFailure(error);
  switch (name) {
    case 'NotAuthorizedException':
      // Cognito's answer to a wrong current password ("Incorrect username or password."), to too many wrong ones,
      // and to an access token that was revoked or has expired.
      if (/attempts exceeded/i.test(message)) return forForm('TOO_MANY_REQUESTS');
      if (/access token/i.test(message)) return forForm('TOKEN_REVOKED');
      return onField('currentPassword', 'WRONG_CURRENT_PASSWORD');
    case 'InvalidPasswordException':
      // Cognito: the new password breaks the pool's policy ("Password did not conform with policy: ...").
      // cognito-local 5.3.0 uses it for a wrong current password instead ("Invalid password").
      return /polic/i.test(message) ? onField('password', 'PASSWORD_TOO_SHORT') : onField('currentPassword', 'WRONG_CURRENT_PASSWORD');
    case 'PasswordHistoryPolicyViolationException':
      return onField('password', 'PASSWORD_PREVIOUSLY_USED');
    case 'InvalidParameterException':
      // Cognito refuses passwords that start or end with a space by this pattern check, naming the parameter.
      if (/proposedPassword/i.test(message)) return onField('password', 'INVALID_VALUE');
      if (/previousPassword/i.test(message)) return onField('currentPassword', 'WRONG_CURRENT_PASSWORD');
      return forForm('INTERNAL');
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return forForm('TOO_MANY_REQUESTS');
    case 'UserUnAuthenticatedException':
      // Amplify holds no usable session any more.
      return forForm('TOKEN_REVOKED');
    case 'NetworkError':
      return forForm('NETWORK');
    default:
      return forForm('INTERNAL');
  }
}
