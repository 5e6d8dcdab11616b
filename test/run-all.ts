import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { chromiumProblem, javaProblem, nodeProblem } from '../infra/local/prerequisites';
import { projectRoot } from '../infra/local/settings';
import { chromiumPath } from './e2e/chromium';

/**
 * `npm test`: typecheck, lint, unit + CDK + integration tests (vitest), then the end-to-end suite in Chromium.
 * Every phase runs even if an earlier one failed, so one run shows everything; the exit code is non-zero on any
 * failure and the last line counts the tests ("N passed, N failed").
 */
const reportDir = join(projectRoot, 'test-results', 'reports');
const bin = (name: string) => join(projectRoot, 'node_modules', '.bin', name);

function preflight(): string[] {
  return [nodeProblem(), javaProblem(), chromiumProblem(chromiumPath())].filter((p) => p !== null);
}

function run(name: string, command: string, args: string[], env: Record<string, string> = {}): Promise<boolean> {
  console.log(`\n━━ ${name}: ${[command, ...args].map((a) => a.replace(projectRoot + '/', '')).join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: projectRoot, stdio: 'inherit', env: { ...process.env, ...env } });
    child.once('exit', (code) => resolve(code === 0));
    child.once('error', () => resolve(false));
  });
}

const vitestReport = z.object({ numPassedTests: z.number(), numFailedTests: z.number(), numPendingTests: z.number().default(0) });
const playwrightReport = z.object({
  stats: z.object({ expected: z.number(), unexpected: z.number(), flaky: z.number().default(0), skipped: z.number().default(0) }),
});

function readReport<T>(file: string, schema: z.ZodType<T>): T | null {
  if (!existsSync(file)) return null;
  const parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  return parsed.success ? parsed.data : null;
}

async function main(): Promise<void> {
  const problems = preflight();
  if (problems.length > 0) {
    console.error(`\nCannot run the tests:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    console.log('\n0 passed, 1 failed');
    process.exit(1);
  }
  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  const vitestJson = join(reportDir, 'vitest.json');
  const playwrightJson = join(reportDir, 'playwright.json');

  const results: [string, boolean][] = [];
  results.push(['typecheck', await run('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'])]);
  results.push(['lint', await run('lint', bin('eslint'), ['-c', 'test/eslint.config.js', '.'])]);
  results.push([
    'unit, CDK and integration tests',
    await run('unit, CDK and integration tests (vitest)', bin('vitest'), [
      'run',
      '-c',
      'test/vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestJson}`,
    ]),
  ]);
  results.push([
    'end-to-end tests',
    await run('end-to-end tests (Playwright, Chromium)', bin('playwright'), ['test', '-c', 'test/e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
    }),
  ]);

  const vitest = readReport(vitestJson, vitestReport);
  const playwright = readReport(playwrightJson, playwrightReport);
  const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats.expected ?? 0);
  const testFailures = (vitest?.numFailedTests ?? 0) + (playwright?.stats.unexpected ?? 0) + (playwright?.stats.flaky ?? 0);
  const skipped = (vitest?.numPendingTests ?? 0) + (playwright?.stats.skipped ?? 0);
  const failedPhases = results.filter(([, ok]) => !ok).map(([name]) => name);
  // A phase that failed without a failing test (typecheck, lint, a crashed runner) still counts as a failure.
  const failed = testFailures + (failedPhases.length > 0 && testFailures === 0 ? failedPhases.length : 0);

  console.log('\n━━ summary');
  for (const [name, ok] of results) console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name}`);
  if (skipped > 0) console.log(`  ${skipped} skipped: a skipped test is a failure in CI`);
  const ciSkipFailure = process.env.CI === 'true' && skipped > 0;
  console.log(`\n${passed} passed, ${failed + (ciSkipFailure ? skipped : 0)} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
  process.exit(failedPhases.length > 0 || failed > 0 || ciSkipFailure ? 1 : 0);
}

void main();
