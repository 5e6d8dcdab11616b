import type { AuthFailure } from '@frontend/lib/auth';
import type { SubmitFailure } from '@frontend/lib/submit-failure';
import type { NewPasswordField } from './password-reset';

export type InvitationLinkFailure = 'INVITATION_EXPIRED' | 'INVITATION_INVALID';
/** Either the link itself no longer works, or the form shows what was refused (on the password, or as a whole). */
export type InvitationFailure = { link: InvitationLinkFailure } | { form: SubmitFailure<NewPasswordField> };

const throttled = (failure: AuthFailure) => failure.name === 'TooManyRequestsException' || failure.name === 'LimitExceededException';
const formCode = (code: string): InvitationFailure => ({ form: { fields: {}, code } });

/**
 * The sign-in with the link's temporary password was refused: it no longer works (used, replaced by a newer link,
 * or past its 7 days). cognito-local names a wrong password InvalidPasswordException, Cognito NotAuthorizedException.
 */
export function temporaryPasswordFailure(failure: AuthFailure): InvitationFailure {
  if (throttled(failure)) return formCode('TOO_MANY_REQUESTS');
  if (failure.name === 'UserNotFoundException') return { link: 'INVITATION_INVALID' };
  if (failure.name === 'NotAuthorizedException' || failure.name === 'InvalidPasswordException') return { link: 'INVITATION_EXPIRED' };
  return formCode('INTERNAL');
}

/** Cognito refused the person's own password (its policy), or the sign-in session ran out meanwhile. */
export function newPasswordFailure(failure: AuthFailure): InvitationFailure {
  if (throttled(failure)) return formCode('TOO_MANY_REQUESTS');
  if (failure.name === 'InvalidPasswordException') return { form: { fields: { password: 'PASSWORD_TOO_SHORT' }, code: null } };
  if (failure.name === 'NotAuthorizedException') return { link: 'INVITATION_EXPIRED' };
  return formCode('INTERNAL');
}
