import { Amplify } from 'aws-amplify';
import { confirmSignIn, fetchAuthSession, signIn, signOut, updatePassword, type SignInOutput } from 'aws-amplify/auth';
import type { AppConfig } from './config';
import type { SignInOutcome } from './auth';

/**
 * Everything that touches Amplify. Loaded on demand through ./auth, because Amplify is a third of the
 * JavaScript the sign-in page would otherwise download before the visitor has typed anything.
 */
export function configureAmplify(config: AppConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        // Locally cognito-local answers instead of the real service.
        userPoolEndpoint: config.cognitoEndpoint ?? undefined,
        loginWith: { email: true },
      },
    },
  });
}

async function outcomeOf(output: SignInOutput): Promise<SignInOutcome> {
  const step = output.nextStep;
  switch (step.signInStep) {
    case 'DONE':
      return 'signed-in';
    case 'CONFIRM_SIGN_IN_WITH_SMS_CODE':
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return 'code-required';
    case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
      // The portal's second factor is the SMS code; pick it instead of asking the user.
      if (step.allowedMFATypes?.includes('SMS')) return outcomeOf(await confirmSignIn({ challengeResponse: 'SMS' }));
      return 'unsupported-step';
    case 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION':
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP':
    case 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP':
      return 'phone-setup-required';
    case 'CONFIRM_SIGN_UP':
      // Amplify turns UserNotConfirmedException into this step instead of throwing.
      return 'email-not-confirmed';
    case 'RESET_PASSWORD':
      return 'password-reset-required';
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return 'new-password-required';
    default:
      return 'unsupported-step';
  }
}

/**
 * The credentials of a sign-in waiting for its SMS code, so "send the code again" can start it once more (Cognito
 * sends a new code with every password step). Only in memory, and dropped as soon as the sign-in ends either way.
 */
let waitingForCode: { email: string; password: string } | null = null;

/**
 * Signs in with e-mail and password. A session still held in this browser makes Amplify refuse; then
 * `endStaleSession` ends it (the app's whole end-of-session, not only Amplify's) and the sign-in is tried once more.
 */
export async function signInWithPassword(
  email: string,
  password: string,
  endStaleSession: () => Promise<void>,
): Promise<SignInOutcome> {
  // cognito-local has no SRP, so the password flow is used everywhere (DESIGN section 4).
  const attempt = () => signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  waitingForCode = null;
  let outcome: SignInOutcome;
  try {
    outcome = await outcomeOf(await attempt());
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'UserAlreadyAuthenticatedException') throw error;
    await endStaleSession();
    outcome = await outcomeOf(await attempt());
  }
  if (outcome === 'code-required') waitingForCode = { email, password };
  return outcome;
}

/** Whether "send the code again" can work: a sign-in of this page is waiting for its code. */
export function canResendCode(): boolean {
  return waitingForCode !== null;
}

/** Sends a new SMS code by taking the password step again; the previous code stops working. */
export async function resendCode(): Promise<SignInOutcome> {
  if (!waitingForCode) return 'unsupported-step';
  const { email, password } = waitingForCode;
  return signInWithPassword(email, password, signOutLocally);
}

export async function confirmNewPassword(password: string): Promise<SignInOutcome> {
  return outcomeOf(await confirmSignIn({ challengeResponse: password }));
}

export async function confirmCode(code: string): Promise<SignInOutcome> {
  const outcome = await outcomeOf(await confirmSignIn({ challengeResponse: code }));
  if (outcome !== 'code-required') waitingForCode = null;
  return outcome;
}

/**
 * Changes the signed-in user's password: Cognito's ChangePassword with the session's access token. What it
 * throws is Cognito's (or Amplify's) error, named as the service names it.
 */
export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  await updatePassword({ oldPassword, newPassword });
}

/** The Cognito access token, refreshed by Amplify when needed, and whose it is (its `sub`); null without a session. */
export async function getSignedInToken(): Promise<SignedInToken | null> {
  try {
    const access = (await fetchAuthSession()).tokens?.accessToken;
    if (!access) return null;
    const { sub } = access.payload;
    return { token: access.toString(), userId: typeof sub === 'string' ? sub : null };
  } catch {
    // An unreachable or refusing Cognito means no usable session.
    return null;
  }
}

export interface SignedInToken {
  token: string;
  userId: string | null;
}

export async function getAccessToken(): Promise<string | null> {
  return (await getSignedInToken())?.token ?? null;
}

/** Forgets the tokens on this device; Amplify swallows a failing revoke call, so this does not throw. */
export async function signOutLocally(): Promise<void> {
  waitingForCode = null;
  try {
    await signOut();
  } catch {
    // Nothing more to do: the goal is a signed-out browser.
  }
}
