import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { rigaDateOf } from '@shared/dates';
import { transactionFiltersSchema } from '@shared/transactions';
import { entities, keys } from '@functions/platform/keys';
import { demoPassword } from '../../infra/local/demo-data';
import { handlerEnvironment } from '../../infra/local/local-cloud';
import { localClients, provision } from '../../infra/local/provision';
import { fixedSmsCode, projectRoot } from '../../infra/local/settings';
import { benchPorts } from './bench-cloud';
import type { ReadyInfo } from '../../infra/local/spawn-local-cloud';
import { bundleHandler } from './handler-bundles';
import { scale, seedScale } from './scale-seed';

export type Measure = (call: () => Promise<void>, requests: number, concurrency: number) => Promise<Record<string, unknown>>;

export async function signInBenchUser(cloud: ReadyInfo, email: string = scale.email): Promise<string> {
  const { cognito } = localClients(benchPorts);
  const first = await cognito.send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: cloud.resources.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: demoPassword } }),
  );
  const second = await cognito.send(
    new RespondToAuthChallengeCommand({
      ChallengeName: 'SMS_MFA',
      ClientId: cloud.resources.userPoolClientId,
      Session: first.Session,
      ChallengeResponses: { USERNAME: email, SMS_MFA_CODE: fixedSmsCode },
    }),
  );
  const token = second.AuthenticationResult?.AccessToken;
  if (!token) throw new Error('the bench user got no access token');
  return token;
}

const workerOutcomeSchema = z.object({ seconds: z.number(), failures: z.number() });

export const workerHeapCapMb = 128;

/** Runs the handler's export on the SQS event given as argv, as Lambda would, and prints its time and failures. */
const workerRunner = [
  'const { handler } = await import(process.argv[1]);',
  'const began = performance.now();',
  'const outcome = await handler(JSON.parse(process.argv[2]));',
  'console.log(JSON.stringify({ seconds: (performance.now() - began) / 1000, failures: outcome.batchItemFailures.length }));',
].join(' ');

/**
 * Runs one queue worker as it is deployed (its esbuild bundle with the stack's options, no TypeScript loader) on one
 * SQS record of `body`, in its own process, sampling its resident memory until it exits.
 */
/** Puts one item and reads items through the handlers' own clients (their environment is set before the workers run). */
async function tableOfHandlers() {
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
  const { dynamo } = await import('@functions/platform/aws/dynamo');
  const { getItem, tableName } = await import('@functions/platform/table');
  return { getItem, putItem: async (Item: Record<string, unknown>) => void (await dynamo.send(new PutCommand({ TableName: tableName(), Item }))) };
}

async function workerInChild(handler: string, body: Record<string, string>, environment: Record<string, string>) {
  // Inside the project, so the bundle finds the AWS SDK in node_modules as Lambda finds the runtime's.
  const bundle = join(projectRoot, '.bench-local', 'workers', `${handler.replaceAll('/', '-')}.mjs`);
  await bundleHandler(handler, bundle);
  const event = { Records: [{ messageId: 'bench', receiptHandle: 'bench', body: JSON.stringify(body), attributes: { ApproximateReceiveCount: '1' }, messageAttributes: {} }] };
  // The heap capped well under the budget: a worker that held the rows instead of streaming them would die here.
  const child = spawn(process.execPath, [`--max-old-space-size=${workerHeapCapMb}`, '--input-type=module', '-e', workerRunner, bundle, JSON.stringify(event)], {
    cwd: projectRoot,
    env: { ...process.env, ...environment },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let peakKb = 0;
  const sample = () => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      // VmHWM is the kernel's own high-water mark of the resident set: no peak between samples is missed.
      const hwm = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peakKb = Math.max(peakKb, hwm);
    } catch {
      // The child has exited between samples.
    }
  };
  const sampler = setInterval(sample, 50);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`${handler} exited with ${code}: ${output.trim()}`);
  return { ...workerOutcomeSchema.parse(JSON.parse(output.trim().split('\n').at(-1) ?? '{}')), peakRssMb: peakKb / 1024 };
}

/**
 * Writes an export job for a bench company (no queue message: the local cloud's workers must not take it too) and runs
 * the exports worker on it. Parsed by the worker's own schema, so a job it would refuse fails here, not as an empty
 * measurement.
 */
export async function benchExport(environment: Record<string, string>, request: { companyId: string; email: string; kind: 'transactions' | 'activity'; filters: Record<string, unknown> }) {
  const { exportJobRecord } = await import('@functions/exports/export-jobs');
  const { getItem, putItem } = await tableOfHandlers();
  const now = new Date();
  const fileId = randomUUID();
  const job = exportJobRecord.parse({
    companyId: request.companyId,
    fileId,
    kind: request.kind,
    status: 'generating',
    filters: request.filters,
    lang: 'en',
    fileName: `bench-${request.kind}.csv`,
    emailTo: request.email,
    // A day ahead: the file is never late, so the worker e-mails nobody.
    mailAfter: new Date(now.getTime() + 86_400_000).toISOString(),
    requestedBy: 'bench',
    createdAt: now.toISOString(),
    rows: null,
    expiresAt: Math.floor(now.getTime() / 1000) + 86_400,
  });
  await putItem({ ...keys.exportJob(request.companyId, fileId), entity: entities.exportJob, ...job });
  const run = await workerInChild('exports/write-export-files', { companyId: request.companyId, fileId }, environment);
  return { ...run, done: await getItem(keys.exportJob(request.companyId, fileId)) };
}

/** Writes a transactions report of the last 366 days (every seeded transaction) and runs the reports worker on it. */
async function benchReport(environment: Record<string, string>) {
  const { buildableReport, newReportId } = await import('@functions/reports/report-store');
  const { getItem, putItem } = await tableOfHandlers();
  const now = new Date();
  const report = buildableReport.parse({
    companyId: scale.companyId,
    reportId: newReportId(now),
    type: 'transactions',
    dateFrom: rigaDateOf(new Date(now.getTime() - 366 * 86_400_000)),
    dateTo: rigaDateOf(now),
    lang: 'en',
    status: 'generating',
    requestedBy: 'bench',
    requestedByEmail: scale.email,
    created: now.toISOString(),
    rows: null,
  });
  await putItem({ ...keys.report(scale.companyId, report.reportId), entity: entities.report, ...report });
  const run = await workerInChild('reports/build-report', { companyId: scale.companyId, reportId: report.reportId }, environment);
  return { ...run, done: await getItem(keys.report(scale.companyId, report.reportId)) };
}

/**
 * The read functions in this process, with the handlers' environment, count the items a page reads. Provisioning finds
 * what the running cloud made and answers its names (the ready file has only some of them).
 */
export async function useHandlersEnvironment(cloud: ReadyInfo, dataDir: string): Promise<Record<string, string>> {
  const resources = await provision(benchPorts, resolve(projectRoot, dataDir), [cloud.urls.web]);
  const environment = handlerEnvironment(benchPorts, resources, cloud.urls.web, 'test');
  Object.assign(process.env, environment);
  return environment;
}

/** Issues 6 and 7: the large company's list pages, dashboard reads, export and report, with the budgets beside them. */
export async function scaleBench(cloud: ReadyInfo, dataDir: string, measure: Measure): Promise<void> {
  const { dynamodb, cognito } = localClients(benchPorts);
  const table = DynamoDBDocumentClient.from(dynamodb);
  const seed = await seedScale(table, cognito, cloud.resources.tableName, cloud.resources.userPoolId, (line) => console.log(line));
  console.log(
    seed.seeded
      ? `\nSeeded the bench company (${scale.employees} employees, ${scale.transactions} transactions, ${seed.items} items) in ${seed.seconds.toFixed(0)} s, ${Math.round(seed.items / seed.seconds)} items/s`
      : `\nThe bench company is seeded already (${seed.items} items; remove .bench-local to seed it again)`,
  );

  const token = await signInBenchUser(cloud);
  const get = (path: string) => async () => {
    const response = await fetch(`${cloud.urls.api}${path}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  };
  const calls = [
    { what: 'GET /transactions, first page of 10', path: '/transactions?itemsPerPage=10', page: 1, filters: {} },
    { what: 'GET /transactions, page 40 of 10', path: '/transactions?itemsPerPage=10&page=40', page: 40, filters: {} },
    { what: 'GET /transactions, groceries only, first page', path: '/transactions?itemsPerPage=10&mccGroups=groceries', page: 1, filters: { mccGroups: ['groceries'] } },
    { what: 'GET /dashboard/summary', path: '/dashboard/summary', page: null, filters: null },
    { what: 'GET /dashboard/turnover (12 months)', path: '/dashboard/turnover', page: null, filters: null },
  ];

  const environment = await useHandlersEnvironment(cloud, dataDir);
  const { readTransactionPage } = await import('@functions/transactions/transaction-pages');
  const itemsRead = new Map<string, number | string>();
  for (const call of calls) {
    if (!call.filters || call.page === null) {
      itemsRead.set(call.what, call.path.endsWith('summary') ? '2 (main account, counters)' : '<= 12 (month tallies)');
      continue;
    }
    const page = await readTransactionPage({ companyId: scale.companyId, filters: transactionFiltersSchema.parse(call.filters), page: call.page, itemsPerPage: 10 });
    itemsRead.set(call.what, `${page.itemsRead} (of ${page.totalRecords} listed)`);
  }

  for (const call of calls) await measure(get(call.path), 30, 1);
  const rows: Record<string, unknown>[] = [];
  for (const call of calls) {
    rows.push({ what: call.what, 'items read': itemsRead.get(call.what), ...(await measure(get(call.path), 1_000, 20)) });
    rows.push({ what: call.what, 'items read': itemsRead.get(call.what), ...(await measure(get(call.path), 200, 1)) });
  }
  console.log(`\nOne company of ${scale.transactions} transactions, warm (budget for a list page of 10 at 20 concurrent: p50 <= 15 ms, p99 <= 50 ms; read cost independent of list size)`);
  console.table(rows);

  console.log('\nExporting the last 6 months with the exports worker (its deployed bundle) in its own process…');
  const exported = await benchExport(environment, { companyId: scale.companyId, email: scale.email, kind: 'transactions', filters: { dateLimit: '6m' } });
  console.log(`\nBuilding a transactions report of the last 366 days (all ${scale.transactions} transactions) with the reports worker (its deployed bundle) in its own process…`);
  const reported = await benchReport(environment);
  console.table(
    [
      { what: 'transactions export, 6 months', ...exported },
      { what: 'transactions report, 366 days', ...reported },
    ].map((run) => ({
      what: `${run.what} (${String(run.done?.rows ?? '?')} rows, ${String(run.done?.status ?? '?')})`,
      seconds: run.seconds.toFixed(1),
      'worker peak RSS': `${run.peakRssMb.toFixed(0)} MB`,
      'heap cap': `${workerHeapCapMb} MB`,
      budget: 'streamed, RSS <= 256 MB',
    })),
  );
  // 'active' is the status shown as Available (SPEC section 4): anything else is a failed measurement.
  if (exported.done?.status !== 'active' || reported.done?.status !== 'active') throw new Error('a bench file was not made');
}
