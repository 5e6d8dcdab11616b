import { join, resolve } from 'node:path';

export interface LocalPorts {
  dynamodb: number;
  s3: number;
  sqs: number;
  cognito: number;
  api: number;
  web: number;
}

/** `npm start` and the tests use separate ports and data, so a running portal never disturbs a test run. */
export const portProfiles = {
  dev: { dynamodb: 8000, s3: 4569, sqs: 4566, cognito: 9229, api: 5001, web: 5173 },
  test: { dynamodb: 18000, s3: 14569, sqs: 14566, cognito: 19229, api: 15001, web: 15173 },
} as const satisfies Record<string, LocalPorts>;

export type LocalProfile = keyof typeof portProfiles;

/**
 * The end-to-end suite runs one test cloud per Playwright worker, so that each worker's specs meet only their own
 * data, one spec at a time, as with a single worker. Instance 0 is the test profile itself; instance n moves every
 * port by 100 n and keeps its data in a folder of its own.
 */
export function testCloudPorts(instance: number): LocalPorts {
  const base: LocalPorts = portProfiles.test;
  return Object.fromEntries(Object.entries(base).map(([service, port]) => [service, port + 100 * instance])) as unknown as LocalPorts;
}

/**
 * Where this run's test clouds start: `TEST_CLOUD_BASE=n` moves the integration cloud to instance n and the end-to-end
 * workers' to n, n+1, ..., so two runs on one machine (two checkouts, a review beside a change) do not meet. Unset: 0.
 */
export function testCloudBase(): number {
  const raw = process.env.TEST_CLOUD_BASE ?? '0';
  const base = Number(raw);
  if (!/^\d$/.test(raw) || base > 7) throw new Error(`TEST_CLOUD_BASE must be a whole number from 0 to 7, not '${raw}'`);
  return base;
}

export const projectRoot = resolve(import.meta.dirname, '../..');

export const region = 'eu-west-1';
// s3rver accepts only its own fixed key pair; the other emulators accept anything.
export const dummyCredentials = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' } as const;

export const resourceNames = {
  table: 'portal',
  documentsBucket: 'portal-documents',
  reportsBucket: 'portal-reports',
  // The same bucket as the cloud's, without Object Lock (s3rver has none): here a digest can still be deleted by hand,
  // which the verify command then reports as missing.
  auditDigestsBucket: 'portal-audit-digests',
  queue: (role: string) => `portal-${role}`,
  deadLetterQueue: (role: string) => `portal-${role}-dlq`,
  userPool: 'portal-users',
  userPoolClient: 'portal-web',
} as const;

/** Local SMS codes are this fixed value unless PORTAL_RANDOM_SMS_CODES=true asks for real random ones. */
export const fixedSmsCode = '123456';

/** Where each profile keeps its data and logs: `.local/` survives restarts, `.test-local/` is for test runs. */
export const dataDirs: Record<LocalProfile, string> = {
  dev: resolve(projectRoot, '.local'),
  test: resolve(projectRoot, '.test-local'),
};

/** The local cloud's handlers' JSON lines, as CloudWatch would hold them. */
export const handlerLogFileOf = (dataDir: string) => join(dataDir, 'logs', 'handlers.log');

/** Where test cloud `instance` (testCloudPorts) keeps its data and logs. */
export const testCloudDataDir = (instance: number): string => (instance === 0 ? dataDirs.test : `${dataDirs.test}-${instance}`);

/** Written by `start.ts` once everything listens, so a harness waits for a file instead of parsing output. */
export const readyFileOf = (dataDir: string) => resolve(dataDir, 'ready.json');

/** Written when a local cloud stops on its own (an emulator exited, a bug of its own): when and why. */
export const stoppedFileOf = (dataDir: string) => resolve(dataDir, 'stopped.txt');

/** How long the card issuer sandbox takes to deliver an ordered card: long enough to see "ordered" in the demo. */
export const issuerDeliverySeconds: Record<LocalProfile, number> = { dev: 20, test: 2 };

/**
 * The handlers' log level. `npm start` logs what a deployment logs, into handlerLogFileOf (its console shows only the
 * problems, start.ts); the tests read outcomes, not the info lines, and keep warnings and errors.
 */
export const handlerLogLevel = { dev: 'INFO', test: 'WARN' } as const satisfies Record<LocalProfile, string>;

/** A failed queue record comes back after this many seconds times its receive count (the cloud's is 30). */
export const queueRetryBaseSeconds: Record<LocalProfile, number> = { dev: 5, test: 1 };
