import { workerTimeoutSeconds, type QueueRole } from '../functions/platform/queue-work';
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
  { queue: 'issuerSandbox', handler: 'issuer/send-issuer-events', timeoutSeconds: workerTimeoutSeconds.issuerSandbox, batchSize: 10, maxConcurrency: 2 },
  { queue: 'mail', handler: 'mail/send-emails', timeoutSeconds: workerTimeoutSeconds.mail, batchSize: 10, maxConcurrency: 2 },
  { queue: 'funding', handler: 'funding/work-funding-files', timeoutSeconds: workerTimeoutSeconds.funding, batchSize: 1, maxConcurrency: 2 },
  { queue: 'exports', handler: 'exports/write-export-files', timeoutSeconds: workerTimeoutSeconds.exports, batchSize: 1, maxConcurrency: 2 },
  { queue: 'reports', handler: 'reports/build-report', timeoutSeconds: workerTimeoutSeconds.reports, batchSize: 1, maxConcurrency: 2 },
  // Several at once, and the records of a batch at once (deliver-webhooks.ts): one company's slow endpoint must not
  // hold back the others' deliveries. A record posts to up to webhookEndpointsPerCompany endpoints at once, each given
  // webhookTimeoutSeconds, so a batch of 5 ends well inside the timeout less workerStopMarginSeconds.
  { queue: 'webhooks', handler: 'webhooks/deliver-webhooks', timeoutSeconds: workerTimeoutSeconds.webhooks, batchSize: 5, maxConcurrency: 10 },
] as const satisfies readonly {
  queue: QueueRole;
  handler: string;
  timeoutSeconds: number;
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
