import { describe, expect, it } from 'vitest';
import { playwrightFailures, playwrightFileSeconds, playwrightReport, vitestFailures, vitestReport } from './test-reports';

describe("npm test's summary of the runners' reports", () => {
  it("names each failed vitest test with its error's first line, and a file that failed before its tests", () => {
    const report = vitestReport.parse({
      numPassedTests: 1,
      numFailedTests: 1,
      testResults: [
        {
          name: '/repo/shared/a.test.ts',
          startTime: 0,
          endTime: 10,
          status: 'failed',
          assertionResults: [
            { fullName: 'a passes', status: 'passed', failureMessages: [] },
            { fullName: 'a fails', status: 'failed', failureMessages: ['\u001b[31mAssertionError\u001b[39m: expected 1 to be 2\n    at a.test.ts:3'] },
          ],
        },
        { name: '/repo/shared/b.test.ts', startTime: 0, endTime: 1, status: 'failed', message: '\nCannot find module ./gone' },
      ],
    });
    expect(vitestFailures(report, '/repo')).toEqual([
      { where: 'shared/a.test.ts › a fails', error: 'AssertionError: expected 1 to be 2' },
      { where: 'shared/b.test.ts', error: 'Cannot find module ./gone' },
    ]);
  });

  it('names each failed end-to-end test by file, line and title, and sums each file’s time', () => {
    const report = playwrightReport.parse({
      stats: { expected: 1, unexpected: 2 },
      suites: [
        {
          file: 'users.spec.ts',
          specs: [
            { title: 'lists', file: 'users.spec.ts', line: 5, tests: [{ results: [{ duration: 1_000, status: 'passed', startTime: '2026-11-27T06:00:01Z' }] }] },
            { title: 'adds', file: 'users.spec.ts', line: 9, tests: [{ results: [{ duration: 2_000, status: 'failed', startTime: '2026-11-27T06:00:03Z', errors: [{ message: 'Error: test cloud 1 (pid 7) has stopped\nmore' }] }] }] },
          ],
          suites: [{ title: 'nested', specs: [{ title: 'times out', line: 20, tests: [{ results: [{ duration: 60_000, status: 'timedOut', startTime: '2026-11-27T06:00:02Z' }] }] }] }],
        },
      ],
    });
    expect(playwrightFailures(report.suites)).toEqual([
      { where: 'test/e2e/users.spec.ts:9 › adds', error: 'Error: test cloud 1 (pid 7) has stopped', at: '2026-11-27T06:00:03Z' },
      { where: 'test/e2e/users.spec.ts:20 › times out', error: 'timedOut', at: '2026-11-27T06:00:02Z' },
    ]);
    expect(playwrightFileSeconds(report.suites).get('users.spec.ts')).toBe(63);
  });
});
