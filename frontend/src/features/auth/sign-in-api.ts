import { loadOnce } from '@frontend/lib/load-once';

/** The sign-in page's calls and rules (sign-in-calls.ts), loaded once; a failed load is tried again by the next use. */
export const loadSignInCalls = loadOnce(() => import('./sign-in-calls'));

/** Starts loading the calls and Amplify before they are needed (the visitor focused the form), so submitting is quick. */
export function preloadSignIn(): void {
  void loadSignInCalls()
    .then((module) => module.preload())
    .catch(() => undefined);
}

/**
 * Whether this browser may hold a staff session, read without config.json: Amplify keeps its tokens in localStorage
 * under `CognitoIdentityServiceProvider.`. Only then does the page load its calls at once, to show who is signed in.
 */
export function mayHoldSession(): boolean {
  try {
    const storage = globalThis.localStorage;
    for (let index = 0; index < storage.length; index += 1) {
      if (storage.key(index)?.startsWith('CognitoIdentityServiceProvider.')) return true;
    }
  } catch {
    // Storage blocked: there can be no stored session.
  }
  return false;
}
