import { testCloudPorts, type LocalPorts } from '../../../infra/local/settings';

/**
 * The test cloud of this Playwright worker: global-setup.ts starts one per worker (settings.ts testCloudPorts), and a
 * worker's parallel index names its own, so each worker's specs meet only their own data, one at a time.
 */
export function cloudInstance(): number {
  return Number(process.env.TEST_PARALLEL_INDEX ?? '0');
}

export function cloudPorts(): LocalPorts {
  return testCloudPorts(cloudInstance());
}

/** The local API adapter of this worker's cloud (its outbox, its webhook receiver, the public API). */
export function apiOrigin(): string {
  return `http://localhost:${cloudPorts().api}`;
}
