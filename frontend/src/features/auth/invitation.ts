import type { AuthFailure } from '@frontend/lib/auth';

export type InvitationLinkFailure = 'INVITATION_EXPIRED' | 'INVITATION_INVALID';
export type InvitationFailure = { link: InvitationLinkFailure } | { password: 'PASSWORD_TOO_SHORT' } | { form: 'TOO_MANY_REQUESTS' | 'INTERNAL' };

const throttled = (failure: AuthFailure) => failure.name === 'TooManyRequestsException' || failure.name === 'LimitExceededException';

/**
 * The sign-in with the link's temporary password was refused: it no longer works (used, replaced by a newer link,
 * or past its 7 days). cognito-local names a wrong password InvalidPasswordException, Cognito NotAuthorizedException.
 */
export function temporaryPasswordFailure(failure: AuthFailure): InvitationFailure {
  if (throttled(failure)) return { form: 'TOO_MANY_REQUESTS' };
  if (failure.name === 'UserNotFoundException') return { link: 'INVITATION_INVALID' };
  if (failure.name === 'NotAuthorizedException' || failure.name === 'InvalidPasswordException') return { link: 'INVITATION_EXPIRED' };
  return { form: 'INTERNAL' };
}

/** Cognito refused the person's own password (its policy), or the sign-in session ran out meanwhile. */
export function newPasswordFailure(failure: AuthFailure): InvitationFailure {
  if (throttled(failure)) return { form: 'TOO_MANY_REQUESTS' };
  if (failure.name === 'InvalidPasswordException') return { password: 'PASSWORD_TOO_SHORT' };
  if (failure.name === 'NotAuthorizedException') return { link: 'INVITATION_EXPIRED' };
  return { form: 'INTERNAL' };
}
