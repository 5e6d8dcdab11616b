import { existsSync, readFileSync } from 'node:fs';
import * as z from 'zod';
import { queueDefinitions } from '../definitions';
import type { ProvisionedResources } from './provision';
import { readyInfoSchema } from './spawn-local-cloud';
import { dataDirs, readyFileOf, testCloudDataDir, type LocalProfile } from './settings';

type QueueEnvVar = (typeof queueDefinitions)[number]['envVar'];
const queueEnvVars = queueDefinitions.map((queue) => queue.envVar) as [QueueEnvVar, ...QueueEnvVar[]];

const resourcesSchema = z.object({
  tableName: z.string(),
  documentsBucket: z.string(),
  reportsBucket: z.string(),
  auditDigestsBucket: z.string(),
  queueUrls: z.record(z.enum(queueEnvVars), z.string()),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
}) satisfies z.ZodType<ProvisionedResources>;

/**
 * The resources of the local cloud `npm start` (profile dev) or the tests (test; `instance` names one end-to-end
 * worker's cloud) is running; throws when it is not.
 */
export function runningCloud(profile: LocalProfile, instance = 0): ProvisionedResources {
  const file = readyFileOf(instance > 0 ? testCloudDataDir(instance) : dataDirs[profile]);
  if (!existsSync(file)) throw new Error('The local cloud is not running: start it with `npm start` first.');
  const ready = readyInfoSchema.extend({ resources: resourcesSchema }).parse(JSON.parse(readFileSync(file, 'utf8')));
  try {
    process.kill(ready.pid, 0);
  } catch {
    throw new Error(`The local cloud (pid ${ready.pid}) is not running: start it with \`npm start\` first.`);
  }
  return ready.resources;
}
