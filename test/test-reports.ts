import { relative } from 'node:path';
import * as z from 'zod';

/**
 * What `npm test` reads from the runners' JSON reports (vitest's and Playwright's): counts, each file's time, and each
 * failed test with the first line of its error, so the end of a long run says what failed and why.
 */
export const vitestReport = z.object({
  numPassedTests: z.number(),
  numFailedTests: z.number(),
  numPendingTests: z.number().default(0),
  testResults: z
    .array(
      z.object({
        name: z.string(),
        startTime: z.number(),
        endTime: z.number(),
        status: z.string().optional(),
        message: z.string().optional(),
        assertionResults: z.array(z.object({ fullName: z.string(), status: z.string(), failureMessages: z.array(z.string()).nullish() })).default([]),
      }),
    )
    .default([]),
});
interface PlaywrightResult {
  duration: number;
  startTime?: string | undefined;
  status?: string | undefined;
  errors?: { message?: string | undefined }[] | undefined;
}
interface PlaywrightSpec {
  title: string;
  file?: string | undefined;
  line?: number | undefined;
  tests: { results: PlaywrightResult[] }[];
}
export type PlaywrightSuite = { file?: string | undefined; specs?: PlaywrightSpec[] | undefined; suites?: PlaywrightSuite[] | undefined };
const playwrightSuite: z.ZodType<PlaywrightSuite> = z.lazy(() =>
  z.object({
    file: z.string().optional(),
    specs: z
      .array(
        z.object({
          title: z.string(),
          file: z.string().optional(),
          line: z.number().optional(),
          tests: z.array(z.object({ results: z.array(z.object({ duration: z.number(), startTime: z.string().optional(), status: z.string().optional(), errors: z.array(z.object({ message: z.string().optional() })).optional() })) })),
        }),
      )
      .optional(),
    suites: z.array(playwrightSuite).optional(),
  }),
);
export const playwrightReport = z.object({
  stats: z.object({ expected: z.number(), unexpected: z.number(), flaky: z.number().default(0), skipped: z.number().default(0) }),
  suites: z.array(playwrightSuite).default([]),
});

/** Seconds per end-to-end spec file: the sum of its tests' runs (each worker runs a file's tests one after another). */
export function playwrightFileSeconds(suites: readonly PlaywrightSuite[], into = new Map<string, number>(), file?: string): Map<string, number> {
  for (const suite of suites) {
    const name = suite.file ?? file;
    const ms = (suite.specs ?? []).flatMap((spec) => spec.tests.flatMap((t) => t.results.map((r) => r.duration))).reduce((a, b) => a + b, 0);
    if (name) into.set(name, (into.get(name) ?? 0) + ms / 1000);
    playwrightFileSeconds(suite.suites ?? [], into, name);
  }
  return into;
}

export interface Failure {
  where: string;
  error: string;
  at?: string | undefined;
}

/** The first line of an error that says something (ANSI colours removed), cut to a line of the summary. */
export function firstLine(message: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const plain = (message ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  const line = plain.split('\n').find((l) => l.trim() !== '') ?? '(no message)';
  return line.trim().slice(0, 200);
}

export function vitestFailures(report: z.infer<typeof vitestReport>, root: string): Failure[] {
  return report.testResults.flatMap((file) => {
    const where = relative(root, file.name);
    const tests = file.assertionResults.filter((test) => test.status === 'failed').map((test) => ({ where: `${where} › ${test.fullName}`, error: firstLine(test.failureMessages?.[0]) }));
    // A file that failed before its tests ran (an import, a hook) has its own message.
    return tests.length === 0 && file.status === 'failed' ? [{ where, error: firstLine(file.message) }] : tests;
  });
}

export function playwrightFailures(suites: readonly PlaywrightSuite[], file?: string): Failure[] {
  return suites.flatMap((suite) => {
    const name = suite.file ?? file;
    return [
      ...(suite.specs ?? []).flatMap((spec) =>
        spec.tests.flatMap((test) =>
          test.results
            .filter((result) => result.status === 'failed' || result.status === 'timedOut' || result.status === 'interrupted')
            .map((result) => ({ where: `test/e2e/${spec.file ?? name ?? ''}:${spec.line ?? 0} › ${spec.title}`, error: firstLine(result.errors?.[0]?.message ?? result.status), at: result.startTime })),
        ),
      ),
      ...playwrightFailures(suite.suites ?? [], name),
    ];
  });
}
