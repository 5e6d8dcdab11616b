import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from '../../infra/local/settings';
import { spawnLocalCloud } from '../../infra/local/spawn-local-cloud';

/** Builds the SPA and serves the production build from the same local cloud `npm start` runs, on the test ports. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.PORTAL_E2E_SKIP_BUILD !== 'true') buildFrontend();
  const cloud = await spawnLocalCloud('preview');
  return cloud.stop;
}

export function buildFrontend(): void {
  const build = spawnSync(
    process.execPath,
    [join(projectRoot, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn'],
    { cwd: projectRoot, stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error('the frontend build failed');
}
