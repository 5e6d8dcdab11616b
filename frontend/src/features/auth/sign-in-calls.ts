import * as accountRoutes from '@shared/api/routes/account-routes';
import * as sessionRoutes from '@shared/api/routes/session-routes';
import type { Language } from '@shared/language-list';
import { loginSchema, smsCodeSchema } from '@shared/auth';
import { entryPath } from '@frontend/app/route-guard/decide-guard';
import {
  canResendCode,
  configureAuth,
  confirmCode,
  getAccessToken,
  hasStoredSession,
  preloadAuth,
  resendCode,
  signInWithPassword,
  signOutLocally,
  type SignInOutcome,
} from '@frontend/lib/auth';
import { loadConfig } from '@frontend/lib/config';
import { loadOnce } from '@frontend/lib/load-once';
import { callApi, setSessionRejectedHandler } from '@frontend/lib/http';
import { resetTabCompany } from '@frontend/lib/session/tab-company';
import { isProfileRefusal, profileErrorKey, type SignInErrorKey } from './auth-errors';

/**
 * Everything of the sign-in page (sign-in.html) that needs zod, config.json or the API: the forms' rules, the
 * Cognito steps (Amplify itself loads later still, lib/auth.ts), the profile that decides where a signed-in person
 * goes. It loads after the first paint (sign-in-api.ts): when the visitor focuses the form, or when this browser
 * holds a session the page must show.
 */
export const signInFormSchemas = { login: loginSchema, code: smsCodeSchema } as const;

/** config.json read and Amplify told where Cognito is, once; a failed read is tried again by the next call. */
const configured = loadOnce(async () => {
  configureAuth(await loadConfig());
  // The sign-in page has no session to clear and no page to go to when the API refuses a token: it forgets it.
  setSessionRejectedHandler(() => void signOutLocally());
});

/** Starts loading Amplify too (the visitor focused the form), so submitting is quick. */
export async function preload(): Promise<void> {
  await configured();
  preloadAuth();
}

/** The session this browser holds, with its profile (whose, in which language, where they start); null without one. */
export async function heldSession(): Promise<SignedInAs | null> {
  await configured();
  if (!hasStoredSession() || (await getAccessToken()) === null) return null;
  const held = await completeSignIn(false);
  return 'failure' in held ? null : held;
}

/**
 * A sign-in this page finished with Cognito whose portal load was interrupted (completeSignIn): its session stays, so
 * the SMS step's Confirm, pressed again, goes on to the portal instead of asking Cognito about a used code.
 */
let completedHere = false;
const noteCompleted = (outcome: SignInOutcome): SignInOutcome => {
  completedHere = outcome === 'signed-in';
  return outcome;
};

/** Whoever was signed in here is signed out first (their data must never show), then the password step. */
export async function signIn(email: string, password: string): Promise<SignInOutcome> {
  await configured();
  completedHere = false;
  if (hasStoredSession()) await signOutLocally();
  return noteCompleted(await signInWithPassword(email, password, signOutLocally));
}

export async function confirm(code: string): Promise<SignInOutcome> {
  await configured();
  if (completedHere && hasStoredSession()) return 'signed-in';
  return noteCompleted(await confirmCode(code));
}

export async function sendCodeAgain(): Promise<SignInOutcome> {
  await configured();
  return resendCode();
}

export { canResendCode };

/** Who is signed in, in which language, and the page they start on (null: the portal has none for them). */
export interface SignedInAs {
  email: string;
  language: Language;
  entry: string | null;
}

/**
 * After Cognito's last step, or for a session found stored: the profile, and the page it leads to. A refused profile
 * ends the session and says why (SPEC section 4 clears a session whose profile fails; section 8 tells a blocked user
 * to contact support); a load that got no answer keeps it, so trying again finishes the sign-in.
 */
export async function completeSignIn(fresh = true): Promise<SignedInAs | { failure: SignInErrorKey }> {
  // A new sign-in opens on the profile's last company (DESIGN section 6); a session found stored keeps this tab's.
  if (fresh) resetTabCompany();
  try {
    const profile = await callApi(sessionRoutes.getProfile);
    return { entry: entryPath(profile), email: profile.email, language: profile.language };
  } catch (error) {
    if (!isProfileRefusal(error)) return { failure: 'login.loadInterrupted' };
    completedHere = false;
    await signOutLocally();
    return { failure: profileErrorKey(error) };
  }
}

/** POST /logout, then this browser forgets the session whatever the answer (SPEC section 4). */
export async function logOut(): Promise<void> {
  try {
    await callApi(sessionRoutes.logOut);
  } catch {
    // The session is cleared whether or not the call succeeded.
  }
  await signOutLocally();
}

/** POST /users/email/resend: a new confirmation link for an unconfirmed e-mail. */
export async function resendConfirmation(email: string): Promise<void> {
  await configured();
  await callApi(accountRoutes.resendConfirmation, { body: { email } });
}
