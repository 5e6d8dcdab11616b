import { loadOnce } from '@frontend/lib/load-once';

/** The sign-in page's calls and rules (sign-in-calls.ts), loaded once; a failed load is tried again by the next use. */
export const loadSignInCalls = loadOnce(() => import('./sign-in-calls'));

/** Starts loading the calls and Amplify before they are needed (the visitor focused the form), so submitting is quick. */
export function preloadSignIn(): void {
  void loadSignInCalls()
    .then((module) => module.preload())
    .catch(() => undefined);
}
