/**
 * Where the employee's /card session is kept: sessionStorage, apart from the staff's Cognito session, so closing the
 * tab ends it on a shared phone and a staff sign-in in the same browser is never touched. What is stored is read and
 * checked by card-session.ts, with the calls; the page itself only stores, forgets and asks whether one is there.
 */
const storageKey = 'card_session';

export function storeCardSession(session: { token: string; expiresAt: string }): void {
  window.sessionStorage.setItem(storageKey, JSON.stringify(session));
}

export function forgetCardSession(): void {
  window.sessionStorage.removeItem(storageKey);
}

/** Whether a session was stored in this tab (valid or not: the first call checks it). */
export function hasStoredCardSession(): boolean {
  return window.sessionStorage.getItem(storageKey) !== null;
}

/** The stored session as written, unchecked. */
export function storedCardSessionJson(): string | null {
  return window.sessionStorage.getItem(storageKey);
}
