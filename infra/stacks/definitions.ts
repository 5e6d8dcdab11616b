import { providerAdminGroup } from '../../shared/roles';

/**
 * Plain data the stacks build from. It imports nothing from aws-cdk-lib, so the local cloud (infra/local) can
 * provision its emulators from the same values without loading the CDK.
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

export const queueNames = ['reports', 'exports', 'funding'] as const;
export type QueueName = (typeof queueNames)[number];

/**
 * A message is retried twice, then parked in the queue's DLQ (the job is marked generation_failed).
 * The visibility timeout must outlast the worker's Lambda timeout, or a running job is handed out twice.
 */
export const queueDefinitions: Readonly<Record<QueueName, { visibilityTimeoutSeconds: number; maxReceiveCount: number }>> = {
  reports: { visibilityTimeoutSeconds: 900, maxReceiveCount: 3 },
  exports: { visibilityTimeoutSeconds: 900, maxReceiveCount: 3 },
  funding: { visibilityTimeoutSeconds: 300, maxReceiveCount: 3 },
};

/** Presigned POSTs cap uploads at this size (DESIGN section 8); the API re-checks the stored object. */
export const maxUploadBytes = 10_000_000;

export const userPoolDefinition = {
  passwordMinLength: 8,
  accessTokenMinutes: 15,
  idTokenMinutes: 15,
  refreshTokenDays: 30,
  providerAdminGroup,
} as const;

/** Defaults of every API function; a route may ask for more in the stateless stack's grants map. */
export const apiFunctionDefaults = {
  memoryMb: 512,
  timeoutSeconds: 10,
} as const;
