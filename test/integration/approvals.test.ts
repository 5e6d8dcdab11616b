import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { csvLine } from '@shared/csv';
import { rigaDateOf } from '@shared/dates';
import { fundingFileSchema, parseCsv } from '@shared/funding';
import { approvalListAnswerSchema, approvalRequestSchema, awaitingApprovalAnswerSchema } from '@shared/approvals';
import { companyHeader } from '@shared/api/route-definition';
import type * as ExpireApprovals from '@functions/approvals/expire-approvals';
import type * as FundingFiles from '@functions/funding/funding-files';
import type * as FundingSchedules from '@functions/funding/funding-schedules';
import { resetEnvForTests } from '@functions/platform/env';
import { keys } from '@functions/platform/keys';
import { putApiKey } from './api-key-fixtures';
import { createOwnCompany, joinCompany, type OwnCompany } from './company-fixtures';
import { freshPhone, waitFor } from './employee-fixtures';
import { putEmployees } from './funding-fixtures';
import { api, cloud, documents, fixtureCloud, signIn } from './support';

/**
 * Dual approval (issue 35) against DynamoDB Local: above the owner's amount a funding waits, and moves exactly once
 * when someone other than the requester approves it, or never when anything it depends on changed.
 */
let expiry: typeof ExpireApprovals;
let schedules: typeof FundingSchedules;
let files: typeof FundingFiles;
beforeAll(async () => {
  // The expiry job and the funding worker's start of a run run in this process, as their schedules would run them.
  Object.assign(process.env, cloud().handlerEnvironment);
  resetEnvForTests();
  expiry = await import('@functions/approvals/expire-approvals');
  schedules = await import('@functions/funding/funding-schedules');
  files = await import('@functions/funding/funding-files');
});

interface Team {
  company: OwnCompany;
  employeeId: string;
  owner: { userId: string; token: string };
  managers: { userId: string; token: string }[];
}

/** A company with €1,000 available, one active employee, its owner and two managers (each of another company first). */
async function team(availableCents = 100_000): Promise<Team> {
  const company = await createOwnCompany(fixtureCloud(), { role: 'owner', availableCents });
  const [employee] = await putEmployees(fixtureCloud(), company.companyId, 1, 'active', `appr-${randomUUID().slice(0, 6)}`);
  const managers = await Promise.all(
    [0, 1].map(async () => {
      const person = await createOwnCompany(fixtureCloud(), { role: 'owner' });
      await joinCompany(fixtureCloud(), person.userId, company.companyId, 'manager');
      return { userId: person.userId, token: await signIn(person.email, undefined, person.phone) };
    }),
  );
  return { company, employeeId: employee?.employeeId ?? '', owner: { userId: company.userId, token: await signIn(company.email, undefined, company.phone) }, managers };
}

const inCompany = (team: Team, token: string, extra: Record<string, string> = {}) => ({ token, headers: { [companyHeader]: team.company.companyId, ...extra } });
const keyed = () => ({ 'Idempotency-Key': randomUUID() });

async function setRule(team: Team, fundingAboveCents: number | null, more: { fundingPerDayCents?: number } = {}): Promise<void> {
  const answer = await api('PUT', '/approval-rules', { ...inCompany(team, team.owner.token), body: { fundingAboveCents, ...more } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function fund(team: Team, token: string, amountCents: number) {
  return api('POST', `/employees/${team.employeeId}/funds`, { ...inCompany(team, token, keyed()), body: { amountCents } });
}

async function waiting(team: Team, amountCents: number): Promise<string> {
  const answer = await fund(team, team.managers[0]?.token ?? '', amountCents);
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  return awaitingApprovalAnswerSchema.parse(answer.body).approval.approvalId;
}

const approve = (team: Team, token: string, approvalId: string, key: string = randomUUID()) => api('POST', `/approvals/${approvalId}/approve`, { ...inCompany(team, token, { 'Idempotency-Key': key }), body: {} });

async function balances(team: Team): Promise<{ availableCents: number; employeeCents: number; movements: number }> {
  const account = await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.mainAccount(team.company.companyId) }));
  const employee = await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.employee(team.company.companyId, team.employeeId) }));
  const ledger = await documents().send(new QueryCommand({ TableName: cloud().tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `COMPANY#${team.company.companyId}#LEDGER` } }));
  return {
    availableCents: Number(account.Item?.availableCents),
    employeeCents: Number(employee.Item?.balanceCents),
    movements: new Set((ledger.Items ?? []).map((item) => String(item.movementId))).size,
  };
}

async function auditActions(team: Team): Promise<string[]> {
  const page = await documents().send(new QueryCommand({ TableName: cloud().tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `COMPANY#${team.company.companyId}#AUDIT` } }));
  return (page.Items ?? []).map((item) => String(item.action)).filter((action) => action.startsWith('approval.') || action === 'funds.add');
}

describe('a funding above the owner\'s amount', () => {
  it('waits with its whole preview, and moves once when two people approve it at once', async () => {
    const t = await team();
    await setRule(t, 50_000);
    const before = await balances(t);
    const approvalId = await waiting(t, 60_000);
    expect(await balances(t)).toEqual(before);

    const request = approvalRequestSchema.parse((await api('GET', `/approvals/${approvalId}`, inCompany(t, t.owner.token))).body);
    expect(request).toMatchObject({ status: 'pending', kind: 'funding', funding: { totalCents: 60_000, credits: [{ employeeId: t.employeeId, amountCents: 60_000 }] }, requestedBy: { userId: t.managers[0]?.userId } });
    // The owner's queue shows it waiting for them; the requester's shows it, but not as theirs to decide.
    expect(approvalListAnswerSchema.parse((await api('GET', '/approvals', inCompany(t, t.owner.token))).body)).toMatchObject({ totalRecords: 1, awaitingYouCount: 1 });
    expect(approvalListAnswerSchema.parse((await api('GET', '/approvals', inCompany(t, t.managers[0]?.token ?? ''))).body)).toMatchObject({ totalRecords: 1, awaitingYouCount: 0 });
    expect(await approve(t, t.managers[0]?.token ?? '', approvalId)).toMatchObject({ status: 403, body: { code: 'APPROVAL_OWN_REQUEST' } });

    const [first, second] = await Promise.all([approve(t, t.owner.token, approvalId), approve(t, t.managers[1]?.token ?? '', approvalId)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect([first, second].find((answer) => answer.status === 409)?.body).toMatchObject({ code: 'APPROVAL_NOT_PENDING' });
    const after = await balances(t);
    expect(after).toEqual({ availableCents: before.availableCents - 60_000, employeeCents: before.employeeCents + 60_000, movements: before.movements + 1 });
    expect((await auditActions(t)).sort()).toEqual(['approval.approve', 'approval.request', 'approval.rules_change', 'funds.add']);
  });

  it('moves once when the same approval is sent twice with its key, and nothing when the amount is at the rule', async () => {
    const t = await team(200_000);
    await setRule(t, 50_000);
    expect((await fund(t, t.managers[0]?.token ?? '', 50_000)).status).toBe(200);
    const approvalId = await waiting(t, 50_001);
    const before = await balances(t);
    const key = randomUUID();
    const [once, again] = [await approve(t, t.owner.token, approvalId, key), await approve(t, t.owner.token, approvalId, key)];
    expect(once.status, JSON.stringify(once.body)).toBe(200);
    expect(again.body).toEqual(once.body);
    expect(await balances(t)).toEqual({ availableCents: before.availableCents - 50_001, employeeCents: before.employeeCents + 50_001, movements: before.movements + 1 });
  });
});

describe('a per-day amount', () => {
  it('lets fundings move until the day\'s unapproved total would pass it; of two at once that both would, one waits', async () => {
    const t = await team(300_000);
    await setRule(t, null, { fundingPerDayCents: 100_000 });
    const manager = t.managers[0]?.token ?? '';
    // One alone above the day's amount waits whatever else was funded.
    expect((await fund(t, manager, 100_001)).status).toBe(202);
    const before = await balances(t);
    const both = await Promise.all([fund(t, manager, 60_000), fund(t, t.managers[1]?.token ?? '', 60_000)]);
    expect(both.map((answer) => answer.status).sort(), JSON.stringify(both.map((answer) => answer.body))).toEqual([200, 202]);
    // What is left of the day's amount still moves at once; a cent more waits.
    expect((await fund(t, manager, 40_000)).status).toBe(200);
    expect((await fund(t, manager, 1)).status).toBe(202);
    expect(await balances(t)).toEqual({ availableCents: before.availableCents - 100_000, employeeCents: before.employeeCents + 100_000, movements: before.movements + 2 });
    // Approved fundings do not use the day's amount up: the waiting 60,000 is approved and moves.
    const pending = approvalListAnswerSchema.parse((await api('GET', '/approvals', inCompany(t, t.owner.token))).body).rows.find((row) => row.funding?.totalCents === 60_000);
    expect((await approve(t, t.owner.token, pending?.approvalId ?? '')).status).toBe(200);
    expect((await balances(t)).availableCents).toBe(before.availableCents - 160_000);
  });
});

describe('an approval that would no longer do what was previewed', () => {
  it('is refused and moves nothing when the balance fell below the amount meanwhile', async () => {
    const t = await team(70_000);
    await setRule(t, 50_000);
    const approvalId = await waiting(t, 60_000);
    // Meanwhile another funding within the rule takes most of the money.
    expect((await fund(t, t.managers[1]?.token ?? '', 40_000)).status).toBe(200);
    const before = await balances(t);
    expect(await approve(t, t.owner.token, approvalId)).toMatchObject({ status: 409, body: { code: 'FUNDS_NOT_ENOUGH' } });
    expect(await balances(t)).toEqual(before);
    expect(approvalRequestSchema.parse((await api('GET', `/approvals/${approvalId}`, inCompany(t, t.owner.token))).body).status).toBe('pending');
  });

  it('is refused when the rule changed since the request, and when the request expired', async () => {
    const t = await team();
    await setRule(t, 50_000);
    const changed = await waiting(t, 60_000);
    const readRequest = async (approvalId: string) => approvalRequestSchema.parse((await api('GET', `/approvals/${approvalId}`, inCompany(t, t.owner.token))).body);
    expect((await readRequest(changed)).rulesChanged).toBe(false);
    await setRule(t, 55_000);
    // The queue says it before anyone tries: made under rules changed since, it can only be rejected.
    expect((await readRequest(changed)).rulesChanged).toBe(true);
    const queue = approvalListAnswerSchema.parse((await api('GET', '/approvals', inCompany(t, t.owner.token))).body);
    expect(queue.rows.find((row) => row.approvalId === changed)?.rulesChanged).toBe(true);
    expect(await approve(t, t.owner.token, changed)).toMatchObject({ status: 409, body: { code: 'APPROVAL_RULE_CHANGED' } });
    const rejected = await api('POST', `/approvals/${changed}/reject`, { ...inCompany(t, t.owner.token, keyed()), body: { comment: 'Ask again under the new rule' } });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(approvalRequestSchema.parse(rejected.body)).toMatchObject({ status: 'rejected', rulesChanged: false });

    const expired = await waiting(t, 60_000);
    const past = new Date(Date.now() - 1_000).toISOString();
    await documents().send(
      new UpdateCommand({ TableName: cloud().tableName, Key: keys.approvalRequest(t.company.companyId, expired), UpdateExpression: 'SET expiresAt = :past, gsi2sk = :due', ExpressionAttributeValues: { ':past': past, ':due': keys.pendingApproval(past, t.company.companyId, expired).gsi2sk } }),
    );
    const before = await balances(t);
    expect(await approve(t, t.owner.token, expired)).toMatchObject({ status: 409, body: { code: 'APPROVAL_EXPIRED' } });
    expect(await balances(t)).toEqual(before);
    expect(approvalRequestSchema.parse((await api('GET', `/approvals/${expired}`, inCompany(t, t.owner.token))).body).status).toBe('expired');
    // The expiry job writes it down once: recorded and told to webhooks; a second run finds nothing.
    expect(await expiry.expireApprovals(new Date())).toEqual({ expired: 1 });
    expect(await expiry.expireApprovals(new Date())).toEqual({ expired: 0 });
    expect(await auditActions(t)).toContain('approval.expire');
    expect(await approve(t, t.owner.token, expired)).toMatchObject({ status: 409, body: { code: 'APPROVAL_EXPIRED' } });
  });
});

describe('a funding file above the amount', () => {
  /** The company's template with `amount` in the employee's row: a file of one funded row. */
  async function uploadFile(t: Team, token: string, amount: string, fileName = 'bonus.csv'): Promise<string> {
    const template = z.object({ content: z.string() }).parse((await api('GET', '/funding/template', inCompany(t, token))).body).content;
    const [header, ...rows] = parseCsv(template) ?? [];
    const content = [header ?? [], ...rows.map((cells) => [...cells.slice(0, -1), cells[0] === t.employeeId ? amount : ''])].map((cells) => csvLine(cells)).join('');
    const uploaded = await api('POST', '/funding/files', { ...inCompany(t, token, keyed()), body: { fileName, content } });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    return z.object({ fileId: z.string() }).parse(uploaded.body).fileId;
  }
  const readFile = async (t: Team, fileId: string) => fundingFileSchema.parse((await api('GET', `/funding/files/${fileId}`, inCompany(t, t.owner.token))).body);

  it('waits whole, moves nothing until approved, then is paid once from the total set aside', async () => {
    const t = await team();
    await setRule(t, 50_000);
    const manager = t.managers[0]?.token ?? '';
    const fileId = await uploadFile(t, manager, '600.00');
    const before = await balances(t);
    // Two clicks (two tabs): one request.
    const [applied, again] = await Promise.all([0, 1].map(() => api('POST', `/funding/files/${fileId}/apply`, { ...inCompany(t, manager, keyed()), body: {} })));
    expect(applied?.status, JSON.stringify(applied?.body)).toBe(200);
    expect(again?.status).toBe(200);
    const waitingFile = fundingFileSchema.parse(applied?.body);
    expect(waitingFile).toMatchObject({ status: 'awaiting_approval', totalCents: 60_000 });
    expect(await balances(t)).toEqual(before);
    const list = approvalListAnswerSchema.parse((await api('GET', '/approvals', inCompany(t, t.owner.token))).body);
    expect(list.rows).toEqual([
      expect.objectContaining({ approvalId: waitingFile.approvalId, kind: 'fundingFile', file: expect.objectContaining({ fileId, fileName: 'bonus.csv', scheduleName: null }), funding: { credits: [expect.objectContaining({ employeeId: t.employeeId, amountCents: 60_000 })], employeeCount: 1, totalCents: 60_000 } }),
    ]);
    const approvalId = waitingFile.approvalId ?? '';
    expect(await approve(t, manager, approvalId)).toMatchObject({ status: 403, body: { code: 'APPROVAL_OWN_REQUEST' } });

    const [first, second] = await Promise.all([approve(t, t.owner.token, approvalId), approve(t, t.managers[1]?.token ?? '', approvalId)]);
    expect([first.status, second.status].sort(), JSON.stringify([first.body, second.body])).toEqual([200, 409]);
    // The local cloud's funding worker pays it from what the approval set aside.
    const done = await waitFor(() => readFile(t, fileId), (file) => file.status === 'applied', 30_000);
    expect(done.result).toMatchObject({ appliedCount: 1, appliedCents: 60_000, failedCount: 0 });
    const account = await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.mainAccount(t.company.companyId) }));
    expect(account.Item).toMatchObject({ availableCents: before.availableCents - 60_000, reservedCents: 0 });
    expect(await balances(t)).toEqual({ availableCents: before.availableCents - 60_000, employeeCents: before.employeeCents + 60_000, movements: before.movements + 1 });
    expect((await auditActions(t)).sort()).toEqual(['approval.approve', 'approval.request', 'approval.rules_change', 'funds.add']);
  });

  it('rejected, is declined and moves nothing; uploaded again it waits again', async () => {
    const t = await team();
    await setRule(t, 50_000);
    const manager = t.managers[0]?.token ?? '';
    const fileId = await uploadFile(t, manager, '600.00');
    const waitingFile = fundingFileSchema.parse((await api('POST', `/funding/files/${fileId}/apply`, { ...inCompany(t, manager, keyed()), body: {} })).body);
    const before = await balances(t);
    const rejected = await api('POST', `/approvals/${waitingFile.approvalId}/reject`, { ...inCompany(t, t.owner.token, keyed()), body: { comment: 'Split it by department' } });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(await readFile(t, fileId)).toMatchObject({ status: 'declined' });
    expect(await balances(t)).toEqual(before);
    // The same content again is checked afresh and can be asked for again: a new request.
    expect(await uploadFile(t, manager, '600.00')).toBe(fileId);
    const askedAgain = fundingFileSchema.parse((await api('POST', `/funding/files/${fileId}/apply`, { ...inCompany(t, manager, keyed()), body: {} })).body);
    expect(askedAgain.status).toBe('awaiting_approval');
    expect(askedAgain.approvalId).not.toBe(waitingFile.approvalId);
  });

  it('is refused at approval and moves nothing when the balance no longer covers it', async () => {
    const t = await team(70_000);
    await setRule(t, 50_000);
    const manager = t.managers[0]?.token ?? '';
    const fileId = await uploadFile(t, manager, '600.00');
    const waitingFile = fundingFileSchema.parse((await api('POST', `/funding/files/${fileId}/apply`, { ...inCompany(t, manager, keyed()), body: {} })).body);
    expect((await fund(t, t.managers[1]?.token ?? '', 40_000)).status).toBe(200);
    const before = await balances(t);
    expect(await approve(t, t.owner.token, waitingFile.approvalId ?? '')).toMatchObject({ status: 409, body: { code: 'FUNDS_NOT_ENOUGH' } });
    expect(await balances(t)).toEqual(before);
    expect(await readFile(t, fileId)).toMatchObject({ status: 'awaiting_approval' });
  });
});

describe('a scheduled funding run above the amount', () => {
  it('waits whole without holding money; the person who set the rule up cannot approve it; approved, it is paid once', async () => {
    const t = await team();
    await setRule(t, 50_000);
    const manager = t.managers[0]?.token ?? '';
    const today = rigaDateOf(new Date());
    const created = await api('POST', '/funding/schedules', { ...inCompany(t, manager), body: { name: 'Quarterly bonus', recipients: { kind: 'chosen', amountCents: 60_000, employeeIds: [t.employeeId] }, cadence: { kind: 'monthly', dayOfMonth: Number(today.slice(8, 10)) } } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { scheduleId } = z.object({ scheduleId: z.string() }).parse(created.body);
    // The rule itself waited (see below); approved, it runs on its date.
    const ruleRequest = z.object({ approvalId: z.string() }).parse(created.body).approvalId;
    expect((await approve(t, t.owner.token, ruleRequest)).status).toBe(200);
    const before = await balances(t);
    // The funding worker's start of the run, twice (a redelivered message): one run, one request, nothing held.
    const [started] = await Promise.all([schedules.startRun(t.company.companyId, scheduleId, today), schedules.startRun(t.company.companyId, scheduleId, today)]);
    expect(started?.file).toMatchObject({ status: 'awaiting_approval', totalCents: 60_000, heldCents: 0 });
    const fileId = started?.file?.fileId ?? '';
    expect(await files.applyFile(t.company.companyId, fileId)).toMatchObject({ status: 'awaiting_approval' });
    expect(await balances(t)).toEqual(before);
    const [request] = approvalListAnswerSchema.parse((await api('GET', '/approvals', inCompany(t, t.owner.token))).body).rows.filter((row) => row.kind === 'fundingFile');
    expect(request).toMatchObject({ kind: 'fundingFile', requestedBy: { userId: t.managers[0]?.userId }, file: { fileId, scheduleName: 'Quarterly bonus', runDate: today } });
    expect(await approve(t, manager, request?.approvalId ?? '')).toMatchObject({ status: 403, body: { code: 'APPROVAL_OWN_REQUEST' } });

    expect((await approve(t, t.owner.token, request?.approvalId ?? '')).status).toBe(200);
    await waitFor(() => files.readFundingFile(t.company.companyId, fileId), (file) => file.status === 'applied', 30_000);
    expect(await balances(t)).toEqual({ availableCents: before.availableCents - 60_000, employeeCents: before.employeeCents + 60_000, movements: before.movements + 1 });
    const runs = z.object({ runs: z.array(z.object({ status: z.string() })) }).parse((await api('GET', `/funding/schedules/${scheduleId}`, inCompany(t, t.owner.token))).body).runs;
    expect(runs.map((run) => run.status)).toEqual(['applied']);
  });
});

describe('a scheduled funding rule above the amount', () => {
  const scheduleView = z.object({ scheduleId: z.string(), state: z.string(), nextRunDate: z.nullable(z.string()), approvalId: z.nullable(z.string()) });
  const rule = (amountCents: number, name = 'Monthly bonus') => ({ name, recipients: { kind: 'all_active', amountCents }, cadence: { kind: 'monthly', dayOfMonth: 28 } });

  it('waits to run until someone other than its author approves it; an edit meanwhile makes the earlier request unapprovable', async () => {
    const t = await team();
    await setRule(t, 50_000);
    const manager = t.managers[0]?.token ?? '';
    const created = scheduleView.parse((await api('POST', '/funding/schedules', { ...inCompany(t, manager), body: rule(60_000) })).body);
    expect(created).toMatchObject({ state: 'awaiting_approval', nextRunDate: null });
    const request = approvalRequestSchema.parse((await api('GET', `/approvals/${created.approvalId}`, inCompany(t, t.owner.token))).body);
    expect(request).toMatchObject({ kind: 'fundingSchedule', schedule: { scheduleId: created.scheduleId, name: 'Monthly bonus' }, funding: { employeeCount: 1, totalCents: 60_000 }, requestedBy: { userId: t.managers[0]?.userId } });
    expect(await approve(t, manager, request.approvalId)).toMatchObject({ status: 403, body: { code: 'APPROVAL_OWN_REQUEST' } });
    // Resuming asks nothing again; running it by hand is refused.
    expect((await api('PUT', `/funding/schedules/${created.scheduleId}/state`, { ...inCompany(t, manager), body: { state: 'active' } })).body).toMatchObject({ state: 'awaiting_approval', approvalId: created.approvalId });
    const runNow = await api('POST', `/funding/schedules/${created.scheduleId}/runs/${rigaDateOf(new Date())}`, { ...inCompany(t, manager, keyed()), body: {} });
    expect(runNow).toMatchObject({ status: 409, body: { code: 'SCHEDULE_RUN_NOT_STARTABLE' } });

    const edited = scheduleView.parse((await api('PUT', `/funding/schedules/${created.scheduleId}`, { ...inCompany(t, manager), body: rule(70_000, 'Monthly bonus, raised') })).body);
    expect(edited.state).toBe('awaiting_approval');
    expect(edited.approvalId).not.toBe(created.approvalId);
    expect(await approve(t, t.owner.token, request.approvalId)).toMatchObject({ status: 409, body: { code: 'APPROVAL_SUBJECT_CHANGED' } });
    expect((await approve(t, t.owner.token, edited.approvalId ?? '')).status).toBe(200);
    const active = scheduleView.parse((await api('GET', `/funding/schedules/${created.scheduleId}`, inCompany(t, t.owner.token))).body);
    expect(active.state).toBe('active');
    expect(active.nextRunDate).not.toBeNull();
    // Below the amount a rule needs nobody's approval.
    expect(scheduleView.parse((await api('POST', '/funding/schedules', { ...inCompany(t, manager), body: rule(40_000, 'Small') })).body).state).toBe('active');
  });

  it('rejected, is paused with nothing run', async () => {
    const t = await team();
    await setRule(t, 50_000);
    const created = scheduleView.parse((await api('POST', '/funding/schedules', { ...inCompany(t, t.managers[0]?.token ?? ''), body: rule(60_000) })).body);
    const rejected = await api('POST', `/approvals/${created.approvalId}/reject`, { ...inCompany(t, t.owner.token, keyed()), body: { comment: 'Too much per month' } });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(scheduleView.parse((await api('GET', `/funding/schedules/${created.scheduleId}`, inCompany(t, t.owner.token))).body).state).toBe('paused');
  });
});

describe('a rejected request', () => {
  it('moves nothing, keeps the comment, and cannot be approved afterwards', async () => {
    const t = await team();
    await setRule(t, 50_000);
    const approvalId = await waiting(t, 60_000);
    const before = await balances(t);
    expect(await api('POST', `/approvals/${approvalId}/reject`, { ...inCompany(t, t.owner.token, keyed()), body: { comment: '' } })).toMatchObject({ status: 400, body: { fields: { comment: 'REQUIRED' } } });
    const rejected = await api('POST', `/approvals/${approvalId}/reject`, { ...inCompany(t, t.owner.token, keyed()), body: { comment: 'Not this month' } });
    expect(rejected.body).toMatchObject({ status: 'rejected', comment: 'Not this month', decidedBy: { userId: t.owner.userId } });
    expect(await approve(t, t.managers[1]?.token ?? '', approvalId)).toMatchObject({ status: 409, body: { code: 'APPROVAL_NOT_PENDING' } });
    expect(await balances(t)).toEqual(before);
    const decided = approvalListAnswerSchema.parse((await api('GET', '/approvals?state=decided', inCompany(t, t.managers[0]?.token ?? ''))).body);
    expect(decided.rows.map((row) => [row.approvalId, row.status, row.comment])).toEqual([[approvalId, 'rejected', 'Not this month']]);
  });
});

describe('changes of users the owners chose to approve', () => {
  const detail = z.object({ employeeId: z.string(), phone: z.nullable(z.string()), limitCents: z.number(), annualLimitCents: z.number(), mccGroups: z.array(z.string()) });

  it('add a user, move a phone and raise limits only once someone else approves; lower limits at once', async () => {
    const t = await team();
    const manager = t.managers[0]?.token ?? '';
    // Made before the rule: a user with a card and a claimed phone.
    const added = await api('POST', '/employees', { ...inCompany(t, manager), body: { name: 'Anna', surname: 'Kalniņa', phone: freshPhone() } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const anna = detail.parse(added.body);
    const setRules = await api('PUT', '/approval-rules', { ...inCompany(t, t.owner.token), body: { fundingAboveCents: null, userChanges: { addUser: true, changePhone: true, raiseLimit: true } } });
    expect(setRules.status, JSON.stringify(setRules.body)).toBe(200);

    const newPhone = freshPhone();
    const asked = await api('POST', '/employees', { ...inCompany(t, manager), body: { name: 'Pēteris', surname: 'Ozols', phone: newPhone } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const addUser = awaitingApprovalAnswerSchema.parse(asked.body).approval;
    expect(addUser).toMatchObject({ kind: 'addUser', funding: null, userChange: { name: 'Pēteris Ozols', newUser: { phone: newPhone } } });
    const newId = addUser.userChange?.employeeId ?? '';
    expect((await api('GET', `/employees/${newId}`, inCompany(t, t.owner.token))).status).toBe(404);
    expect(await approve(t, manager, addUser.approvalId)).toMatchObject({ status: 403, body: { code: 'APPROVAL_OWN_REQUEST' } });
    const [first, second] = await Promise.all([approve(t, t.owner.token, addUser.approvalId), approve(t, t.managers[1]?.token ?? '', addUser.approvalId)]);
    expect([first.status, second.status].sort(), JSON.stringify([first.body, second.body])).toEqual([200, 409]);
    expect(detail.parse((await api('GET', `/employees/${newId}`, inCompany(t, t.owner.token))).body).phone).toBe(newPhone);

    const movedTo = freshPhone();
    const phoneAsked = await api('PUT', `/employees/${anna.employeeId}/phone`, { ...inCompany(t, manager), body: { phone: movedTo } });
    expect(phoneAsked.status, JSON.stringify(phoneAsked.body)).toBe(202);
    expect(detail.parse((await api('GET', `/employees/${anna.employeeId}`, inCompany(t, t.owner.token))).body).phone).toBe(anna.phone);
    expect((await approve(t, t.owner.token, awaitingApprovalAnswerSchema.parse(phoneAsked.body).approval.approvalId)).status).toBe(200);
    expect(detail.parse((await api('GET', `/employees/${anna.employeeId}`, inCompany(t, t.owner.token))).body).phone).toBe(movedTo);

    const limits = (limitCents: number) => ({ limitCents, annualLimitCents: limitCents * 12, mccGroups: anna.mccGroups });
    const raised = await api('PUT', `/employees/${anna.employeeId}/limits`, { ...inCompany(t, manager), body: limits(anna.limitCents + 10_000) });
    expect(raised.status, JSON.stringify(raised.body)).toBe(202);
    // Lower limits need nobody; and the raise asked from the limits before no longer is what would happen.
    expect((await api('PUT', `/employees/${anna.employeeId}/limits`, { ...inCompany(t, manager), body: limits(anna.limitCents - 1_000) })).status).toBe(200);
    expect(await approve(t, t.owner.token, awaitingApprovalAnswerSchema.parse(raised.body).approval.approvalId)).toMatchObject({ status: 409, body: { code: 'APPROVAL_SUBJECT_CHANGED' } });
    expect(detail.parse((await api('GET', `/employees/${anna.employeeId}`, inCompany(t, t.owner.token))).body).limitCents).toBe(anna.limitCents - 1_000);
  });
});

describe('an API key funding above the amount', () => {
  it('answers 202 with its status URL, and moves money only once a person approves it', async () => {
    const t = await team();
    await setRule(t, 50_000);
    const key = await putApiKey(fixtureCloud(), t.company.companyId, { userId: t.owner.userId, name: t.company.fullName }, { name: 'Payroll', createdAt: new Date().toISOString(), scopes: ['money:write'] });
    const before = await balances(t);
    const answer = await api('POST', `/v1/employees/${t.employeeId}/funds`, { token: key.secret, body: { amountCents: 60_000 }, headers: keyed() });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    const { approval, statusUrl } = awaitingApprovalAnswerSchema.parse(answer.body);
    expect(statusUrl).toBe(`/v1/approvals/${approval.approvalId}`);
    expect(approval.requestedBy).toMatchObject({ userId: t.owner.userId, viaApiKey: true });
    expect(await balances(t)).toEqual(before);
    const followed = z.object({ status: z.string() }).parse((await api('GET', statusUrl, { token: key.secret })).body);
    expect(followed.status).toBe('pending');
    // The key's owner asked (through the key): another person decides.
    expect(await approve(t, t.owner.token, approval.approvalId)).toMatchObject({ status: 403, body: { code: 'APPROVAL_OWN_REQUEST' } });
    expect((await approve(t, t.managers[0]?.token ?? '', approval.approvalId)).status).toBe(200);
    expect(await balances(t)).toEqual({ availableCents: before.availableCents - 60_000, employeeCents: before.employeeCents + 60_000, movements: before.movements + 1 });
    expect(z.object({ status: z.string() }).parse((await api('GET', statusUrl, { token: key.secret })).body).status).toBe('approved');
  });
});
