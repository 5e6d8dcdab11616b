import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../infra/local/settings';

const dataDir = join(projectRoot, '.test-local');
const readyFile = join(dataDir, 'ready.json');

async function waitForFile(file: string, child: ReturnType<typeof spawn>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(file)) {
    if (child.exitCode !== null) throw new Error(`the local cloud exited with code ${child.exitCode}; see ${dataDir}/logs`);
    if (Date.now() > deadline) throw new Error(`the local cloud was not ready within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Builds the SPA and starts the same local cloud `npm start` runs, on the test ports with fresh in-memory data,
 * serving the production build; teardown stops it by its PID (it stops its own children).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.PORTAL_E2E_SKIP_BUILD !== 'true') {
    const build = spawnSync(process.execPath, [join(projectRoot, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn'], {
      cwd: projectRoot,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('the frontend build failed');
  }
  rmSync(readyFile, { force: true });
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'infra/local/start.ts', '--profile', 'test', '--reset', '--in-memory', '--web', 'preview'],
    { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  await waitForFile(readyFile, child, 120_000);
  const { pid } = JSON.parse(readFileSync(readyFile, 'utf8')) as { pid: number };

  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    process.kill(pid, 'SIGTERM');
    await exited;
  };
}
