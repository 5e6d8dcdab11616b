import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import * as z from 'zod';
import { projectRoot, readyFileOf, testCloudDataDir } from './settings';

export const readyInfoSchema = z.object({
  pid: z.number().int(),
  urls: z.object({ api: z.string(), web: z.string(), cognito: z.string(), outbox: z.string() }),
  resources: z.object({ userPoolId: z.string(), userPoolClientId: z.string(), tableName: z.string() }),
  userIds: z.record(z.string(), z.string()),
});
export type ReadyInfo = z.infer<typeof readyInfoSchema>;

export interface SpawnedLocalCloud {
  ready: ReadyInfo;
  stop(): Promise<void>;
}

/**
 * Starts the local cloud `npm start` runs, as its own process on the test ports with fresh in-memory data, and
 * waits for its ready file. Stopping signals that PID, which stops its own children. With `keptDataDir` the data
 * lives on disk in that folder and survives the run (the bench's large seed). `instance` starts another test cloud beside
 * the first, on ports and data of its own (settings.ts testCloudPorts), for a second end-to-end worker.
 */
export async function spawnLocalCloud(web: 'dev' | 'preview' | 'none', timeoutMs = 120_000, keptDataDir?: string, instance = 0): Promise<SpawnedLocalCloud> {
  const dataDir = keptDataDir ?? testCloudDataDir(instance);
  const file = readyFileOf(dataDir);
  rmSync(file, { force: true });
  const data = keptDataDir ? ['--data-dir', keptDataDir] : ['--reset', '--in-memory'];
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'infra/local/start.ts', '--profile', 'test', '--instance', String(instance), ...data, '--web', web],
    { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    // start.ts stops its own children on SIGTERM, also while it is still starting.
    child.kill('SIGTERM');
    await exited;
  };
  try {
    const deadline = Date.now() + timeoutMs;
    while (!existsSync(file)) {
      if (child.exitCode !== null) throw new Error(`the local cloud exited with code ${child.exitCode}; see ${dataDir}/logs`);
      if (Date.now() > deadline) throw new Error(`the local cloud was not ready within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const ready = readyInfoSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    if (ready.pid !== child.pid) throw new Error(`the ready file names pid ${ready.pid}, not the started ${child.pid}`);
    return { ready, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
