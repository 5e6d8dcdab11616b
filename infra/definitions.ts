/**
 * Resource shapes that both the CDK stacks and the local cloud build from, so the emulators hold the same
 * table, buckets and queues as the cloud.
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  timeToLiveAttribute: 'expiresAt',
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
} as const;

/**
 * Work queues; each has a dead-letter queue after maxReceiveCount failed receipts. The visibility timeout is six times
 * the worker's timeout (AWS's guidance for a Lambda event source, which may hold a batch while it retries a throttled
 * invocation); a failed record still comes back after the worker's short backoff (functions/platform/queue-worker.ts),
 * not after the visibility timeout.
 */
export const queueDefinitions = [
  { role: 'reports', envVar: 'REPORTS_QUEUE_URL', visibilityTimeoutSeconds: 6 * 840 },
  { role: 'exports', envVar: 'EXPORTS_QUEUE_URL', visibilityTimeoutSeconds: 6 * 840 },
  { role: 'funding', envVar: 'FUNDING_QUEUE_URL', visibilityTimeoutSeconds: 6 * 600 },
  // The portal's own e-mails, one message each; its worker hands them to SES (functions/mail/send-emails.ts).
  { role: 'mail', envVar: 'MAIL_QUEUE_URL', visibilityTimeoutSeconds: 6 * 30 },
  // The card issuer sandbox's outgoing events (delayed deliveries); its worker posts them to our webhook.
  { role: 'issuerSandbox', envVar: 'ISSUER_SANDBOX_QUEUE_URL', visibilityTimeoutSeconds: 6 * 30 },
] as const;
export const deadLetterMaxReceiveCount = 3;
/**
 * How long a message waits on a work queue (SQS's default, stated): a worker down for longer than that is an outage
 * the alarms have long reported. The dead-letter queues keep theirs for 14 days, longer than the source, as SQS
 * counts a message's age from when it was first sent.
 */
export const queueRetentionDays = 4;
export const deadLetterRetentionDays = 14;

/**
 * The function that works each queue's messages: in the cloud a Lambda with an SQS event source, locally a long poll
 * in the local cloud (infra/local/queue-workers.ts). Its queue's visibility timeout is six times its timeout, so a
 * message is never handed out twice while its first receipt is still being worked. `maxConcurrency` caps the
 * invocations the event source runs at once (2 is the least Lambda allows): a burst of messages waits on the queue
 * instead of being throttled by the account's concurrency, which would count receipts towards the dead-letter queue.
 */
export const queueWorkers = [
  { queue: 'issuerSandbox', handler: 'issuer/send-issuer-events', timeoutSeconds: 30, batchSize: 10, maxConcurrency: 2 },
  // Ten e-mails an invocation, each a call to SES of well under a second.
  { queue: 'mail', handler: 'mail/send-emails', timeoutSeconds: 30, batchSize: 10, maxConcurrency: 2 },
  // One funding file per invocation: a 10,000-row file takes well under a minute, and a cut-short one resumes.
  { queue: 'funding', handler: 'funding/work-funding-files', timeoutSeconds: 600, batchSize: 1, maxConcurrency: 2 },
  // One export at a time: a file of 500,000 rows takes minutes.
  { queue: 'exports', handler: 'transactions/export-transactions', timeoutSeconds: 840, batchSize: 1, maxConcurrency: 2 },
  // One report at a time, like an export: a report of 1,000,000 transactions takes minutes.
  { queue: 'reports', handler: 'reports/build-report', timeoutSeconds: 840, batchSize: 1, maxConcurrency: 2 },
] as const satisfies readonly {
  queue: (typeof queueDefinitions)[number]['role'];
  handler: string;
  timeoutSeconds: number;
  batchSize: number;
  maxConcurrency: number;
}[];

export const userPoolSettings = {
  passwordMinLength: 8,
  /** How many earlier passwords Cognito refuses again (SPEC section 8 'previously used password'). */
  passwordHistorySize: 5,
  accessTokenMinutes: 15,
  idTokenMinutes: 15,
  refreshTokenDays: 30,
} as const;
