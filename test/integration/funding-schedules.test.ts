import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { movementSourceOf } from '@shared/activity-links';
import { dayText, rigaDateOf } from '@shared/dates';
import { draftPreviewSchema, scheduleDetailSchema, scheduleListSchema, scheduleRunSchema, scheduleViewSchema, type ScheduleBody } from '@shared/funding-schedules';
import { resetEnvForTests } from '@functions/platform/env';
import { keys } from '@functions/platform/keys';
import type * as FundingFiles from '@functions/funding/funding-files';
import type * as FundingSchedules from '@functions/funding/funding-schedules';
import { createOwnCompany } from './company-fixtures';
import { waitFor } from './employee-fixtures';
import { putEmployees, type FixtureEmployee } from './funding-fixtures';
import { companyRecords, employeeActivity, employeeHistory } from './employee-movements';
import { api, asFunction, cloud, documents, fixtureCloud, outbox, signIn } from './support';

/**
 * Scheduled fundings (issue 21) against DynamoDB Local, s3rver and fauxqs: a run moves money once per rule, run date
 * and employee, whoever starts it and however often; a run the balance does not cover moves nothing.
 */
let schedules: typeof FundingSchedules;
let files: typeof FundingFiles;

beforeAll(async () => {
  // Starts and applies runs in this process, as the funding worker does, beside the local cloud's own worker.
  Object.assign(process.env, cloud().handlerEnvironment);
  resetEnvForTests();
  const loaded = await import('@functions/funding/funding-schedules');
  // The funding worker starts the due runs (a message the hourly schedule puts on its queue).
  schedules = { ...loaded, startDueRuns: asFunction('funding/work-funding-files', loaded.startDueRuns) };
  files = await import('@functions/funding/funding-files');
});

interface Company {
  companyId: string;
  email: string;
  token: string;
  employees: FixtureEmployee[];
}

async function company(availableCents: number, employeeCount: number): Promise<Company> {
  const own = await createOwnCompany(fixtureCloud(), { role: 'owner', availableCents });
  const employees = await putEmployees(fixtureCloud(), own.companyId, employeeCount);
  return { companyId: own.companyId, email: own.email, token: await signIn(own.email, undefined, own.phone), employees };
}

const accountSchema = z.object({ availableCents: z.number(), reservedCents: z.number() });
async function account(companyId: string) {
  const item = await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.mainAccount(companyId) }));
  return accountSchema.parse(item.Item);
}

async function balances(companyId: string): Promise<number[]> {
  const page = await documents().send(
    new QueryCommand({ TableName: cloud().tableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': `COMPANY#${companyId}`, ':prefix': 'EMPLOYEE#' } }),
  );
  return (page.Items ?? []).map((item) => Number(item.balanceCents));
}

async function mainLedgerLines(companyId: string): Promise<number[]> {
  const page = await documents().send(
    new QueryCommand({ TableName: cloud().tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': `COMPANY#${companyId}#LEDGER#MAIN` } }),
  );
  return (page.Items ?? []).map((item) => Number(item.amountCents));
}

const today = () => rigaDateOf(new Date());
const todayDay = () => Number(today().slice(8, 10));

async function createRule(token: string, body: ScheduleBody) {
  const answer = await api('POST', '/funding/schedules', { token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return scheduleViewSchema.parse(answer.body);
}

const detail = async (token: string, scheduleId: string) => scheduleDetailSchema.parse((await api('GET', `/funding/schedules/${scheduleId}`, { token })).body);

/** The worker's two steps for a run's message: start it once, then apply its file (resumable). */
async function workRunMessage(companyId: string, scheduleId: string, runDate: string) {
  const { file } = await schedules.startRun(companyId, scheduleId, runDate);
  if (file) await files.applyFile(companyId, file.fileId);
}

describe('a scheduled funding run', () => {
  it('pays each active employee once although two starts overlap and its message is delivered again; the money was set aside whole first', async () => {
    const { companyId, token, employees } = await company(100_000, 40);
    // Monthly on today's day, so its next run is today (a 31st rule runs on a shorter month's last day, still today).
    const rule = await createRule(token, { name: 'Monthly bonus', recipients: { kind: 'all_active', amountCents: 1_000 }, cadence: { kind: 'monthly', dayOfMonth: todayDay() } });
    expect(rule.nextRun).toEqual({ runDate: today(), employeeCount: 40, totalCents: 40_000, availableCents: 100_000, covered: true, skippedCount: 0 });

    // Two workers given the same run at once (a redelivery racing the first receipt), each starting and applying it.
    await Promise.all([workRunMessage(companyId, rule.scheduleId, today()), workRunMessage(companyId, rule.scheduleId, today())]);
    // And the message once more after it was done.
    await workRunMessage(companyId, rule.scheduleId, today());

    expect(await balances(companyId)).toEqual(employees.map(() => 1_000));
    expect(await account(companyId)).toEqual({ availableCents: 60_000, reservedCents: 0 });
    const lines = await mainLedgerLines(companyId);
    expect(lines.reduce((sum, cents) => sum + cents, 0)).toBe(-40_000);

    const { runs } = await detail(token, rule.scheduleId);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ runDate: today(), status: 'applied', appliedCount: 40, appliedCents: 40_000, failedCount: 0 });
    // Its file (the account's line, the funding report) is named by the day its money moved, as the portal writes days.
    expect((await files.readFundingFile(companyId, runs[0]!.fileId!)).fileName).toBe(`Monthly bonus ${dayText(today())}`);

    // Issue 31: each payment is recorded once, on its employee, naming the run it belonged to; the run itself stays
    // one row of the company's. The first and the last employee are paid in different chunks.
    expect(await companyRecords(companyId, 'funds.add')).toHaveLength(40);
    expect(await companyRecords(companyId, 'fundingSchedule.run')).toEqual([expect.objectContaining({ target: { type: 'company', id: companyId }, after: expect.objectContaining({ scheduleId: rule.scheduleId, runDate: today() }) })]);
    const run = { scheduleId: rule.scheduleId, scheduleName: 'Monthly bonus', runDate: today() };
    for (const employee of [employees[0]!, employees[39]!]) {
      const found = await employeeActivity(token, employee.employeeId, 'funds.add');
      expect(found).toEqual([expect.objectContaining({ employee: expect.objectContaining({ employeeId: employee.employeeId }), actor: { kind: 'system', name: 'Monthly bonus', role: null } })]);
      expect(found[0]!.after).toMatchObject({ ...run, fileId: runs[0]!.fileId, amountCents: 1_000 });
      const history = await employeeHistory(token, employee.employeeId, 'funds.add');
      expect(history).toHaveLength(1);
      expect(movementSourceOf(history[0]!)).toEqual({ kind: 'fundingRun', ...run });
    }
  });

  it('holds its whole total while it runs, so a transfer meanwhile cannot leave it half paid, and gives back what a failed row did not take', async () => {
    const { companyId, token, employees } = await company(3_000, 3);
    const [first, second] = employees;
    const rule = await createRule(token, { name: 'Team', recipients: { kind: 'chosen', amountCents: 1_000, employeeIds: employees.map((e) => e.employeeId) }, cadence: { kind: 'monthly', dayOfMonth: todayDay() } });
    const { file } = await schedules.startRun(companyId, rule.scheduleId, today());
    expect(file?.status).toBe('queued');
    expect(await account(companyId)).toEqual({ availableCents: 0, reservedCents: 3_000 });
    // The money is set aside: a single transfer now is refused instead of taking what the run will pay.
    const transfer = await api('POST', `/employees/${first!.employeeId}/funds`, { token, body: { amountCents: 100 }, headers: { 'Idempotency-Key': randomUUID() } });
    expect([transfer.status, (transfer.body as { code?: string }).code]).toEqual([409, 'FUNDS_NOT_ENOUGH']);
    // One employee's card is blocked before the file is applied: that row fails and its EUR 10 go back.
    await documents().send(
      new UpdateCommand({ TableName: cloud().tableName, Key: keys.employee(companyId, second!.employeeId), UpdateExpression: 'SET cardStatus = :blocked', ExpressionAttributeValues: { ':blocked': 'blocked' } }),
    );
    const applied = await files.applyFile(companyId, file!.fileId);
    expect(applied).toMatchObject({ status: 'applied', appliedCount: 2, appliedCents: 2_000, failedCount: 1 });
    expect(await account(companyId)).toEqual({ availableCents: 1_000, reservedCents: 0 });
    const { runs } = await detail(token, rule.scheduleId);
    expect(runs[0]?.failed).toEqual([expect.objectContaining({ employeeId: second!.employeeId, reason: 'FUNDING_USER_NOT_ACTIVE' })]);
  });

  it('whose worker died is failed by its deadline, gives back what it set aside, and a retry sets it aside again and pays each employee once', async () => {
    const { companyId, token, employees } = await company(5_000, 4);
    const rule = await createRule(token, { name: 'Resumed', recipients: { kind: 'all_active', amountCents: 1_000 }, cadence: { kind: 'monthly', dayOfMonth: todayDay() } });
    // Started (its money set aside), then no worker applies it: the deadline job ends it failed.
    const { file } = await schedules.startRun(companyId, rule.scheduleId, today());
    expect(await account(companyId)).toEqual({ availableCents: 1_000, reservedCents: 4_000 });
    expect(await files.failFile(companyId, file!.fileId)).toBe(true);
    expect(await account(companyId)).toEqual({ availableCents: 5_000, reservedCents: 0 });
    expect((await detail(token, rule.scheduleId)).runs[0]?.status).toBe('failed');

    const retried = await api('POST', `/funding/files/${file!.fileId}/retry`, { token, body: {}, headers: { 'Idempotency-Key': randomUUID() } });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    const done = await waitFor(() => detail(token, rule.scheduleId), (view) => view.runs[0]?.status === 'applied');
    expect(done.runs[0]).toMatchObject({ appliedCount: 4, appliedCents: 4_000 });
    expect(await balances(companyId)).toEqual(employees.map(() => 1_000));
    expect(await account(companyId)).toEqual({ availableCents: 1_000, reservedCents: 0 });
  });

  it('that the balance does not cover moves nothing, e-mails the owners once, and runs when a person tries it again after a top-up', async () => {
    const { companyId, email, token, employees } = await company(500, 3);
    const rule = await createRule(token, { name: 'Holiday bonus', recipients: { kind: 'all_active', amountCents: 1_000 }, cadence: { kind: 'monthly', dayOfMonth: todayDay() } });
    expect(rule.nextRun).toMatchObject({ totalCents: 3_000, covered: false });

    // Two starts at once (a redelivery racing the first receipt), then one more after them.
    await Promise.all([workRunMessage(companyId, rule.scheduleId, today()), workRunMessage(companyId, rule.scheduleId, today())]);
    await workRunMessage(companyId, rule.scheduleId, today());
    expect(await balances(companyId)).toEqual(employees.map(() => 0));
    expect(await account(companyId)).toEqual({ availableCents: 500, reservedCents: 0 });
    // The mail worker delivers it to the local outbox; only the start that recorded the refusal sends one.
    const mailsOf = async () => (await outbox()).filter((entry) => entry.channel === 'email' && entry.to === email && entry.body.includes('Holiday bonus'));
    await waitFor(mailsOf, (mails) => mails.length > 0);
    const audit = await documents().send(
      new QueryCommand({ TableName: cloud().tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `COMPANY#${companyId}#AUDIT` } }),
    );
    expect((audit.Items ?? []).filter((item) => item.action === 'fundingSchedule.refused')).toHaveLength(1);
    const list = scheduleListSchema.parse((await api('GET', '/funding/schedules', { token })).body);
    expect(list.items[0]?.lastRun).toMatchObject({ status: 'refused', totalCents: 3_000, availableCents: 500 });

    await documents().send(
      new UpdateCommand({ TableName: cloud().tableName, Key: keys.mainAccount(companyId), UpdateExpression: 'SET availableCents = :cents', ExpressionAttributeValues: { ':cents': 10_000 } }),
    );
    const again = await api('POST', `/funding/schedules/${rule.scheduleId}/runs/${today()}`, { token, body: {}, headers: { 'Idempotency-Key': randomUUID() } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(scheduleRunSchema.parse(again.body).status).not.toBe('refused');
    // The local cloud's funding worker applies it.
    const done = await waitFor(() => detail(token, rule.scheduleId), (view) => view.runs[0]?.status === 'applied');
    expect(done.runs[0]).toMatchObject({ appliedCount: 3, appliedCents: 3_000 });
    expect(await balances(companyId)).toEqual(employees.map(() => 1_000));
    expect(await account(companyId)).toEqual({ availableCents: 7_000, reservedCents: 0 });
    // The person's retry e-mailed no one; the refusal's one e-mail stays one.
    expect(await mailsOf()).toHaveLength(1);
  });

  it('run early by a person and refused keeps its date, and the rule tries it itself on the date and tells the owners', async () => {
    const { companyId, email, token } = await company(500, 2);
    const rule = await createRule(token, { name: 'Early bird', recipients: { kind: 'all_active', amountCents: 1_000 }, cadence: { kind: 'monthly', dayOfMonth: todayDay() } });
    const early = await api('POST', `/funding/schedules/${rule.scheduleId}/runs/${today()}`, { token, body: {}, headers: { 'Idempotency-Key': randomUUID() } });
    expect(scheduleRunSchema.parse(early.body).status).toBe('refused');
    expect((await detail(token, rule.scheduleId)).nextRunDate).toBe(today());
    // The person saw the refusal on the screen; the rule's own attempt on the date is the one e-mailed.
    await workRunMessage(companyId, rule.scheduleId, today());
    const mails = await waitFor(
      async () => (await outbox()).filter((entry) => entry.channel === 'email' && entry.to === email && entry.body.includes('Early bird')),
      (found) => found.length > 0,
    );
    expect(mails).toHaveLength(1);
    const audit = await documents().send(
      new QueryCommand({ TableName: cloud().tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `COMPANY#${companyId}#AUDIT` } }),
    );
    expect((audit.Items ?? []).filter((item) => item.action === 'fundingSchedule.refused')).toHaveLength(2);
  });

  it('of a rule that allows partial runs pays, when the balance is short, the employees that fit in list order and fails the rest with the reason', async () => {
    const { companyId, token, employees } = await company(2_500, 3);
    const rule = await createRule(token, { name: 'Best effort', recipients: { kind: 'all_active', amountCents: 1_000 }, cadence: { kind: 'monthly', dayOfMonth: todayDay() }, allowPartial: true });
    expect(rule.nextRun).toMatchObject({ totalCents: 3_000, covered: false });
    await workRunMessage(companyId, rule.scheduleId, today());
    const { runs } = await detail(token, rule.scheduleId);
    expect(runs[0]).toMatchObject({ status: 'applied', appliedCount: 2, appliedCents: 2_000, failedCount: 1 });
    expect(runs[0]?.failed).toEqual([expect.objectContaining({ employeeId: employees[2]!.employeeId, reason: 'FUNDS_NOT_ENOUGH' })]);
    expect(await balances(companyId)).toEqual([1_000, 1_000, 0]);
    expect(await account(companyId)).toEqual({ availableCents: 500, reservedCents: 0 });
  });

  it('is started by the hourly start of due runs once, and the rule moves on to its next date', async () => {
    const { companyId, token, employees } = await company(10_000, 2);
    const rule = await createRule(token, { name: 'Year end', recipients: { kind: 'all_active', amountCents: 700 }, cadence: { kind: 'once', date: today() } });
    // Two overlapping starts of due runs (an hour's message delivered twice): one run.
    await Promise.all([schedules.startDueRuns(new Date()), schedules.startDueRuns(new Date())]);
    const done = await waitFor(() => detail(token, rule.scheduleId), (view) => view.runs[0]?.status === 'applied');
    expect(done).toMatchObject({ state: 'finished', nextRunDate: null });
    expect(done.runs).toHaveLength(1);
    expect(await balances(companyId)).toEqual(employees.map(() => 700));
    expect(await schedules.startDueRuns(new Date())).toBe(0);
  });
});

describe('a scheduled funding rule', () => {
  let owner: Company;
  beforeAll(async () => {
    owner = await company(10_000, 2);
  });

  const refusal = async (body: unknown) => {
    const answer = await api('POST', '/funding/schedules', { token: owner.token, body });
    return { status: answer.status, ...(answer.body as { code?: string; fields?: Record<string, string> }) };
  };

  it('is refused with its field for a day that does not exist, a date that passed, an amount that is not positive or a CSV with bad rows, and nothing is saved', async () => {
    const base = { name: 'Bonus', recipients: { kind: 'all_active', amountCents: 100 }, cadence: { kind: 'monthly', dayOfMonth: 1 } };
    expect(await refusal({ ...base, cadence: { kind: 'monthly', dayOfMonth: 32 } })).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', fields: { 'cadence.dayOfMonth': 'DAY_OF_MONTH_INVALID' } });
    expect(await refusal({ ...base, cadence: { kind: 'once', date: '2020-01-01' } })).toMatchObject({ status: 400, fields: { 'cadence.date': 'DATE_IN_PAST' } });
    expect(await refusal({ ...base, recipients: { kind: 'all_active', amountCents: -5 } })).toMatchObject({ status: 400, fields: { 'recipients.amountCents': 'AMOUNT_NOT_POSITIVE' } });
    const [employee] = owner.employees;
    const csv = `User ID,Name,Surname,Personal code,Phone,Card last digits,Balance,Add Balance\r\n${employee!.employeeId},Someone,Else,,,,0.00,10.00\r\nnobody,,,,,,0.00,5.00\r\n`;
    expect(await refusal({ ...base, recipients: { kind: 'csv', content: csv } })).toMatchObject({ status: 422, code: 'FUNDING_FILE_HAS_ERRORS', fields: { 'row.2': 'ROW_CHANGED', 'row.3': 'ROW_USER_NOT_ACTIVE' } });
    expect(await refusal({ ...base, recipients: { kind: 'chosen', amountCents: 100, employeeIds: ['not-ours'] } })).toMatchObject({ status: 400, fields: { 'recipients.employeeIds': 'EMPLOYEES_NOT_FOUND' } });
    const list = scheduleListSchema.parse((await api('GET', '/funding/schedules', { token: owner.token })).body);
    expect(list.items).toEqual([]);
  });

  it('is previewed with whom its next run pays and whom it passes over, and why', async () => {
    const previewed = await company(10_000, 3);
    const [paid, blocked, fresh] = previewed.employees;
    await documents().send(new UpdateCommand({ TableName: cloud().tableName, Key: keys.employee(previewed.companyId, blocked!.employeeId), UpdateExpression: 'SET cardStatus = :status', ExpressionAttributeValues: { ':status': 'blocked' } }));
    await documents().send(new UpdateCommand({ TableName: cloud().tableName, Key: keys.employee(previewed.companyId, fresh!.employeeId), UpdateExpression: 'SET cardStatus = :status', ExpressionAttributeValues: { ':status': 'stopped' } }));
    const body = { name: 'Preview', recipients: { kind: 'chosen', amountCents: 500, employeeIds: [paid!.employeeId, blocked!.employeeId, fresh!.employeeId] }, cadence: { kind: 'monthly', dayOfMonth: 1 } };
    const answer = await api('POST', '/funding/schedules/preview', { token: previewed.token, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const preview = draftPreviewSchema.parse(answer.body);
    expect(preview.nextRun).toMatchObject({ employeeCount: 1, totalCents: 500, skippedCount: 2, covered: true });
    expect(preview.paid).toEqual([expect.objectContaining({ employeeId: paid!.employeeId, amountCents: 500 })]);
    expect(new Map(preview.skipped.map((row) => [row.employeeId, row.reason]))).toEqual(new Map([[blocked!.employeeId, 'card_not_active'], [fresh!.employeeId, 'not_active']]));
    // "All active" lists a blocked card as passed over, not a removed user.
    const all = draftPreviewSchema.parse((await api('POST', '/funding/schedules/preview', { token: previewed.token, body: { ...body, recipients: { kind: 'all_active', amountCents: 500 } } })).body);
    expect(all.paid.map((row) => row.employeeId)).toEqual([paid!.employeeId]);
    expect(all.skipped).toEqual([expect.objectContaining({ employeeId: blocked!.employeeId, reason: 'card_not_active' })]);
  });

  it('is paused, resumed, edited from its next run and deleted, each change in the audit trail', async () => {
    const rule = await createRule(owner.token, { name: 'Monthly', recipients: { kind: 'all_active', amountCents: 100 }, cadence: { kind: 'monthly', dayOfMonth: 1 } });
    const paused = await api('PUT', `/funding/schedules/${rule.scheduleId}/state`, { token: owner.token, body: { state: 'paused' } });
    expect(scheduleViewSchema.parse(paused.body)).toMatchObject({ state: 'paused', nextRunDate: null, nextRun: null });
    const resumed = await api('PUT', `/funding/schedules/${rule.scheduleId}/state`, { token: owner.token, body: { state: 'active' } });
    expect(scheduleViewSchema.parse(resumed.body).state).toBe('active');
    const edited = await api('PUT', `/funding/schedules/${rule.scheduleId}`, {
      token: owner.token,
      body: { name: 'Quarterly', recipients: { kind: 'all_active', amountCents: 250 }, cadence: { kind: 'quarterly', dayOfMonth: 10 } },
    });
    expect(scheduleViewSchema.parse(edited.body)).toMatchObject({ name: 'Quarterly', nextRun: { totalCents: 500, employeeCount: 2 } });
    // Run now only for the next run date; another date is refused.
    const wrongDate = await api('POST', `/funding/schedules/${rule.scheduleId}/runs/2020-01-01`, { token: owner.token, body: {}, headers: { 'Idempotency-Key': randomUUID() } });
    expect([wrongDate.status, (wrongDate.body as { code?: string }).code]).toEqual([409, 'SCHEDULE_RUN_NOT_STARTABLE']);
    expect((await api('DELETE', `/funding/schedules/${rule.scheduleId}`, { token: owner.token })).status).toBe(200);
    expect((await api('GET', `/funding/schedules/${rule.scheduleId}`, { token: owner.token })).status).toBe(404);
    const audit = await documents().send(
      new QueryCommand({ TableName: cloud().tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `COMPANY#${owner.companyId}#AUDIT` } }),
    );
    // The rule's own records, beside the owner's sign-in.
    expect((audit.Items ?? []).map((item) => String(item.action)).filter((action) => action.startsWith('fundingSchedule.'))).toEqual([
      'fundingSchedule.create',
      'fundingSchedule.pause',
      'fundingSchedule.resume',
      'fundingSchedule.update',
      'fundingSchedule.delete',
    ]);
  });
});
