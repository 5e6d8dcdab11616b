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

/** Work queues; each has a dead-letter queue after maxReceiveCount failed receipts. */
export const queueDefinitions = [
  { role: 'reports', envVar: 'REPORTS_QUEUE_URL', visibilityTimeoutSeconds: 900 },
  { role: 'exports', envVar: 'EXPORTS_QUEUE_URL', visibilityTimeoutSeconds: 900 },
  { role: 'funding', envVar: 'FUNDING_QUEUE_URL', visibilityTimeoutSeconds: 900 },
  // The portal's own e-mails, one message each; its worker hands them to SES (functions/mail/send-emails.ts).
  { role: 'mail', envVar: 'MAIL_QUEUE_URL', visibilityTimeoutSeconds: 180 },
  // The card issuer sandbox's outgoing events (delayed deliveries); its worker posts them to our webhook.
  { role: 'issuerSandbox', envVar: 'ISSUER_SANDBOX_QUEUE_URL', visibilityTimeoutSeconds: 60 },
] as const;
export const deadLetterMaxReceiveCount = 3;

/**
 * The function that works each queue's messages: in the cloud a Lambda with an SQS event source, locally a long poll
 * in the local cloud (infra/local/queue-workers.ts). Its timeout stays below the queue's visibility timeout, so a
 * message is never handed out twice while its first receipt is still being worked.
 */
export const queueWorkers = [
  { queue: 'issuerSandbox', handler: 'issuer/send-issuer-events', timeoutSeconds: 30, batchSize: 10 },
  // Ten e-mails an invocation, each a call to SES of well under a second; the visibility is six times the timeout.
  { queue: 'mail', handler: 'mail/send-emails', timeoutSeconds: 30, batchSize: 10 },
  // One funding file per invocation: a 10,000-row file takes well under a minute, and a cut-short one resumes.
  { queue: 'funding', handler: 'funding/work-funding-files', timeoutSeconds: 600, batchSize: 1 },
  // One export at a time: a file of 500,000 rows takes minutes; the timeout stays under the queue's 900 s visibility.
  { queue: 'exports', handler: 'transactions/export-transactions', timeoutSeconds: 840, batchSize: 1 },
  // One report at a time, like an export: a report of 1,000,000 transactions takes minutes, under the 900 s visibility.
  { queue: 'reports', handler: 'reports/build-report', timeoutSeconds: 840, batchSize: 1 },
] as const satisfies readonly { queue: (typeof queueDefinitions)[number]['role']; handler: string; timeoutSeconds: number; batchSize: number }[];

export const userPoolSettings = {
  passwordMinLength: 8,
  accessTokenMinutes: 15,
  idTokenMinutes: 15,
  refreshTokenDays: 30,
} as const;
