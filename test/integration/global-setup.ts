import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { recordedCallsDir, recordedCallsDirVariable } from '../../infra/local/recorded-aws-calls';
import { handlerLogLevel, projectRoot, testCloudBase, testCloudPorts } from '../../infra/local/settings';

export interface CloudContext {
  apiUrl: string;
  cognitoUrl: string;
  userPoolId: string;
  userPoolClientId: string;
  tableName: string;
  userIds: Record<string, string>;
  /** What a handler sees, for tests that run a job (no route) in their own process, as its scheduler would. */
  handlerEnvironment: Record<string, string>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    cloud: CloudContext;
  }
}

/** The emulators are started by the tests themselves, on the test ports, and stopped by PID afterwards. */
export default async function setup(project: TestProject) {
  // The handlers' logger reads its service name and level when it is first imported, so the test cloud's are set
  // before the local cloud (and every handler with it) is.
  Object.assign(process.env, { POWERTOOLS_SERVICE_NAME: 'local-cloud', POWERTOOLS_LOG_LEVEL: handlerLogLevel.test });
  const { handlerEnvironment, startLocalCloud } = await import('../../infra/local/local-cloud');
  // Every AWS call the cloud's functions make, for the role check (recorded-aws-calls.ts).
  mkdirSync(recordedCallsDir, { recursive: true });
  process.env[recordedCallsDirVariable] = recordedCallsDir;
  const base = testCloudBase();
  const cloud = await startLocalCloud({
    profile: 'test',
    ports: testCloudPorts(base),
    dataDir: join(projectRoot, '.test-local', base === 0 ? 'integration' : `integration-${base}`),
    reset: true,
    inMemory: true,
    web: 'none',
    // Real random codes, read from the outbox as a person reads an SMS: a fixed code would hide a stale one.
    randomSmsCodes: true,
    recordedCallsLabel: 'integration',
  });
  project.provide('cloud', {
    apiUrl: cloud.urls.api,
    cognitoUrl: cloud.urls.cognito,
    userPoolId: cloud.resources.userPoolId,
    userPoolClientId: cloud.resources.userPoolClientId,
    tableName: cloud.resources.tableName,
    userIds: cloud.userIds,
    handlerEnvironment: handlerEnvironment(cloud.ports, cloud.resources, cloud.urls.web, 'test'),
  });
  return async () => {
    await cloud.stop();
  };
}
