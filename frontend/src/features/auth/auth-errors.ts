import { ApiError } from '@frontend/lib/api-error';
import type { AuthFailure, SignInOutcome } from '@frontend/lib/auth';
import { paths } from '@shared/routes';

/** Texts of SPEC section 8 "Login", as keys of the errors namespace. */
export type SignInErrorKey =
  | 'login.wrongCredentials'
  | 'login.userBlocked'
  | 'login.profileNotFound'
  | 'login.emailNotConfirmed'
  | 'login.maxAttempts'
  | 'login.wrongData'
  | 'login.invitationPending'
  | 'login.loadInterrupted'
  | 'verify.invalidCode'
  | 'verify.sessionExpired'
  | 'generic.somethingWrong';

/** Maps the Cognito exception of a password sign-in to its message. */
export function signInErrorKey(failure: AuthFailure): SignInErrorKey {
  switch (failure.name) {
    case 'NotAuthorizedException':
      // Cognito reuses one exception name; the message tells lockout and disabled users apart.
      if (/attempts exceeded/i.test(failure.message)) return 'login.maxAttempts';
      if (/disabled/i.test(failure.message)) return 'login.userBlocked';
      return 'login.wrongCredentials';
    // cognito-local answers a wrong password with InvalidPasswordException (real Cognito uses it only for
    // weak new passwords, never at sign-in).
    case 'UserNotFoundException':
    case 'InvalidPasswordException':
      return 'login.wrongCredentials';
    case 'UserNotConfirmedException':
      return 'login.emailNotConfirmed';
    case 'TooManyRequestsException':
    case 'LimitExceededException':
    case 'TooManyFailedAttemptsException':
      return 'login.maxAttempts';
    case 'UserLambdaValidationException':
      // A pre-authentication trigger refuses blocked users with a message naming it.
      return /block|disabled/i.test(failure.message) ? 'login.userBlocked' : 'login.wrongData';
    case 'InvalidParameterException':
    case 'EmptySignInUsername':
    case 'EmptySignInPassword':
      return 'login.wrongData';
    default:
      return 'generic.somethingWrong';
  }
}

/** Maps the Cognito exception of a second-factor answer to its message. */
export function codeErrorKey(failure: AuthFailure): SignInErrorKey {
  switch (failure.name) {
    case 'CodeMismatchException':
    case 'ExpiredCodeException':
    case 'EmptyChallengeResponse':
      return 'verify.invalidCode';
    case 'NotAuthorizedException':
      if (/attempts exceeded/i.test(failure.message)) return 'login.maxAttempts';
      // Cognito answers an expired sign-in session this way.
      return 'verify.sessionExpired';
    case 'SignInException':
      // Amplify has no sign-in in progress: the page was opened directly or the session ran out.
      return 'verify.sessionExpired';
    case 'TooManyRequestsException':
    case 'LimitExceededException':
    case 'TooManyFailedAttemptsException':
      return 'login.maxAttempts';
    default:
      return 'generic.somethingWrong';
  }
}

/**
 * Maps a failed profile load right after sign-in (the session has already ended) to its message. The API
 * refuses a blocked user's profile with 403 FORBIDDEN, and a Cognito user without a portal profile with
 * 403 PROFILE_NOT_FOUND.
 */
export function profileErrorKey(error: unknown): SignInErrorKey {
  if (error instanceof ApiError && error.status === 403) {
    if (error.code === 'FORBIDDEN') return 'login.userBlocked';
    if (error.code === 'PROFILE_NOT_FOUND') return 'login.profileNotFound';
  }
  return 'generic.somethingWrong';
}

/**
 * The API refused the profile (the person may not come in): the session must end. Anything else (no answer, a broken
 * connection, a server error) interrupted the load, and the sign-in that succeeded can be finished by trying again.
 */
export function isProfileRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** What a sign-in attempt's outcome asks of the page: finish (load the profile), go to a step's page, or say why not. */
export type SignInStep = { complete: true } | { goTo: string } | { message: SignInErrorKey };

export function signInStep(outcome: SignInOutcome): SignInStep {
  switch (outcome) {
    case 'signed-in':
      return { complete: true };
    case 'code-required':
      return { goTo: paths.phoneVerify };
    case 'phone-setup-required':
      return { goTo: paths.phoneSetup };
    case 'password-reset-required':
      return { goTo: paths.resetRequest };
    case 'email-not-confirmed':
      return { message: 'login.emailNotConfirmed' };
    case 'new-password-required':
      // The temporary password of an invitation, typed into the sign-in form: the link is where it works.
      return { message: 'login.invitationPending' };
    case 'unsupported-step':
      return { message: 'generic.somethingWrong' };
  }
}
