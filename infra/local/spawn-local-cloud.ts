import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { projectRoot } from './settings';

export const readyInfoSchema = z.object({
  pid: z.number().int(),
  urls: z.object({ api: z.string(), web: z.string(), cognito: z.string(), outbox: z.string() }),
  resources: z.object({ userPoolId: z.string(), userPoolClientId: z.string(), tableName: z.string() }),
  userIds: z.record(z.string(), z.string()),
});
export type ReadyInfo = z.infer<typeof readyInfoSchema>;

export const testDataDir = join(projectRoot, '.test-local');
export const readyFile = (dataDir: string) => join(dataDir, 'ready.json');

export interface SpawnedLocalCloud {
  ready: ReadyInfo;
  stop(): Promise<void>;
}

/**
 * Starts the local cloud `npm start` runs, as its own process on the test ports with fresh in-memory data, and
 * waits for its ready file. Stopping signals that PID, which stops its own children.
 */
export async function spawnLocalCloud(web: 'dev' | 'preview' | 'none', timeoutMs = 120_000): Promise<SpawnedLocalCloud> {
  const file = readyFile(testDataDir);
  rmSync(file, { force: true });
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'infra/local/start.ts', '--profile', 'test', '--reset', '--in-memory', '--web', web],
    { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(file)) {
    if (child.exitCode !== null) throw new Error(`the local cloud exited with code ${child.exitCode}; see ${testDataDir}/logs`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the local cloud was not ready within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const ready = readyInfoSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  return {
    ready,
    stop: async () => {
      if (child.exitCode !== null) return;
      process.kill(ready.pid, 'SIGTERM');
      await exited;
    },
  };
}
