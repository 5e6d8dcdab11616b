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
 * Work queues; each has a dead-letter queue after maxReceiveCount failed receipts. The visibility timeout outlasts the
 * worker's timeout; for the short workers it is six times it (AWS's guidance for a Lambda event source). The long
 * workers (reports, exports, funding) keep 900 s for now: a worker killed at its timeout comes back only after the
 * visibility timeout, and the reports' give-up deadline (shared/reports.ts) waits out every receipt, so six times
 * 840 s would show a lost report as generating for over four hours. They get six times once a worker stops itself
 * before its timeout and fails the record with the short backoff (issue 18, "no state that hangs"). A failed record
 * comes back after the worker's short backoff (functions/platform/queue-worker.ts), not after the visibility timeout.
 */
export const queueDefinitions = [
  { role: 'reports', envVar: 'REPORTS_QUEUE_URL', visibilityTimeoutSeconds: 900 },
  { role: 'exports', envVar: 'EXPORTS_QUEUE_URL', visibilityTimeoutSeconds: 900 },
  { role: 'funding', envVar: 'FUNDING_QUEUE_URL', visibilityTimeoutSeconds: 900 },
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
 * in the local cloud (infra/local/queue-workers.ts). Its queue's visibility timeout outlasts its timeout, so a
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
