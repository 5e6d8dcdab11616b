/**
 * Ending sessions (logout, password reset, phone setup) refuses every token issued before the next whole second
 * (token `iat` has whole seconds; docs/decisions.md "Logout revocation granularity"), so a sign-in meant to start a
 * new session waits for the clock to pass that cut first, as a person signing in again a moment later does.
 */
export async function pastSessionCut(endedAt: number): Promise<void> {
  const cut = (Math.floor(endedAt / 1000) + 1) * 1000;
  while (Date.now() < cut) await new Promise((resolve) => setTimeout(resolve, cut - Date.now()));
}
