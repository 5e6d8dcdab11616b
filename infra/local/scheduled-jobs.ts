import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { ScheduledEvent } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { feeMonthOf } from '@shared/fees';
import { dueFundingRunsSchedule, queueDefinitions, scheduledJobs } from '../definitions';
import { lambdaContext, loadHandler } from './api-server';
import type { ProvisionedResources } from './provision';
import { region, type LocalProfile } from './settings';

type ScheduledJobHandler = (typeof scheduledJobs)[number]['handler'];

/** Milliseconds between a timer's runs, per profile; null where the profile runs none (its tests run the job themselves). */
type LocalIntervals = Record<LocalProfile, number | null>;

interface LocalJobTimer {
  /**
   * Locally each job runs more often than its cloud schedule, so what a schedule does shows soon after it is due; the
   * monthly and daily ones at start and every hour (a run finds nothing left to do again).
   */
  readonly everyMs: LocalIntervals;
  /** What a run is called in the line that says it failed. */
  readonly what: string;
  /** The console's line for what a run answered, or null when it did nothing worth a line. */
  readonly line: (answer: unknown, at: Date) => string | null;
}

const minute = 60_000;
const hour = 60 * minute;

/**
 * The local stand-ins for the stack's scheduled jobs (definitions.ts `scheduledJobs`), one per job, typed by them: a job
 * added there does not compile here until it has its timer. Tests charge fees, release authorizations, fail overdue
 * work and digest audit trails themselves, for the months, companies and moments they choose.
 */
const localJobTimers: Record<ScheduledJobHandler, LocalJobTimer> = {
  // The cloud's: 02:00 UTC on the 1st. A month already charged charges nothing again.
  'fees/charge-monthly-fees': {
    everyMs: { dev: hour, test: null },
    what: 'monthly fee',
    line: (answer, at) => {
      const { charged } = z.object({ charged: z.number() }).parse(answer);
      return charged > 0 ? `monthly fee for ${feeMonthOf(at)}: ${charged} products charged` : null;
    },
  },
  // The cloud's: every 15 minutes; here an expiry shows soon after it passes.
  'authorizations/release-expired-authorizations': {
    everyMs: { dev: minute, test: null },
    what: 'releasing expired authorizations',
    line: (answer) => {
      const { expired } = z.object({ expired: z.number() }).parse(answer);
      return expired > 0 ? `released ${expired} expired card authorizations` : null;
    },
  },
  // The cloud's: every 5 minutes; here an e-mail lands in the outbox soon after its reply has waited unread for
  // shared/messaging's unseenReplyMailMinutes. Both profiles mail, as the cloud does.
  'messaging/send-unseen-reply-notices': {
    everyMs: { dev: minute, test: 5_000 },
    what: 'unseen-reply e-mails',
    line: (answer) => {
      const { mailed } = z.object({ mailed: z.number() }).parse(answer);
      return mailed > 0 ? `e-mailed ${mailed} unseen support chat replies` : null;
    },
  },
  // The cloud's: every 5 minutes. Work fails by it only when its worker died or its message was lost, which the local
  // cloud shows as the cloud does: failed, not in work forever.
  'exports/fail-overdue-work': {
    everyMs: { dev: minute, test: null },
    what: 'failing overdue work',
    line: (answer) => {
      const summary = z.object({ fundingFiles: z.number(), employeeImports: z.number(), backgroundFiles: z.number(), notEnded: z.number() }).parse(answer);
      const failed = summary.fundingFiles + summary.employeeImports + summary.backgroundFiles;
      const notEnded = summary.notEnded > 0 ? `; could not end ${summary.notEnded} (logged; tried again at the next check)` : '';
      return failed > 0 || notEnded ? `failed ${summary.fundingFiles} funding files, ${summary.employeeImports} employee imports and ${summary.backgroundFiles} exports or reports past their deadline${notEnded}` : null;
    },
  },
  // The cloud's: every 15 minutes; here an expired request shows so soon after its days pass.
  'approvals/expire-approvals': {
    everyMs: { dev: minute, test: null },
    what: 'expiring approval requests',
    line: (answer) => {
      const { expired } = z.object({ expired: z.number() }).parse(answer);
      return expired > 0 ? `expired ${expired} requests for approval left unanswered` : null;
    },
  },
  // The cloud's: every minute. Webhook retries that no delayed message carries; both profiles queue them.
  'webhooks/dispatch-due-webhooks': {
    everyMs: { dev: 15_000, test: 2_000 },
    what: 'queueing due webhook deliveries',
    line: (answer) => {
      const { queued } = z.object({ queued: z.number() }).parse(answer);
      return queued > 0 ? `queued ${queued} due webhook deliveries` : null;
    },
  },
  // The cloud's: daily, shortly after Riga midnight. Here the days that ended while the portal was stopped are digested
  // when it starts, and yesterday soon after midnight.
  'activity/digest-audit-trail': {
    everyMs: { dev: hour, test: null },
    what: 'audit digests',
    line: (answer) => {
      const summary = z.object({ written: z.number(), findings: z.number(), mismatched: z.number() }).parse(answer);
      const found = summary.findings > 0 ? `; ${summary.findings} findings in ${summary.mismatched} companies (npm run audit:verify -- --company <id> lists them)` : '';
      return summary.written > 0 || found ? `audit digests: ${summary.written} written${found}` : null;
    },
  },
};

/**
 * The cloud's hourly EventBridge Scheduler message that starts the due scheduled fundings (definitions.ts
 * `dueFundingRunsSchedule`), put on the local funding queue every minute, so a rule made for today runs within a minute.
 */
const dueFundingRunsEveryMs: LocalIntervals = { dev: minute, test: null };

/**
 * What the local cloud runs on timers: each scheduled job's handler, and the message put on a queue by schedule
 * (infra/wiring/cloud-wiring.ts holds it to the stacks' rules and schedules). The intervals differ from the cloud's on purpose.
 */
export const localSchedulePlan = {
  jobs: scheduledJobs.map((job) => ({ handler: job.handler, ruleId: job.ruleId, everyMs: localJobTimers[job.handler].everyMs })),
  queueMessages: [{ queue: dueFundingRunsSchedule.queue, messageKind: dueFundingRunsSchedule.messageKind, everyMs: dueFundingRunsEveryMs }],
};

/** EventBridge's scheduled event of a rule firing now (its time to the second, as EventBridge writes it). */
function scheduledEventOf(ruleId: string, at: Date): ScheduledEvent {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: at.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region,
    resources: [`arn:aws:events:${region}:000000000000:rule/${ruleId}`],
    detail: {},
  };
}

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

export interface ScheduledJobTimers {
  /** Stops the timers and closes the client's connections (a run under way ends on its own). */
  stop(): void;
}

/**
 * The profile's timers of localSchedulePlan: each job's handler module, the one the stack deploys, is handed a scheduled
 * event with its function's Lambda context, as its rule invokes it; the due fundings' message goes on the local funding
 * queue, whose worker starts the runs, as in the cloud.
 */
export function startScheduledJobs(profile: LocalProfile, sqs: SQSClient, queueUrls: ProvisionedResources['queueUrls'], log: (line: string) => void): ScheduledJobTimers {
  const timers: { stop(): void }[] = [];
  for (const job of localSchedulePlan.jobs) {
    const everyMs = job.everyMs[profile];
    if (everyMs === null) continue;
    const timer = localJobTimers[job.handler];
    const run = async () => {
      const at = new Date();
      const handler = await loadHandler(job.handler);
      return timer.line(await handler(scheduledEventOf(job.ruleId, at), lambdaContext(job.handler)), at);
    };
    timers.push(repeat(everyMs, run, (message) => `${timer.what} failed (the next check retries): ${message}`, log));
  }
  for (const message of localSchedulePlan.queueMessages) {
    const everyMs = message.everyMs[profile];
    if (everyMs === null) continue;
    const definition = queueDefinitions.find((queue) => queue.role === message.queue);
    if (!definition) throw new Error(`no queue ${message.queue}`);
    const send = async () => {
      const body = JSON.stringify({ kind: message.messageKind, at: new Date().toISOString() });
      await sqs.send(new SendMessageCommand({ QueueUrl: queueUrls[definition.envVar], MessageBody: body }));
      return null;
    };
    timers.push(repeat(everyMs, send, (error) => `putting the ${message.messageKind} message on the ${message.queue} queue failed (the next check retries): ${error}`, log));
  }
  return {
    stop() {
      for (const timer of timers) timer.stop();
      sqs.destroy();
    },
  };
}
