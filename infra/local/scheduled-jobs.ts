import { feeMonthOf } from '@shared/fees';
import type { LocalProfile } from './settings';

/**
 * Runs a job at start and then every `everyMs`, never two runs at once; a failed run is logged and the next one
 * retries. The local stand-in for an EventBridge schedule.
 */
function repeat(everyMs: number, job: () => Promise<string | null>, failure: (message: string) => string, log: (line: string) => void): { stop(): void } {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const line = await job();
      if (line) log(line);
    } catch (error) {
      log(failure(error instanceof Error ? error.message : String(error)));
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/**
 * The monthly fee schedule (in the cloud at 02:00 UTC on the 1st): locally the current month at start and every hour;
 * a month already charged charges nothing again.
 */
export function startFeeTimer(log: (line: string) => void): { stop(): void } {
  return repeat(
    60 * 60 * 1000,
    async () => {
      const month = feeMonthOf(new Date());
      const { chargeMonthlyFees } = await import('@functions/fees/charge-monthly-fees');
      const summary = await chargeMonthlyFees(month);
      return summary.charged > 0 ? `monthly fee for ${month}: ${summary.charged} products charged` : null;
    },
    (message) => `monthly fee failed (the next check retries): ${message}`,
    log,
  );
}

/**
 * The authorization release schedule (in the cloud every 15 minutes): locally every minute, so an expiry shows soon
 * after it passes.
 */
export function startAuthorizationReleaseTimer(log: (line: string) => void): { stop(): void } {
  return repeat(
    60 * 1000,
    async () => {
      const { releaseExpiredAuthorizations } = await import('@functions/authorizations/release-expired-authorizations');
      const summary = await releaseExpiredAuthorizations(new Date());
      return summary.expired > 0 ? `released ${summary.expired} expired card authorizations` : null;
    },
    (message) => `releasing expired authorizations failed (the next check retries): ${message}`,
    log,
  );
}

/**
 * The unseen-reply e-mails of support chats (in the cloud every 5 minutes): locally every `everyMs`, so an e-mail
 * lands in the outbox soon after its reply has waited unread for shared/messaging's unseenReplyMailMinutes.
 */
export function startUnseenReplyNoticeTimer(everyMs: number, log: (line: string) => void): { stop(): void } {
  return repeat(
    everyMs,
    async () => {
      const { sendUnseenReplyNotices } = await import('@functions/messaging/send-unseen-reply-notices');
      const summary = await sendUnseenReplyNotices(new Date());
      return summary.mailed > 0 ? `e-mailed ${summary.mailed} unseen support chat replies` : null;
    },
    (message) => `unseen-reply e-mails failed (the next check retries): ${message}`,
    log,
  );
}

/** How often the local cloud looks for support chat replies due for their unseen-reply e-mail (the cloud's: 5 minutes). */
export const unseenReplyCheckMs: Record<LocalProfile, number> = { dev: 60_000, test: 5_000 };

/**
 * The deadline job (in the cloud every 5 minutes): locally every minute. Work fails by it only when its worker died
 * or its message was lost, which the local cloud shows as in the cloud: failed, not in work forever.
 */
export function startOverdueWorkTimer(log: (line: string) => void): { stop(): void } {
  return repeat(
    60 * 1000,
    async () => {
      const { failOverdueWork } = await import('@functions/exports/fail-overdue-work');
      const summary = await failOverdueWork(new Date());
      const failed = summary.fundingFiles + summary.backgroundFiles;
      const notEnded = summary.notEnded > 0 ? `; could not end ${summary.notEnded} (logged; tried again at the next check)` : '';
      return failed > 0 || notEnded ? `failed ${summary.fundingFiles} funding files and ${summary.backgroundFiles} exports or reports past their deadline${notEnded}` : null;
    },
    (message) => `failing overdue work failed (the next check retries): ${message}`,
    log,
  );
}

/** How often the local cloud queues due webhook deliveries (the cloud's: every minute). */
export const webhookDispatchMs: Record<LocalProfile, number> = { dev: 15_000, test: 2_000 };

export function startWebhookDispatchTimer(everyMs: number, log: (line: string) => void): { stop(): void } {
  return repeat(
    everyMs,
    async () => {
      const { dispatchDueDeliveries } = await import('@functions/webhooks/deliveries');
      const queued = await dispatchDueDeliveries(new Date());
      return queued > 0 ? `queued ${queued} due webhook deliveries` : null;
    },
    (message) => `queueing due webhook deliveries failed (the next check retries): ${message}`,
    log,
  );
}

/**
 * The start of due scheduled fundings (in the cloud EventBridge Scheduler's hourly message on the funding queue):
 * locally every minute, so a rule made for today runs within a minute. Its runs go on the local funding queue, as in
 * the cloud.
 */
export function startDueFundingRunsTimer(log: (line: string) => void): { stop(): void } {
  return repeat(
    60 * 1000,
    async () => {
      const { startDueRuns } = await import('@functions/funding/funding-schedules');
      const started = await startDueRuns(new Date());
      return started > 0 ? `started ${started} scheduled funding runs` : null;
    },
    (message) => `starting due scheduled fundings failed (the next check retries): ${message}`,
    log,
  );
}

/**
 * The audit digest job (in the cloud daily, shortly after Riga midnight): locally at start and every hour, so the days
 * that ended while the portal was stopped are digested when it starts, and yesterday soon after midnight.
 */
export function startAuditDigestTimer(log: (line: string) => void): { stop(): void } {
  return repeat(
    60 * 60 * 1000,
    async () => {
      const { digestAuditTrails } = await import('@functions/activity/digest-audit-trail');
      const summary = await digestAuditTrails(new Date());
      const found = summary.findings > 0 ? `; ${summary.findings} findings in ${summary.mismatched} companies (npm run audit:verify -- --company <id> lists them)` : '';
      return summary.written > 0 || found ? `audit digests: ${summary.written} written${found}` : null;
    },
    (message) => `audit digests failed (the next check retries): ${message}`,
    log,
  );
}
