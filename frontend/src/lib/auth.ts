import type * as AmplifyClientModule from './amplify-client';
import type { SignedInToken } from './amplify-client';
import type { AppConfig } from './config';

/**
 * The app's view of authentication. Amplify itself (./amplify-client) is loaded only when needed: to sign
 * in, or when this browser holds a Cognito session whose token must be read or refreshed.
 */

/** Where a sign-in attempt stands after a call; the screens turn it into a navigation or a message. */
export type SignInOutcome =
  | 'signed-in'
  | 'code-required'
  | 'phone-setup-required'
  | 'email-not-confirmed'
  | 'password-reset-required'
  /** An invited user signed in with the temporary password of their invitation: they choose their own now. */
  | 'new-password-required'
  | 'unsupported-step';

/** An Amplify/Cognito failure reduced to what the UI decides on: the exception name and its message. */
export interface AuthFailure {
  name: string;
  message: string;
}

export function toAuthFailure(error: unknown): AuthFailure {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Unknown', message: String(error) };
}

type AmplifyClient = typeof AmplifyClientModule;

let authConfig: AppConfig | null = null;
let client: Promise<AmplifyClient> | null = null;

export function configureAuth(config: AppConfig): void {
  authConfig = config;
}

function loadClient(): Promise<AmplifyClient> {
  client ??= import('./amplify-client').then(
    (module) => {
      if (!authConfig) throw new Error('configureAuth() must run before Amplify is used');
      module.configureAmplify(authConfig);
      return module;
    },
    (error: unknown) => {
      // Offline for a moment: the next use loads it again.
      client = null;
      throw error;
    },
  );
  return client;
}

/** Starts loading Amplify early (e.g. when the visitor focuses the sign-in form), so submitting is quick. */
export function preloadAuth(): void {
  void loadClient().catch(() => undefined);
}

/** Amplify v6 keeps a session's tokens in localStorage as `CognitoIdentityServiceProvider.<clientId>.<user>.accessToken`. */
const amplifyKeyPrefix = 'CognitoIdentityServiceProvider.';

function hasStoredToken(prefix: string): boolean {
  try {
    const storage = globalThis.localStorage;
    if (!storage) return false;
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key?.startsWith(prefix) && key.endsWith('.accessToken')) return true;
    }
  } catch {
    // Storage blocked: there can be no stored session.
  }
  return false;
}

/** Whether Amplify keeps Cognito tokens of this portal's user pool client in this browser, read without loading Amplify. */
export function hasStoredSession(): boolean {
  return authConfig !== null && hasStoredToken(`${amplifyKeyPrefix}${authConfig.userPoolClientId}.`);
}

/**
 * Whether this browser may hold a staff session, read before config.json is there (any client's tokens): the sign-in
 * page loads its calls at once only then, to show who is signed in.
 */
export function mayHoldSession(): boolean {
  return hasStoredToken(amplifyKeyPrefix);
}

/** See amplify-client: `endStaleSession` runs when a session is still held in this browser. */
export async function signInWithPassword(
  email: string,
  password: string,
  endStaleSession: () => Promise<void>,
): Promise<SignInOutcome> {
  return (await loadClient()).signInWithPassword(email, password, endStaleSession);
}

/** Whether the page holds a sign-in waiting for its SMS code (it was not reloaded since the password step). */
export async function canResendCode(): Promise<boolean> {
  if (!client) return false;
  return (await client).canResendCode();
}

/** Has Cognito send a new SMS code for the sign-in waiting for one. */
export async function resendCode(): Promise<SignInOutcome> {
  return (await loadClient()).resendCode();
}

export async function confirmCode(code: string): Promise<SignInOutcome> {
  return (await loadClient()).confirmCode(code);
}

/** The invited user's own password, answering the 'new-password-required' step of a sign-in. */
export async function confirmNewPassword(password: string): Promise<SignInOutcome> {
  return (await loadClient()).confirmNewPassword(password);
}

/** See amplify-client: Cognito's error is thrown as it comes (the settings screen reads it). */
export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  return (await loadClient()).changePassword(oldPassword, newPassword);
}

/** The Cognito access token (refreshed by Amplify when due), or null without a session. */
export async function getAccessToken(): Promise<string | null> {
  if (!hasStoredSession()) return null;
  return (await loadClient()).getAccessToken();
}

/** The access token and the user it was issued to, as Amplify read it; null without a session. */
export async function getSignedInToken(): Promise<SignedInToken | null> {
  if (!hasStoredSession()) return null;
  return (await loadClient()).getSignedInToken();
}

export async function hasStoredAccessToken(): Promise<boolean> {
  return (await getAccessToken()) !== null;
}

/** Forgets the session on this device (also a half-finished sign-in); never throws. */
export async function signOutLocally(): Promise<void> {
  if (!client && !hasStoredSession()) return;
  try {
    await (await loadClient()).signOutLocally();
  } catch {
    // The goal is a signed-out browser; nothing else to do.
  }
}
