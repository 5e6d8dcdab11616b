// The queues' work as the functions need to know it: how long each worker may run, how often a record is received
// before its dead-letter queue, its retry backoff and when work left running is overdue. The stacks build the queues,
// the workers and the deadline job from these (infra/definitions.ts), so the two cannot disagree.

/**
 * Each queue's worker's Lambda timeout: the stacks give it to the worker (infra/definitions.ts `queueWorkers`) and its
 * queue's visibility timeout follows it; the work deadlines below count on it.
 */
export const workerTimeoutSeconds = {
  issuerSandbox: 30,
  // Ten e-mails an invocation, each a call to SES of well under a second.
  mail: 30,
  // One funding file per invocation: a 10,000-row file takes well under a minute, and a cut-short one resumes.
  funding: 600,
  // One employee import per invocation: a 5,000-row file (its cards ordered in batches of 100) takes about a minute
  // locally, and a cut-short one resumes from the rows done.
  employeeImports: 600,
  // One export at a time: a file of 500,000 rows takes minutes.
  exports: 840,
  // One report at a time, like an export: a report of 1,000,000 transactions takes minutes.
  reports: 840,
  // One month's invoice or one credit note per record, a few at a time: a PDF of a page takes well under a second.
  invoices: 60,
  // Five messages an invocation, all at once: each an event fanned out to at most 10 endpoints at once, or a
  // delivery; each post at most 10 s, so a batch takes about 10 s however many of its endpoints are slow.
  webhooks: 120,
} as const;

export type QueueRole = keyof typeof workerTimeoutSeconds;

/** How often a work queue hands a record before it moves to its dead-letter queue. */
export const deadLetterMaxReceiveCount = 3;

/**
 * A failed record's retry backoff in a deployment: it comes back after this many seconds times its receive count (30
 * s, 60 s, then the dead-letter queue). The local cloud sets a few seconds (infra/local/settings.ts).
 */
export const queueRetryBaseSeconds = 30;
/** How long before Lambda's timeout a worker stops its record and fails it (queue-worker.ts): time to clean up. */
export const workerStopMarginSeconds = 30;
/** Slack on a deadline for the queue's own delays (a poll, a cold start, a throttled invocation waiting). */
const deadlineMarginSeconds = 5 * 60;

/**
 * How long a queue's work may stay running (a funding file queued or applying, an export or report generating) after
 * its message was sent: every receipt up to the dead-letter queue run to the worker's timeout, with the backoff
 * between them, plus a margin. Past it no worker is still on it (one died on its last receipt, or the message was
 * lost), so the deadline job (functions/exports/fail-overdue-work.ts) marks it failed and alarms. A worker that dies
 * without answering comes back only after the visibility timeout, later than this: it then finds its work failed and
 * leaves it so (a failed funding file is applied again only when a user retries it).
 */
export function workDeadlineSeconds(queue: QueueRole): number {
  const receipts = deadLetterMaxReceiveCount;
  const backoffs = (queueRetryBaseSeconds * receipts * (receipts - 1)) / 2;
  return receipts * workerTimeoutSeconds[queue] + backoffs + deadlineMarginSeconds;
}
