import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { transactionFiltersSchema } from '@shared/transactions';
import { demoPassword } from '../../infra/local/demo-data';
import { handlerEnvironment } from '../../infra/local/local-cloud';
import { localClients, provision } from '../../infra/local/provision';
import { fixedSmsCode, portProfiles, projectRoot } from '../../infra/local/settings';
import type { ReadyInfo } from '../../infra/local/spawn-local-cloud';
import { scale, seedScale } from './scale-seed';

type Measure = (call: () => Promise<void>, requests: number, concurrency: number) => Promise<Record<string, unknown>>;

async function signInBenchUser(cloud: ReadyInfo): Promise<string> {
  const { cognito } = localClients(portProfiles.test);
  const first = await cognito.send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: cloud.resources.userPoolClientId, AuthParameters: { USERNAME: scale.email, PASSWORD: demoPassword } }),
  );
  const second = await cognito.send(
    new RespondToAuthChallengeCommand({
      ChallengeName: 'SMS_MFA',
      ClientId: cloud.resources.userPoolClientId,
      Session: first.Session,
      ChallengeResponses: { USERNAME: scale.email, SMS_MFA_CODE: fixedSmsCode },
    }),
  );
  const token = second.AuthenticationResult?.AccessToken;
  if (!token) throw new Error('the bench user got no access token');
  return token;
}

const workerOutcomeSchema = z.object({ seconds: z.number(), failures: z.number(), status: z.string().optional(), rows: z.number().nullable().optional() });

const workerHeapCapMb = 128;

/** Runs a worker's child script (export or report) in its own process, sampling its resident memory until it exits. */
async function workerInChild(script: string, environment: Record<string, string>) {
  // The heap capped well under the budget: a worker that held the rows instead of streaming them would die here.
  const child = spawn(process.execPath, [`--max-old-space-size=${workerHeapCapMb}`, '--import', 'tsx', script, scale.companyId], {
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
  if (code !== 0) throw new Error(`${script} exited with ${code}: ${output.trim()}`);
  return { ...workerOutcomeSchema.parse(JSON.parse(output.trim().split('\n').at(-1) ?? '{}')), peakRssMb: peakKb / 1024 };
}

/** Issues 6 and 7: the large company's list pages, dashboard reads, export and report, with the budgets beside them. */
export async function scaleBench(cloud: ReadyInfo, dataDir: string, measure: Measure): Promise<void> {
  const { dynamodb, cognito } = localClients(portProfiles.test);
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

  // The read function in this process, with the handlers' environment, counts the items a page reads.
  // Provisioning finds what the running cloud made and answers its names (the ready file has only some of them).
  const resources = await provision(portProfiles.test, resolve(projectRoot, dataDir), [cloud.urls.web]);
  const environment = handlerEnvironment(portProfiles.test, resources, cloud.urls.web, 'test');
  Object.assign(process.env, environment);
  const { readTransactionPage } = await import('@functions/platform/transaction-pages');
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

  console.log('\nExporting the last 6 months with the export worker in its own process…');
  const exported = await workerInChild('test/bench/export-worker-child.ts', environment);
  console.log(`\nBuilding a transactions report of the last 366 days (all ${scale.transactions} transactions) with the reports worker in its own process…`);
  const reported = await workerInChild('test/bench/report-worker-child.ts', environment);
  console.table(
    [
      { what: `transactions export, 6 months (${exported.rows ?? '?'} rows, ${exported.status ?? '?'})`, ...exported },
      { what: `transactions report, 366 days (${reported.rows ?? '?'} rows, ${reported.status ?? '?'})`, ...reported },
    ].map((run) => ({
      what: run.what,
      seconds: run.seconds.toFixed(1),
      'worker peak RSS': `${run.peakRssMb.toFixed(0)} MB`,
      'heap cap': `${workerHeapCapMb} MB`,
      budget: 'streamed, RSS <= 256 MB',
    })),
  );
}
