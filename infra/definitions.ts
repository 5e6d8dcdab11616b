import { apiFunctionTimeoutSeconds } from '../functions/platform/api-function';
import { workerTimeoutSeconds, type QueueRole } from '../functions/platform/queue-work';
import { bundledFontDir, invoiceFontFiles, invoiceFontPackage, invoiceFontPackageDir } from '../functions/invoices/invoice-fonts';
import { cognitoTriggers, routes } from '../shared/api/manifest';
import { sessionLifetimes } from '../shared/session-lifetimes';

/**
 * Resource shapes that both the CDK stacks and the local cloud build from, so the emulators hold the same
 * table, buckets and queues as the cloud.
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  timeToLiveAttribute: 'expiresAt',
  /** The table's stream, which the outbox relay reads (outboxRelay): the new item of each write is all it needs. */
  streamViewType: 'NEW_IMAGE',
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
} as const;

/**
 * Work queues; each has a dead-letter queue after maxReceiveCount failed receipts. The visibility timeout is six times
 * the worker's timeout (AWS's guidance for a Lambda event source, tested on the templates). It
 * matters only for a worker that dies without answering (out of memory): a worker stops itself before its timeout
 * (functions/platform/queue-worker.ts) and fails the record with the short backoff, so a record that fails or runs
 * out of time comes back after `queueRetryBaseSeconds` x its receive count, not after the visibility timeout. What was
 * left generating or applying by a dead worker is failed by its deadline (`workDeadlineSeconds`).
 */
export const queueDefinitions = [
  { role: 'reports', envVar: 'REPORTS_QUEUE_URL', visibilityTimeoutSeconds: 6 * workerTimeoutSeconds.reports },
  { role: 'exports', envVar: 'EXPORTS_QUEUE_URL', visibilityTimeoutSeconds: 6 * workerTimeoutSeconds.exports },
  { role: 'funding', envVar: 'FUNDING_QUEUE_URL', visibilityTimeoutSeconds: 6 * workerTimeoutSeconds.funding },
  // Bulk employee imports (issue 34): one message per applied import; its worker creates the rows and orders the cards.
  { role: 'employeeImports', envVar: 'EMPLOYEE_IMPORTS_QUEUE_URL', visibilityTimeoutSeconds: 6 * workerTimeoutSeconds.employeeImports },
  // Each company's monthly invoice (queued by the fee run) and each credit note's PDF (queued by its outbox item).
  { role: 'invoices', envVar: 'INVOICES_QUEUE_URL', visibilityTimeoutSeconds: 6 * workerTimeoutSeconds.invoices },
  // The portal's own e-mails, one message each; its worker hands them to SES (functions/mail/send-emails.ts).
  { role: 'mail', envVar: 'MAIL_QUEUE_URL', visibilityTimeoutSeconds: 6 * workerTimeoutSeconds.mail },
  // The card issuer sandbox's outgoing events (delayed deliveries); its worker posts them to our webhook.
  { role: 'issuerSandbox', envVar: 'ISSUER_SANDBOX_QUEUE_URL', visibilityTimeoutSeconds: 6 * workerTimeoutSeconds.issuerSandbox },
  // Webhook events to fan out to a company's endpoints, and deliveries to post (functions/webhooks/deliver-webhooks.ts).
  { role: 'webhooks', envVar: 'WEBHOOKS_QUEUE_URL', visibilityTimeoutSeconds: 6 * workerTimeoutSeconds.webhooks },
] as const satisfies readonly { role: QueueRole; envVar: string; visibilityTimeoutSeconds: number }[];
/**
 * How long a message waits on a work queue (SQS's default, stated): a worker down for longer than that is an outage
 * the alarms have long reported. The dead-letter queues keep theirs for 14 days, longer than the source, as SQS
 * counts a message's age from when it was first sent.
 */
export const queueRetentionDays = 4;
export const deadLetterRetentionDays = 14;

/**
 * The function that works each queue's messages: in the cloud a Lambda with an SQS event source, locally a long poll
 * in the local cloud (infra/local/queue-workers.ts). Its queue's visibility timeout outlasts its timeout, so a
 * message is never handed out twice while its first receipt is still being worked. `maxConcurrency` caps the
 * invocations the event source runs at once (2 is the least Lambda allows): a burst of messages waits on the queue
 * instead of being throttled by the account's concurrency, which would count receipts towards the dead-letter queue.
 */
export const queueWorkers = [
  { queue: 'issuerSandbox', handler: 'issuer/send-issuer-events', timeoutSeconds: workerTimeoutSeconds.issuerSandbox, memoryMb: 512, batchSize: 10, maxConcurrency: 2 },
  { queue: 'mail', handler: 'mail/send-emails', timeoutSeconds: workerTimeoutSeconds.mail, memoryMb: 512, batchSize: 10, maxConcurrency: 2 },
  { queue: 'funding', handler: 'funding/work-funding-files', timeoutSeconds: workerTimeoutSeconds.funding, memoryMb: 512, batchSize: 1, maxConcurrency: 2 },
  { queue: 'employeeImports', handler: 'employees/work-employee-imports', timeoutSeconds: workerTimeoutSeconds.employeeImports, memoryMb: 512, batchSize: 1, maxConcurrency: 2 },
  { queue: 'exports', handler: 'exports/write-export-files', timeoutSeconds: workerTimeoutSeconds.exports, memoryMb: 512, batchSize: 1, maxConcurrency: 2 },
  { queue: 'reports', handler: 'reports/build-report', timeoutSeconds: workerTimeoutSeconds.reports, memoryMb: 512, batchSize: 1, maxConcurrency: 2 },
  // Invoices take the next number of one series: two workers at once take turns on it (functions/invoices/invoice-store.ts).
  { queue: 'invoices', handler: 'invoices/issue-invoices', timeoutSeconds: workerTimeoutSeconds.invoices, memoryMb: 1024, batchSize: 5, maxConcurrency: 2 },
  // Several at once, and the records of a batch at once (deliver-webhooks.ts): one company's slow endpoint must not
  // hold back the others' deliveries. A record posts to up to webhookEndpointsPerCompany endpoints at once, each given
  // webhookTimeoutSeconds, so a batch of 5 ends well inside the timeout less workerStopMarginSeconds.
  { queue: 'webhooks', handler: 'webhooks/deliver-webhooks', timeoutSeconds: workerTimeoutSeconds.webhooks, memoryMb: 512, batchSize: 5, maxConcurrency: 10 },
] as const satisfies readonly {
  queue: QueueRole;
  handler: string;
  timeoutSeconds: number;
  memoryMb: number;
  batchSize: number;
  maxConcurrency: number;
}[];

/**
 * The outbox relay (functions/platform/relay-outbox.ts): the table stream's consumer, in the cloud a Lambda whose event
 * source mapping passes only the inserts of outbox items, locally a poller of DynamoDB Local's stream
 * (infra/local/outbox-relay.ts). A failed batch is halved and retried `retryAttempts` times; the record that still
 * fails goes to the relay's on-failure queue, which alarms. Each record is a few SendMessage calls, so a batch of
 * `batchSize` ends well inside the timeout.
 */
export const outboxRelay = {
  handler: 'platform/relay-outbox',
  timeoutSeconds: 60,
  memoryMb: 256,
  batchSize: 25,
  retryAttempts: 10,
} as const;

/**
 * A job's schedule as EventBridge reads it, on UTC: a cron of minute, hour and day of the month (every month), or a rate
 * in minutes. The stack makes the rule's expression of it; the local cloud runs the job more often
 * (infra/local/scheduled-jobs.ts says how often, per job).
 */
export type JobSchedule = { readonly cron: { readonly minute: string; readonly hour: string; readonly day: string } } | { readonly rateMinutes: number };

interface ScheduledJob {
  readonly handler: string;
  readonly timeoutSeconds: number;
  readonly memoryMb: number;
  readonly ruleId: string;
  readonly description: string;
  readonly schedule: JobSchedule;
  /** EventBridge's retries of a run it could not start, and how long it keeps trying. */
  readonly retryAttempts: number;
  readonly maxEventAgeSeconds: number;
}

/**
 * The jobs an EventBridge rule runs on a schedule: in the cloud a rule per job that invokes its function with a
 * scheduled event (infra/stacks/stateless-stack.ts), locally a timer per job that hands the same handler such an event
 * (infra/local/scheduled-jobs.ts).
 */
export const scheduledJobs = [
  {
    // The monthly maintenance fee (SPEC section 4). A retried run charges nothing twice: each fee is written once per
    // month and employee.
    handler: 'fees/charge-monthly-fees',
    timeoutSeconds: 900,
    memoryMb: 1024,
    ruleId: 'MonthlyFeeSchedule',
    description: 'Charges the monthly card fees at 02:00 UTC on the 1st of each month',
    schedule: { cron: { minute: '0', hour: '2', day: '1' } },
    retryAttempts: 4,
    maxEventAgeSeconds: 6 * 60 * 60,
  },
  {
    // Open card authorizations past their expiry give their reservation back. A missed or retried run is harmless:
    // each authorization is closed once, and the next run takes what is left.
    handler: 'authorizations/release-expired-authorizations',
    timeoutSeconds: 300,
    memoryMb: 512,
    ruleId: 'AuthorizationReleaseSchedule',
    description: 'Releases card authorizations past their expiry every 15 minutes',
    schedule: { rateMinutes: 15 },
    retryAttempts: 2,
    maxEventAgeSeconds: 15 * 60,
  },
  {
    // Support chat replies left unread past their notice time are e-mailed. A retried run mails a chat's side once:
    // the chat remembers it was mailed, and a notice is deleted after its e-mail.
    handler: 'messaging/send-unseen-reply-notices',
    timeoutSeconds: 300,
    memoryMb: 512,
    ruleId: 'UnseenReplyNoticeSchedule',
    description: 'E-mails support chat replies left unread for 5 minutes, every 5 minutes',
    schedule: { rateMinutes: 5 },
    retryAttempts: 2,
    maxEventAgeSeconds: 5 * 60,
  },
  {
    // Funding files, exports and reports still running past their queue's deadline (workDeadlineSeconds) are marked
    // failed, each under a condition a finishing worker wins, and counted in a metric that alarms. A missed run is
    // made up by the next; a retried one finds nothing left.
    handler: 'exports/fail-overdue-work',
    timeoutSeconds: 120,
    memoryMb: 512,
    ruleId: 'OverdueWorkSchedule',
    description: 'Marks funding files, exports and reports still running past their deadline failed, every 5 minutes',
    schedule: { rateMinutes: 5 },
    retryAttempts: 2,
    maxEventAgeSeconds: 5 * 60,
  },
  {
    // Issue 35: requests for a second person's approval left unanswered past their days become expired, recorded and
    // told to webhooks. A retried or missed run is harmless: each is expired once, the next run takes what is left.
    handler: 'approvals/expire-approvals',
    timeoutSeconds: 120,
    memoryMb: 512,
    ruleId: 'ApprovalExpirySchedule',
    description: 'Expires requests for approval left unanswered past their days, every 15 minutes',
    schedule: { rateMinutes: 15 },
    retryAttempts: 2,
    maxEventAgeSeconds: 15 * 60,
  },
  {
    // Webhook deliveries whose next attempt is due and that no delayed message carries (retries hours apart, or one an
    // attempt that died left behind) go on the webhooks queue again; the attempt's claim posts each once.
    handler: 'webhooks/dispatch-due-webhooks',
    timeoutSeconds: 60,
    memoryMb: 512,
    ruleId: 'WebhookDispatchSchedule',
    description: 'Queues the webhook deliveries whose next attempt is due, every minute',
    schedule: { rateMinutes: 1 },
    retryAttempts: 0,
    maxEventAgeSeconds: 60,
  },
  {
    // Issue 31: each company's days that are over get their digest in the digests bucket, chained to the day before,
    // and the check of the records against their digests goes on (functions/activity/audit-digests.ts). 22:45 UTC is
    // 00:45 in Riga in winter and 01:45 in summer: after midnight either way, and after digestSettleMinutes. A retried
    // or repeated run writes no digest twice; a missed one is made up by the next, which digests every day not yet done.
    handler: 'activity/digest-audit-trail',
    timeoutSeconds: 900,
    memoryMb: 1024,
    ruleId: 'AuditDigestSchedule',
    description: 'Digests each company\'s audit records of the days that are over, shortly after Riga midnight every day',
    schedule: { cron: { minute: '45', hour: '22', day: '*' } },
    retryAttempts: 4,
    maxEventAgeSeconds: 6 * 60 * 60,
  },
] as const satisfies readonly ScheduledJob[];
/**
 * EventBridge Scheduler's hourly message on the funding queue (issue 21): at five past every hour of Riga's day, the
 * funding worker starts the scheduled runs due by then (functions/funding/work-funding-files.ts). Scheduler puts the
 * run's scheduled time in the message's `at`. Locally a timer puts the same message on the local funding queue.
 */
export const dueFundingRunsSchedule = {
  queue: 'funding',
  expression: 'cron(5 * * * ? *)',
  timezone: 'Europe/Riga',
  messageKind: 'start_due_runs',
} as const satisfies { queue: QueueRole; expression: string; timezone: string; messageKind: string };

/**
 * Functions a deploy starts once, by a CloudFormation custom resource (infra/stacks/stateless-stack.ts), after the
 * functions named in `after` are in place: each a migration of stored data. The function answers CloudFormation before
 * it runs (functions/platform/deploy-job.ts), so the deploy neither waits for it nor is rolled back by its failure,
 * which its failures alarm reports; it stays deployed, for an operator to invoke again. The local cloud runs them
 * when it starts on kept data.
 */
export const deployJobs = [
  {
    // Issue 30: seals the webhook signing secrets that endpoints made before it hold in plaintext. After the functions
    // that read and write endpoints, which read both shapes and write only sealed ones.
    handler: 'webhooks/seal-webhook-secrets',
    timeoutSeconds: 900,
    memoryMb: 512,
    after: ['webhooks/deliver-webhooks', 'webhooks/create-webhook-endpoint', 'webhooks/rotate-webhook-secret'],
  },
  {
    // Issue 32: indexes the card legs written before the employees' card statement (/card history). After the
    // functions that write nearly all card legs (fundings, a file's and a run's payments), which now write each with
    // its key. A card's balance returned on closing it is written by the card actions, in another nested stack that
    // CloudFormation may update later: a leg one of them writes in that window is indexed by running the job again.
    handler: 'funding/index-card-statements',
    timeoutSeconds: 900,
    memoryMb: 512,
    after: ['funding/fund-employee', 'funding/work-funding-files'],
  },
] as const;

/**
 * Files a function reads beside its bundle, which the stack copies there (infra/constructs/portal-function.ts): the
 * invoice worker's fonts, from their pinned npm package (functions/invoices/invoice-fonts.ts). Only the functions that
 * make PDFs carry them, and only they bundle PDFKit.
 */
export const bundledFiles: Readonly<Record<string, readonly { readonly from: string; readonly to: string }[]>> = {
  'invoices/issue-invoices': [
    ...Object.values(invoiceFontFiles).map((file) => ({ from: `node_modules/${invoiceFontPackage}/${invoiceFontPackageDir}/${file}`, to: `${bundledFontDir}/${file}` })),
    // The fonts' licence asks for its notice with every copy of the font files.
    { from: `node_modules/${invoiceFontPackage}/LICENSE`, to: `${bundledFontDir}/LICENSE` },
  ],
};

/** A function's Lambda timeout and memory. */
export interface FunctionSettings {
  readonly timeoutSeconds: number;
  readonly memoryMb: number;
}

/** Every API route's function; a route that needs more says so here when it comes. */
export const apiFunctionSettings = { timeoutSeconds: apiFunctionTimeoutSeconds, memoryMb: 512 } as const satisfies FunctionSettings;

/** The Cognito CustomMessage trigger (infra/stacks/stateful-stack.ts): Cognito gives a trigger 5 seconds before it fails the sign-up or message. */
export const cognitoTriggerSettings = { timeoutSeconds: 5, memoryMb: 512 } as const satisfies FunctionSettings;

const backgroundFunctions: readonly (FunctionSettings & { readonly handler: string })[] = [...queueWorkers, ...scheduledJobs, ...deployJobs, outboxRelay];

/**
 * Each function's timeout and memory, by its handler: the stacks give each function these, and the local cloud's Lambda
 * context tells the handler the same (infra/local/api-server.ts lambdaContext); infra/wiring/cloud-wiring.test.ts holds the
 * templates to it. Throws for a handler the stacks do not deploy.
 */
export function functionSettingsOf(handler: string): FunctionSettings {
  const background = backgroundFunctions.find((candidate) => candidate.handler === handler);
  if (background) return { timeoutSeconds: background.timeoutSeconds, memoryMb: background.memoryMb };
  if (handler === cognitoTriggers.customMessage) return cognitoTriggerSettings;
  if (routes.some((route) => route.handler === handler)) return apiFunctionSettings;
  throw new Error(`functions/${handler} is no function the stacks deploy`);
}

export const userPoolSettings = {
  passwordMinLength: 8,
  /** How many earlier passwords Cognito refuses again (SPEC section 8 'previously used password'). */
  passwordHistorySize: 5,
  ...sessionLifetimes,
} as const;

/**
 * How long S3 Object Lock keeps each audit digest (issue 31) in compliance mode, in days: nobody, the account's root
 * included, can delete or overwrite a digest version before then. The deploy configuration's `auditDigestRetentionDays`
 * chooses within these bounds (S3 allows up to 100 years); the default is ten years, and an operator sets the period
 * their auditors and the law ask for.
 */
export const auditDigestRetention = { defaultDays: 3_653, minDays: 1, maxDays: 36_500 } as const;
