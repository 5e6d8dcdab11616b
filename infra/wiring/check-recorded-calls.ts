import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordedCallsFileSchema, type RecordedCall, type RecordedCallsFile } from '../local/recorded-aws-calls';
import { accessModelOf, checkCalls, type Grant, unusedGrants } from './role-check';
import type { PortalTemplates } from './template-values';

/** Every recorded-calls file of a folder (one per local cloud a test run started), checked against its schema. */
export function readRecordedCalls(dir: string): RecordedCallsFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const parsed = recordedCallsFileSchema.safeParse(JSON.parse(readFileSync(join(dir, name), 'utf8')));
      if (!parsed.success) throw new Error(`${join(dir, name)} is no recorded-calls file: ${parsed.error.message}`);
      // DynamoDB Local labels a stream with the time it made it; the templates' stream ARN is resolved as '.../stream/local'.
      return { ...parsed.data, calls: parsed.data.calls.map((call) => ({ ...call, resource: call.resource.replace(/(:table\/[^/]+\/stream\/)[^/]+$/, '$1local') })) };
    });
}

export interface RoleCheckReport {
  /** One line per refused call, naming the function, the action and the resource. */
  problems: string[];
  functions: number;
  distinctCalls: number;
  requests: number;
  actions: number;
  /** Token-authorized requests no IAM policy decides, by action. */
  notIamAuthorized: Record<string, number>;
  unused: Grant[];
  functionsNeverRun: string[];
}

const keyOf = (call: RecordedCall) => JSON.stringify([call.function, call.action, call.resource, call.context]);

/**
 * Checks every call the runs recorded against the roles of the synthesized templates, each file with the names its
 * own local cloud used, and lists the grants no call used.
 */
export async function checkRecordedCalls(templates: PortalTemplates, files: readonly RecordedCallsFile[]): Promise<RoleCheckReport> {
  const problems = new Set<string>();
  const all = new Map<string, RecordedCall>();
  const notIamAuthorized: Record<string, number> = {};
  let model: ReturnType<typeof accessModelOf> | undefined;
  for (const file of files) {
    const fileModel = accessModelOf(templates, file.environment);
    model ??= fileModel;
    for (const verdict of await checkCalls(fileModel, file.calls)) if (verdict.problem) problems.add(verdict.problem);
    for (const call of file.calls) {
      const key = keyOf(call);
      const seen = all.get(key);
      all.set(key, seen ? { ...seen, count: seen.count + call.count } : call);
    }
    for (const [action, count] of Object.entries(file.notIamAuthorized)) notIamAuthorized[action] = (notIamAuthorized[action] ?? 0) + count;
  }
  const calls = [...all.values()];
  const { unused, functionsNeverRun } = model ? unusedGrants(model, calls) : { unused: [], functionsNeverRun: [] };
  return {
    problems: [...problems].sort(),
    functions: new Set(calls.map((call) => call.function)).size,
    distinctCalls: calls.length,
    requests: calls.reduce((sum, call) => sum + call.count, 0),
    actions: new Set(calls.map((call) => call.action)).size,
    notIamAuthorized,
    unused,
    functionsNeverRun,
  };
}

export function summaryOf(report: RoleCheckReport): string {
  return `${report.functions} functions, ${report.distinctCalls} distinct calls (${report.requests} requests), ${report.actions} distinct actions checked against their roles`;
}
