import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inProcessTestsLabel, queueNameOf, recordedCallsFileSchema, type RecordedCall, type RecordedCallsFile } from '../local/recorded-aws-calls';
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
  /** Requests to a test's stand-in queue, not checked (asDeployed). */
  standInQueueCalls: number;
}

const keyOf = (call: RecordedCall) => JSON.stringify([call.function, call.action, call.resource, call.context]);

/**
 * A file's calls as the deployment would make them. The addresses the local cloud sends from (MAIL_FROM) are its own,
 * the templates' those of the deploy configuration: a call from the local address is judged as from the deployed one.
 * In the file of the handlers integration tests run in their own process (test/integration/cloud-environment.ts),
 * calls on queues the local cloud did not make are a test's stand-ins for one (a test that reads what a function
 * queued): they are counted, not checked, as no function learns of another queue than its environment names.
 */
function asDeployed(templates: PortalTemplates, file: RecordedCallsFile): { calls: RecordedCall[]; standInQueueCalls: number } {
  const deployedAddresses = new Map<string, string>();
  for (const resource of Object.values(templates.stateless.Resources)) {
    if (resource.Type !== 'AWS::Lambda::Function') continue;
    const variables = (resource.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
    for (const [name, value] of Object.entries(variables)) {
      const local = file.environment[name];
      if (typeof value === 'string' && local !== undefined && local !== value && local.includes('@')) deployedAddresses.set(local, value);
    }
  }
  const deployed = (text: string) => [...deployedAddresses].reduce((result, [local, value]) => result.split(local).join(value), text);
  const localQueues = new Set(Object.entries(file.environment).filter(([name]) => name.endsWith('_QUEUE_URL')).map(([, url]) => queueNameOf(url)));
  const calls = file.calls.map((call) => ({
    ...call,
    resource: deployed(call.resource),
    context: Object.fromEntries(Object.entries(call.context).map(([key, value]) => [key, Array.isArray(value) ? value.map(deployed) : deployed(value)])),
  }));
  // Only the tests' own process makes stand-ins; a local cloud's functions reach no queue but those it made.
  const isStandIn = (call: RecordedCall) =>
    file.label === inProcessTestsLabel && call.resource.startsWith('arn:aws:sqs:') && !localQueues.has(call.resource.slice(call.resource.lastIndexOf(':') + 1));
  return { calls: calls.filter((call) => !isStandIn(call)), standInQueueCalls: calls.filter(isStandIn).reduce((sum, call) => sum + call.count, 0) };
}

/**
 * Checks every call the runs recorded against the roles of the synthesized templates, each file with the names its
 * own local cloud used, and lists the grants no call used.
 */
export async function checkRecordedCalls(templates: PortalTemplates, files: readonly RecordedCallsFile[]): Promise<RoleCheckReport> {
  const problems = new Set<string>();
  const all = new Map<string, RecordedCall>();
  const notIamAuthorized: Record<string, number> = {};
  let model: ReturnType<typeof accessModelOf> | undefined;
  let standInQueueCalls = 0;
  // A grant is unused when no file's calls used it, each file judged with its own cloud's names (its user pool's id).
  let unusedInEvery: Map<string, Grant> | undefined;
  const ranInAny = new Set<string>();
  for (const file of files) {
    const fileModel = accessModelOf(templates, file.environment);
    model ??= fileModel;
    const deployed = asDeployed(templates, file);
    standInQueueCalls += deployed.standInQueueCalls;
    for (const verdict of await checkCalls(fileModel, deployed.calls)) if (verdict.problem) problems.add(verdict.problem);
    const fileUnused = unusedGrants(fileModel, deployed.calls);
    for (const call of deployed.calls) ranInAny.add(call.function);
    const unusedHere = new Map(fileUnused.unused.map((grant) => [`${grant.function}#${grant.statement}`, grant]));
    unusedInEvery = unusedInEvery ? new Map([...unusedInEvery].filter(([key]) => unusedHere.has(key))) : unusedHere;
    for (const call of deployed.calls) {
      const key = keyOf(call);
      const seen = all.get(key);
      all.set(key, seen ? { ...seen, count: seen.count + call.count } : call);
    }
    for (const [action, count] of Object.entries(file.notIamAuthorized)) notIamAuthorized[action] = (notIamAuthorized[action] ?? 0) + count;
  }
  const calls = [...all.values()];
  const unused = [...(unusedInEvery?.values() ?? [])].filter((grant) => ranInAny.has(grant.function));
  const functionsNeverRun = model ? [...model.functions.keys()].filter((handler) => !ranInAny.has(handler)).sort() : [];
  return {
    problems: [...problems].sort(),
    functions: new Set(calls.map((call) => call.function)).size,
    distinctCalls: calls.length,
    requests: calls.reduce((sum, call) => sum + call.count, 0),
    actions: new Set(calls.map((call) => call.action)).size,
    notIamAuthorized,
    unused,
    functionsNeverRun,
    standInQueueCalls,
  };
}

export function summaryOf(report: RoleCheckReport): string {
  return (
    `${report.functions} functions, ${report.distinctCalls} distinct calls (${report.requests} requests), ${report.actions} distinct actions checked against their roles` +
    (report.standInQueueCalls > 0 ? `; ${report.standInQueueCalls} requests to tests' stand-in queues not checked` : '')
  );
}
