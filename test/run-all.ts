import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import type * as z from 'zod';
import { chromiumProblem, javaProblem, nodeProblem } from '../infra/local/prerequisites';
import { recordedCallsDir } from '../infra/local/recorded-aws-calls';
import { projectRoot } from '../infra/local/settings';
import { chromiumPath } from './e2e/chromium';
import { frontendBuildArgs } from './e2e/global-setup';
import { playwrightFailures, playwrightFileSeconds, playwrightReport, vitestFailures, vitestReport } from './test-reports';

/**
 * `npm test`: typecheck beside lint, unit tests, integration beside CDK tests (vitest, a project each), then the
 * end-to-end suite in Chromium. Every phase runs even if an earlier one failed, so one run shows everything. At the end it prints each
 * phase's time and the slowest test files, so a regression shows as it happens; the exit code is non-zero on any
 * failure and the last line counts the tests ("N passed, N failed").
 */
const reportDir = join(projectRoot, 'test-results', 'reports');
const bin = (name: string) => join(projectRoot, 'node_modules', '.bin', name);

function preflight(): string[] {
  return [nodeProblem(), javaProblem(), chromiumProblem(chromiumPath())].filter((p) => p !== null);
}

interface PhaseResult {
  name: string;
  ok: boolean;
  seconds: number;
}

/**
 * Runs one phase. A phase that runs beside another (`buffered`) keeps its output until it ends, so the two do not
 * interleave line by line.
 */
function run(name: string, command: string, args: string[], options: { env?: Record<string, string>; buffered?: boolean } = {}): Promise<PhaseResult> {
  const title = `\n━━ ${name}: ${[command, ...args].map((a) => a.replace(projectRoot + '/', '')).join(' ')}`;
  if (!options.buffered) console.log(title);
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: projectRoot, stdio: options.buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...options.env } });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    const done = (ok: boolean) => {
      if (options.buffered) process.stdout.write(`${title} (ran beside the phase before)\n${Buffer.concat(output).toString('utf8')}`);
      resolve({ name, ok, seconds: (performance.now() - started) / 1000 });
    };
    child.once('close', (code) => done(code === 0));
    child.once('error', () => done(false));
  });
}

function readReport<T>(file: string, schema: z.ZodType<T>): T | null {
  if (!existsSync(file)) return null;
  const parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  return parsed.success ? parsed.data : null;
}

const vitestProjects = [
  { phase: 'unit', project: 'unit', title: 'unit tests (vitest)' },
  { phase: 'CDK', project: 'infra', title: 'CDK tests (vitest: templates, cdk-nag, cfn-lint, bundles)' },
  { phase: 'integration', project: 'integration', title: 'integration tests (vitest, against the emulators)' },
] as const;

async function main(): Promise<void> {
  const problems = preflight();
  if (problems.length > 0) {
    console.error(`\nCannot run the tests:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    console.log('\n0 passed, 1 failed');
    process.exit(1);
  }
  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  // The clouds of this run write theirs afresh: an earlier run's calls must not be checked again.
  rmSync(recordedCallsDir, { recursive: true, force: true });
  const vitestJson = (project: string) => join(reportDir, `vitest-${project}.json`);
  const playwrightJson = join(reportDir, 'playwright.json');
  const started = performance.now();

  const results: PhaseResult[] = [];
  // Each of the two is one busy thread: side by side they take the time of the longer.
  results.push(...(await Promise.all([run('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']), run('lint', bin('eslint'), ['-c', 'test/eslint.config.js', '.'], { buffered: true })])));
  const vitest = (which: (typeof vitestProjects)[number], buffered = false) =>
    run(which.title, bin('vitest'), ['run', '-c', 'test/vitest.config.ts', '--project', which.project, '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson(which.project)}`], { buffered }).then(
      (result) => ({ ...result, name: which.phase }),
    );
  const [unit, cdk, integration] = vitestProjects;
  results.push(await vitest(unit));
  // The integration files run one at a time against one local cloud, which leaves a core to the CDK tests, and then
  // to the end-to-end suite's SPA build (the integration tests' last minute keeps only about half the machine busy).
  const [integrationResult, [cdkResult, spaBuilt]] = await Promise.all([
    vitest(integration),
    vitest(cdk, true).then(async (result) => [result, (await run('SPA build for the end-to-end tests', process.execPath, frontendBuildArgs, { buffered: true })).ok] as const),
  ]);
  results.push(integrationResult, cdkResult);
  const e2e = await run('end-to-end tests (Playwright, Chromium)', bin('playwright'), ['test', '-c', 'test/e2e/playwright.config.ts'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson, ...(spaBuilt ? { PORTAL_E2E_SKIP_BUILD: 'true' } : {}) },
  });
  results.push({ ...e2e, name: 'end-to-end' });

  const vitestReports = vitestProjects.map(({ project }) => readReport(vitestJson(project), vitestReport));
  const playwright = readReport(playwrightJson, playwrightReport);
  const sum = (pick: (report: z.infer<typeof vitestReport>) => number) => vitestReports.reduce((total, report) => total + (report ? pick(report) : 0), 0);
  const passed = sum((r) => r.numPassedTests) + (playwright?.stats.expected ?? 0);
  const testFailures = sum((r) => r.numFailedTests) + (playwright?.stats.unexpected ?? 0) + (playwright?.stats.flaky ?? 0);
  const skipped = sum((r) => r.numPendingTests) + (playwright?.stats.skipped ?? 0);
  const failedPhases = results.filter((result) => !result.ok);
  // A phase that failed without a failing test (typecheck, lint, a crashed runner) still counts as a failure.
  const failed = testFailures + (failedPhases.length > 0 && testFailures === 0 ? failedPhases.length : 0);

  const files = [
    ...vitestReports.flatMap((report) => report?.testResults.map((file) => ({ file: relative(projectRoot, file.name), seconds: (file.endTime - file.startTime) / 1000 })) ?? []),
    ...[...playwrightFileSeconds(playwright?.suites ?? [])].map(([file, seconds]) => ({ file: join('test/e2e', file), seconds })),
  ].sort((a, b) => b.seconds - a.seconds);

  console.log('\n━━ summary');
  for (const result of results) console.log(`  ${result.ok ? 'ok  ' : 'FAIL'} ${result.name.padEnd(12)} ${formatSeconds(result.seconds)}`);
  console.log(`       ${'in all'.padEnd(12)} ${formatSeconds((performance.now() - started) / 1000)}`);
  console.log('\n  slowest test files:');
  for (const { file, seconds } of files.slice(0, 10)) console.log(`  ${formatSeconds(seconds)}  ${file}`);
  // Named here, at the end, so that the last lines of a long run say what failed and why; end-to-end failures in the
  // order they started, since the first is often the cause of the rest.
  const e2eFailures = playwrightFailures(playwright?.suites ?? []).sort((a, b) => (a.at ?? '').localeCompare(b.at ?? ''));
  const failures = [...vitestReports.flatMap((report) => (report ? vitestFailures(report, projectRoot) : [])), ...e2eFailures];
  if (failures.length > 0) {
    console.log(`\n  failed (${failures.length}${failures.length > 15 ? ', the first 15' : ''}):`);
    for (const failure of failures.slice(0, 15)) console.log(`  ✘ ${failure.where}\n      ${failure.error}`);
  }
  if (skipped > 0) console.log(`\n  ${skipped} skipped: a skipped test is a failure in CI`);
  const ciSkipFailure = process.env.CI === 'true' && skipped > 0;
  console.log(`\n${passed} passed, ${failed + (ciSkipFailure ? skipped : 0)} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
  process.exit(failedPhases.length > 0 || failed > 0 || ciSkipFailure ? 1 : 0);
}

function formatSeconds(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes > 0 ? `${minutes} min ` : ''}${(seconds % 60).toFixed(1).padStart(minutes > 0 ? 4 : 0)} s`.padStart(12);
}

void main();
