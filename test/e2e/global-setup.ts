import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { recordedCallsDir, recordedCallsDirVariable } from '../../infra/local/recorded-aws-calls';
import { projectRoot, testCloudBase } from '../../infra/local/settings';
import { spawnLocalCloud, type SpawnedLocalCloud } from '../../infra/local/spawn-local-cloud';

/**
 * Builds the SPA once and serves the production build from the local cloud `npm start` runs, one cloud per worker
 * (each on ports and data of its own: support/test-cloud.ts), started side by side.
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  if (process.env.PORTAL_E2E_SKIP_BUILD !== 'true') buildFrontend();
  // DynamoDB Local tuned for a short run of small requests (infra/local/emulators.ts startDynamoDb).
  process.env.PORTAL_DYNAMODB_JVM = 'quick';
  // The clouds inherit it and record every AWS call their functions make, for the role check (recorded-aws-calls.ts).
  mkdirSync(recordedCallsDir, { recursive: true });
  process.env[recordedCallsDirVariable] = recordedCallsDir;
  const started = await Promise.allSettled(Array.from({ length: config.workers }, (_, index) => spawnLocalCloud('preview', 120_000, undefined, testCloudBase() + index)));
  const clouds = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all(clouds.map((cloud: SpawnedLocalCloud) => cloud.stop()));
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  return stopAll;
}

/** Node's arguments for the production build of the SPA that the test clouds serve (`npm test` runs it earlier). */
export const frontendBuildArgs = [join(projectRoot, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn'];

export function buildFrontend(): void {
  const build = spawnSync(process.execPath, frontendBuildArgs, { cwd: projectRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the frontend build failed');
}
