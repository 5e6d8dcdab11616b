import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { activityFiltersSchema, type ActivityAction } from '@shared/activity';
import { rigaDateOf } from '@shared/dates';
import { auditItem, systemActor, type Actor, type AuditEntry } from '@functions/platform/audit';
import { keys } from '@functions/platform/keys';
import { localClients } from '../../infra/local/provision';
import { benchPorts } from './bench-cloud';
import type { ReadyInfo } from '../../infra/local/spawn-local-cloud';
import { ensureCognitoUser } from '../../infra/local/seed-writes';
import { benchExport, signInBenchUser, useHandlersEnvironment, workerHeapCapMb, type Measure } from './scale-bench';
import { benchCompanyItems, employeeItems, randomGenerator, writeAll, writers } from './scale-seed';

/**
 * Issue 21's activity log at scale: one company with 1,000,000 audit records over 360 days, as its people, employees,
 * the system, the provider's admin and an API key write them, seeded once (its own marker) beside the transactions
 * bench company.
 */
export const activityScale = {
  companyId: 'company-activity-bench',
  email: 'activity-bench-owner@test.local',
  phone: '37120000998',
  employees: 500,
  records: 1_000_000,
  spanDays: 360,
  /** Bumped when what is seeded changes, so the next run seeds again. */
  version: 3,
} as const;

/** The rule whose runs pay the bench company's employees (issue 31: each payment on its employee, naming its run). */
const benchRule = { scheduleId: 'bench-schedule', scheduleName: 'Monthly bonus' } as const;
const ruleActor: Actor = { kind: 'system', userId: null, name: benchRule.scheduleName, role: null };

const marker = { pk: 'LOCAL#BENCH', sk: 'ACTIVITY' };
const chunk = 50_000;

/**
 * Record `index` (0 the newest) of the bench log: its time falls evenly over the span back from the seeding, so the
 * record `index` places deep is the one a page that deep starts after. Who acts and what, roughly as a company's log
 * reads: card payments and fees by the system, card and money actions by people, app sign-ins by employees.
 */
function benchEntry(index: number, seededAt: number, employees: readonly { employeeId: string; name: string; surname: string }[], owner: Actor): AuditEntry {
  const at = new Date(seededAt - Math.floor(((index + 0.5) * activityScale.spanDays * 86_400_000) / activityScale.records)).toISOString();
  // Hashed, so each employee's records are of every kind (the index modulo the count would tie an employee to one).
  const employee = employees[mixed(index) % employees.length] ?? employees[0];
  if (!employee) throw new Error('the bench company has no employees');
  const companyId = activityScale.companyId;
  const onEmployee = (actor: Actor, action: ActivityAction, before: AuditEntry['before'], after: AuditEntry['after']): AuditEntry => ({ companyId, actor, action, target: { type: 'employee', id: employee.employeeId }, before, after, at });
  const slot = index % 20;
  if (slot < 10) return { companyId, actor: systemActor, action: 'authorization.approved', target: { type: 'company', id: companyId }, before: { employeeId: employee.employeeId }, after: { employeeId: employee.employeeId, amountCents: 100 + (index % 5_000) }, at };
  if (slot < 12) return onEmployee(systemActor, 'fee.monthly', {}, { month: at.slice(0, 7), feeCents: 150 });
  if (slot === 12) {
    const runDate = rigaDateOf(new Date(at));
    return onEmployee(ruleActor, 'funds.add', {}, { fileId: `bench-run-${runDate}`, ...benchRule, runDate, amountCents: 5_000, movementId: `bench-movement-${index}` });
  }
  if (slot < 15) return onEmployee(owner, 'funds.add', {}, { amountCents: 5_000, movementId: `bench-movement-${index}` });
  if (slot < 17) return onEmployee(owner, index % 2 === 0 ? 'card.block' : 'card.unblock', { cardStatus: 'active' }, { cardStatus: 'soft_blocked' });
  if (slot < 19) return onEmployee({ kind: 'employee', userId: null, name: `${employee.name} ${employee.surname}`, role: null }, 'device.sign_in', { deviceStatus: 'created' }, { deviceStatus: 'active' });
  return index % 40 === 19
    ? onEmployee({ kind: 'api_key', userId: null, name: "API key 'Payroll'", role: null }, 'funds.add', {}, { amountCents: 2_500 })
    : { companyId, actor: { kind: 'admin', userId: 'bench-admin', name: 'Bench Admin', role: 'provider_admin' }, action: 'main_account.top_up', target: { type: 'company', id: companyId }, before: {}, after: { amountCents: 1_000_000 }, at };
}

/** An integer hash (the "lowbias" mixer): spreads consecutive indexes over employees. */
function mixed(index: number): number {
  let hash = index + 1;
  hash = Math.imul(hash ^ (hash >>> 16), 0x45d9f3b);
  hash = Math.imul(hash ^ (hash >>> 16), 0x45d9f3b);
  return (hash ^ (hash >>> 16)) >>> 0;
}

const benchAuditId = (index: number) => `bench-${String(index).padStart(7, '0')}`;

/** Seeds the company unless the marker says this version of it is there; answers when its log was seeded. */
async function seedActivityScale(table: DynamoDBDocumentClient, cognito: CognitoIdentityProviderClient, tableName: string, userPoolId: string, log: (line: string) => void) {
  const began = performance.now();
  const userId = await ensureCognitoUser(cognito, userPoolId, { email: activityScale.email, name: 'Bench', surname: 'Owner', phone: activityScale.phone, providerAdmin: false });
  const employees = employeeItems(randomGenerator(20_260_621), activityScale.companyId, activityScale.employees);
  const found = await table.send(new GetCommand({ TableName: tableName, Key: marker }));
  if (found.Item?.version === activityScale.version && found.Item.userPoolId === userPoolId) return { seeded: false, seconds: 0, seededAt: Number(found.Item.seededAt), employees };

  const seededAt = Date.now();
  const owner: Actor = { kind: 'company_user', userId, name: 'Bench Owner', role: 'owner' };
  await writeAll(table, tableName, [...benchCompanyItems({ companyId: activityScale.companyId, name: 'Bench Activity SIA', registrationNumber: '40009999998', iban: 'LV80BCRD0000999999998', userId, email: activityScale.email, phone: activityScale.phone }), ...employees], writers, () => undefined);
  log(`seeding the activity bench company: ${activityScale.employees} employees, ${activityScale.records} audit records`);
  // Built per chunk, so the million items never sit in memory at once.
  for (let start = 0; start < activityScale.records; start += chunk) {
    const items = Array.from({ length: Math.min(chunk, activityScale.records - start) }, (_, offset) => auditItem(benchEntry(start + offset, seededAt, employees, owner), benchAuditId(start + offset)));
    await writeAll(table, tableName, items, writers, () => undefined);
    log(`  ${Math.min(start + chunk, activityScale.records)} of ${activityScale.records} audit records (${Math.round((start + chunk) / ((performance.now() - began) / 1000))} items/s)`);
  }
  await table.send(new PutCommand({ TableName: tableName, Item: { ...marker, entity: 'seedMarker', version: activityScale.version, userPoolId, seededAt } }));
  return { seeded: true, seconds: (performance.now() - began) / 1000, seededAt, employees };
}

/**
 * `npm run bench` (and `-- --only activity-log`): items read and latency of the activity log's first page and of a page
 * 500,000 records deep, unfiltered and with each filter, at 1,000,000 records; and the CSV of its last month by the
 * exports worker's deployed bundle.
 */
export async function activityBench(cloud: ReadyInfo, dataDir: string, measure: Measure): Promise<void> {
  const { dynamodb, cognito } = localClients(benchPorts);
  const table = DynamoDBDocumentClient.from(dynamodb);
  const seed = await seedActivityScale(table, cognito, cloud.resources.tableName, cloud.resources.userPoolId, (line) => console.log(line));
  console.log(
    seed.seeded
      ? `\nSeeded the activity bench company (${activityScale.records} audit records) in ${seed.seconds.toFixed(0)} s, ${Math.round(activityScale.records / seed.seconds)} records/s`
      : `\nThe activity bench company is seeded already (remove .bench-local to seed it again)`,
  );

  const environment = await useHandlersEnvironment(cloud, dataDir);
  const { readActivityPage } = await import('@functions/activity/activity-pages');
  const { cursorOf } = await import('@functions/activity/activity-plan');
  const token = await signInBenchUser(cloud, activityScale.email);
  const deep = 500_000;
  // The record before the deep page: the page starts after it, as the cursor of the page before would say.
  const deepCursor = cursorOf(keys.auditRecord(activityScale.companyId, new Date(seed.seededAt - Math.floor(((deep - 1 + 0.5) * activityScale.spanDays * 86_400_000) / activityScale.records)).toISOString(), benchAuditId(deep - 1)).sk);
  const employee = seed.employees[0]?.employeeId ?? '';
  const found = oldestOfEmployee(seed.seededAt, seed.employees, employee);
  const calls: { what: string; query: Record<string, string> }[] = [
    { what: 'first page of 10', query: {} },
    { what: `page of 10 ${deep.toLocaleString('en')} records deep (page ${deep / 10 + 1})`, query: { cursor: deepCursor } },
    { what: 'first page of 100', query: { itemsPerPage: '100' } },
    { what: 'by who: company users (8 partitions merged), first page', query: { actor: 'company_user' } },
    { what: 'by who: company users, deep page', query: { actor: 'company_user', cursor: deepCursor } },
    { what: 'by type: funding (5 partitions merged), first page', query: { type: 'funding' } },
    { what: 'by type: funding, deep page', query: { type: 'funding', cursor: deepCursor } },
    { what: 'by who and type: API key funding (1 partition), first page', query: { actor: 'api_key', type: 'funding' } },
    { what: 'one employee, first page', query: { employeeId: employee } },
    { what: 'one employee and type cards (bounded read), first page', query: { employeeId: employee, type: 'cards' } },
    { what: 'one employee and type funding (her payments, bounded read), first page', query: { employeeId: employee, type: 'funding' } },
    { what: 'one employee and type main account (her monthly fees, bounded read), first page', query: { employeeId: employee, type: 'account' } },
    { what: 'one employee, the day of her oldest scheduled payment', query: { employeeId: employee, dateFrom: found.scheduled.day, dateTo: found.scheduled.day } },
    { what: 'one employee, the day of her oldest monthly fee', query: { employeeId: employee, dateFrom: found.fee.day, dateTo: found.fee.day } },
    { what: 'one day, 180 days back (date range), first page', query: { dateFrom: dayBack(180), dateTo: dayBack(180) } },
  ];

  const get = (query: Record<string, string>) => async () => {
    const response = await fetch(`${cloud.urls.api}/activity?${new URLSearchParams({ itemsPerPage: '10', ...query }).toString()}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`/activity answered ${response.status}`);
  };
  const rows: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  for (const call of calls) {
    const { itemsPerPage = '10', cursor, ...filters } = call.query;
    const page = await readActivityPage({ companyId: activityScale.companyId, filters: activityFiltersSchema.parse(filters), cursor, itemsPerPage: Number(itemsPerPage) });
    const read = `${page.itemsRead} (${page.rows.length} rows${page.nextCursor ? ', more' : ''})`;
    for (const row of page.rows) seen.add(row.id);
    await measure(get(call.query), 30, 1);
    rows.push({ what: call.what, 'items read': read, ...(await measure(get(call.query), 1_000, 20)) });
    rows.push({ what: call.what, 'items read': read, ...(await measure(get(call.query), 200, 1)) });
  }
  console.log(`\nActivity log of one company with ${activityScale.records.toLocaleString('en')} audit records, warm (read cost independent of the log's size)`);
  console.table(rows);
  // Issue 31: the employee filter finds a payment of a scheduled run and a monthly fee of hers, each naming its run.
  for (const [what, auditId] of [['scheduled payment', found.scheduled.auditId], ['monthly fee', found.fee.auditId]] as const) {
    if (!seen.has(auditId)) throw new Error(`the employee filter did not find her ${what} (${auditId})`);
    console.log(`The employee filter found her ${what} ${auditId} of ${found[what === 'monthly fee' ? 'fee' : 'scheduled'].day}`);
  }

  console.log('\nExporting the activity log of the last month with the exports worker (its deployed bundle) in its own process…');
  const exported = await benchExport(environment, { companyId: activityScale.companyId, email: activityScale.email, kind: 'activity', filters: { dateLimit: '1m' } });
  console.table([
    {
      what: `activity export, 1 month (${String(exported.done?.rows ?? '?')} rows, ${String(exported.done?.status ?? '?')})`,
      seconds: exported.seconds.toFixed(1),
      'rows/s': Math.round(Number(exported.done?.rows ?? 0) / exported.seconds),
      'worker peak RSS': `${exported.peakRssMb.toFixed(0)} MB`,
      'heap cap': `${workerHeapCapMb} MB`,
    },
  ]);
  if (exported.done?.status !== 'active') throw new Error('the activity export was not made');
}

/**
 * The oldest scheduled payment and monthly fee of one employee in the bench log (the deepest in her history, hence the
 * hardest to find), with the Riga day each was written on: the filter of that day and her finds it among the million.
 */
function oldestOfEmployee(seededAt: number, employees: readonly { employeeId: string; name: string; surname: string }[], employeeId: string) {
  const owner: Actor = { kind: 'company_user', userId: 'bench-owner', name: 'Bench Owner', role: 'owner' };
  const oldest = (wanted: (entry: AuditEntry) => boolean) => {
    for (let index = activityScale.records - 1; index >= 0; index -= 1) {
      const entry = benchEntry(index, seededAt, employees, owner);
      if (entry.target.id === employeeId && wanted(entry)) return { auditId: benchAuditId(index), day: rigaDateOf(new Date(entry.at)) };
    }
    throw new Error(`the bench log has no such record of ${employeeId}`);
  };
  return {
    scheduled: oldest((entry) => entry.action === 'funds.add' && entry.after.scheduleId === benchRule.scheduleId),
    fee: oldest((entry) => entry.action === 'fee.monthly'),
  };
}

function dayBack(days: number): string {
  return rigaDateOf(new Date(Date.now() - days * 86_400_000));
}
