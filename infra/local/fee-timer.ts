import { feeMonthOf } from '@shared/fees';

/** How often the local cloud looks whether this month's fee is charged: the cloud's schedule runs monthly. */
const checkEveryMs = 60 * 60 * 1000;

/**
 * The local stand-in for the monthly fee schedule (EventBridge at 02:00 UTC on the 1st): it runs the job for the
 * current month at start and every hour; a month already charged charges nothing again.
 */
export function startFeeTimer(log: (line: string) => void): { stop(): void } {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    const month = feeMonthOf(new Date());
    try {
      const { chargeMonthlyFees } = await import('@functions/fees/charge-monthly-fees');
      const summary = await chargeMonthlyFees(month);
      if (summary.charged > 0) log(`monthly fee for ${month}: ${summary.charged} products charged`);
    } catch (error) {
      log(`monthly fee for ${month} failed (the next check retries): ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), checkEveryMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
