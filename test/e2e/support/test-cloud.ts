import { existsSync, readFileSync } from 'node:fs';
import { readyFileOf, stoppedFileOf, testCloudBase, testCloudDataDir, testCloudPorts, type LocalPorts } from '../../../infra/local/settings';
import { readyInfoSchema } from '../../../infra/local/spawn-local-cloud';

/**
 * The test cloud of this Playwright worker: global-setup.ts starts one per worker (settings.ts testCloudPorts), and a
 * worker's parallel index names its own, so each worker's specs meet only their own data, one at a time.
 */
export function cloudInstance(): number {
  return testCloudBase() + Number(process.env.TEST_PARALLEL_INDEX ?? '0');
}

export function cloudPorts(): LocalPorts {
  return testCloudPorts(cloudInstance());
}

/** The local API adapter of this worker's cloud (its outbox, its webhook receiver, the public API). */
export function apiOrigin(): string {
  return `http://localhost:${cloudPorts().api}`;
}

/**
 * Throws, saying why, when this worker's cloud is no longer running: otherwise every later test of the worker fails on
 * a refused connection that names neither the cloud nor the reason it stopped.
 */
export function assertCloudRunning(): void {
  const dataDir = testCloudDataDir(cloudInstance());
  const ready = readyInfoSchema.parse(JSON.parse(readFileSync(readyFileOf(dataDir), 'utf8')));
  try {
    process.kill(ready.pid, 0);
  } catch {
    const stopped = stoppedFileOf(dataDir);
    const reason = existsSync(stopped) ? readFileSync(stopped, 'utf8').trim() : 'no reason recorded';
    throw new Error(`test cloud ${cloudInstance()} (pid ${ready.pid}) has stopped: ${reason}`);
  }
}
