/** Locally a minute, so an expiry shows soon after it passes; the cloud's schedule runs every 15 minutes. */
const checkEveryMs = 60 * 1000;

/**
 * The local stand-in for the authorization release schedule (EventBridge every 15 minutes): releases the open card
 * authorizations past their expiry at start and then every minute.
 */
export function startAuthorizationReleaseTimer(log: (line: string) => void): { stop(): void } {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const { releaseExpiredAuthorizations } = await import('@functions/authorizations/release-expired-authorizations');
      const summary = await releaseExpiredAuthorizations(new Date());
      if (summary.expired > 0) log(`released ${summary.expired} expired card authorizations`);
    } catch (error) {
      log(`releasing expired authorizations failed (the next check retries): ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), checkEveryMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
