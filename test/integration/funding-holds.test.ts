import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { rigaDateOf } from '@shared/dates';
import type { CardStatus } from '@shared/statuses';
import { workNotEndedCleanlyMetric } from '../../functions/platform/metrics';
import type { Actor } from '@functions/platform/audit';
import { resetEnvForTests } from '@functions/platform/env';
import { keys } from '@functions/platform/keys';
import type * as FailOverdueWork from '@functions/exports/fail-overdue-work';
import type * as FundingFiles from '@functions/funding/funding-files';
import type * as FundingSchedules from '@functions/funding/funding-schedules';
import type * as Dynamo from '@functions/platform/aws/dynamo';
import { createOwnCompany } from './company-fixtures';
import { putEmployees, type FixtureEmployee } from './funding-fixtures';
import { unreadQueue } from './queue-fixtures';
import { cloud, documents, fixtureCloud } from './support';

/**
 * Issue 36: a scheduled run pays exactly what it set aside. Against DynamoDB Local and s3rver, each case ends with the
 * hold invariant: for every run, held = paid + released (+ what it still holds while it runs), and the main
 * account's reservedCents is what the runs still hold.
 */
let schedules: typeof FundingSchedules;
let files: typeof FundingFiles;
let overdue: typeof FailOverdueWork;
let dynamo: typeof Dynamo.dynamo;

beforeAll(async () => {
  // Starts and applies runs in this process, as the funding worker does. What the code sends to the funding queue (a
  // retry queues its file) goes to a queue of this file's that no worker reads: the local cloud's worker would apply
  // the file at the same moment as the test.
  Object.assign(process.env, cloud().handlerEnvironment, { FUNDING_QUEUE_URL: await unreadQueue('funding-holds') });
  resetEnvForTests();
  schedules = await import('@functions/funding/funding-schedules');
  files = await import('@functions/funding/funding-files');
  overdue = await import('@functions/exports/fail-overdue-work');
  ({ dynamo } = await import('@functions/platform/aws/dynamo'));
});

const owner: Actor = { kind: 'company_user', userId: 'test-owner', name: 'Test Owner', role: 'owner' };
const today = () => rigaDateOf(new Date());
const todayDay = () => Number(today().slice(8, 10));
const table = () => cloud().tableName;

async function company(availableCents: number): Promise<string> {
  return (await createOwnCompany(fixtureCloud(), { role: 'owner', availableCents })).companyId;
}

const employeesOf = (companyId: string, count: number, cardStatus: CardStatus, prefix: string) => putEmployees(fixtureCloud(), companyId, count, cardStatus, prefix);

async function rule(companyId: string, name: string, employees: FixtureEmployee[], amountCents: number, allowPartial = false) {
  return schedules.createSchedule(
    companyId,
    { name, recipients: { kind: 'chosen', amountCents, employeeIds: employees.map((employee) => employee.employeeId) }, cadence: { kind: 'monthly', dayOfMonth: todayDay() }, allowPartial },
    owner,
  );
}

async function setCard(companyId: string, employees: FixtureEmployee[], cardStatus: CardStatus): Promise<void> {
  for (const employee of employees) {
    await documents().send(
      new UpdateCommand({ TableName: table(), Key: keys.employee(companyId, employee.employeeId), UpdateExpression: 'SET cardStatus = :status', ExpressionAttributeValues: { ':status': cardStatus } }),
    );
  }
}

async function setAvailable(companyId: string, cents: number): Promise<void> {
  await documents().send(new UpdateCommand({ TableName: table(), Key: keys.mainAccount(companyId), UpdateExpression: 'SET availableCents = :cents', ExpressionAttributeValues: { ':cents': cents } }));
}

const accountSchema = z.object({ availableCents: z.number(), reservedCents: z.number() });
async function account(companyId: string) {
  const item = await documents().send(new GetCommand({ TableName: table(), Key: keys.mainAccount(companyId), ConsistentRead: true }));
  return accountSchema.parse(item.Item);
}

async function balances(companyId: string, employees: FixtureEmployee[]): Promise<number[]> {
  return Promise.all(
    employees.map(async (employee) => {
      const item = await documents().send(new GetCommand({ TableName: table(), Key: keys.employee(companyId, employee.employeeId), ConsistentRead: true }));
      return Number(item.Item?.balanceCents);
    }),
  );
}

const fileHoldSchema = z.object({
  fileId: z.string(),
  status: z.string(),
  heldCents: z.number(),
  holdLeftCents: z.number(),
  appliedCents: z.number(),
  releasedCents: z.number(),
  holdShortCents: z.number(),
});

async function fundingFiles(companyId: string) {
  const page = await documents().send(
    new QueryCommand({ TableName: table(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': `COMPANY#${companyId}`, ':prefix': 'FUNDING_FILE#' }, ConsistentRead: true }),
  );
  return (page.Items ?? []).map((item) => fileHoldSchema.parse(item));
}

/**
 * Every run's hold is what it paid, gave back and still holds (less what was found short, alarmed); the account holds
 * exactly what the runs still hold; the main account's ledger lines sum to minus what the runs paid.
 */
async function expectHoldsBalanced(companyId: string): Promise<void> {
  const runs = await fundingFiles(companyId);
  for (const run of runs) {
    expect(run.heldCents, `run ${run.fileId}`).toBe(run.appliedCents + run.releasedCents + run.holdLeftCents + run.holdShortCents);
    if (run.status === 'applied' || run.status === 'failed') expect(run.holdLeftCents, `ended run ${run.fileId}`).toBe(0);
  }
  expect((await account(companyId)).reservedCents).toBe(runs.reduce((sum, run) => sum + run.holdLeftCents, 0));
  const ledger = await documents().send(
    new QueryCommand({ TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': `COMPANY#${companyId}#LEDGER#MAIN` } }),
  );
  const moved = (ledger.Items ?? []).reduce((sum, item) => sum + Number(item.amountCents), 0);
  expect(moved + runs.reduce((sum, run) => sum + run.appliedCents, 0)).toBe(0);
}

async function startToday(companyId: string, scheduleId: string) {
  const { run, file } = await schedules.startRun(companyId, scheduleId, today());
  expect(run?.status).toBe('started');
  if (!file) throw new Error('the run was not started');
  return file;
}

describe('a scheduled run pays what it set aside', () => {
  it('does not pay a chosen employee whose card was activated after it started: it held nothing for her, and pays everyone it held for', async () => {
    const companyId = await company(10_000);
    const late = await employeesOf(companyId, 1, 'delivered', 'late');
    const ready = await employeesOf(companyId, 3, 'active', 'ready');
    const { scheduleId } = await rule(companyId, 'Team bonus', [...late, ...ready], 1_000);
    const file = await startToday(companyId, scheduleId);
    expect(file).toMatchObject({ heldCents: 3_000, holdLeftCents: 3_000, unheldRows: [2] });
    expect(await account(companyId)).toEqual({ availableCents: 7_000, reservedCents: 3_000 });

    await setCard(companyId, late, 'active');
    const applied = await files.applyFile(companyId, file.fileId);

    expect(applied).toMatchObject({ status: 'applied', appliedCount: 3, appliedCents: 3_000, failedCount: 1, releasedCents: 0, holdLeftCents: 0 });
    expect(applied.failures).toEqual([expect.objectContaining({ employeeId: late[0]!.employeeId, reason: 'FUNDING_USER_NOT_ACTIVE' })]);
    expect(await balances(companyId, [...late, ...ready])).toEqual([0, 1_000, 1_000, 1_000]);
    expect(await account(companyId)).toEqual({ availableCents: 7_000, reservedCents: 0 });
    await expectHoldsBalanced(companyId);
  });

  it('keeps two held runs of one company apart when two workers apply them at once, each message delivered twice', async () => {
    const companyId = await company(100_000);
    const late = await employeesOf(companyId, 10, 'delivered', 'late');
    const ready = await employeesOf(companyId, 30, 'active', 'ready');
    const everyone = [...late, ...ready];
    const monthly = await rule(companyId, 'Monthly', everyone, 1_000);
    const meals = await rule(companyId, 'Meals', everyone, 500);
    const [first, second] = await Promise.all([startToday(companyId, monthly.scheduleId), startToday(companyId, meals.scheduleId)]);
    expect(await account(companyId)).toEqual({ availableCents: 55_000, reservedCents: 45_000 });

    // Cards activated between the starts and the applies: before issue 36 these rows were paid from the holds.
    await setCard(companyId, late, 'active');
    await Promise.all([
      files.applyFile(companyId, first.fileId),
      files.applyFile(companyId, second.fileId),
      files.applyFile(companyId, first.fileId),
      files.applyFile(companyId, second.fileId),
    ]);

    const ended = await fundingFiles(companyId);
    expect(ended.map((run) => run.status)).toEqual(['applied', 'applied']);
    expect(await balances(companyId, everyone)).toEqual([...late.map(() => 0), ...ready.map(() => 1_500)]);
    expect(await account(companyId)).toEqual({ availableCents: 55_000, reservedCents: 0 });
    await expectHoldsBalanced(companyId);
  });

  it('of a rule that allows partial runs starts, holds what there is and pays the rows that fit when two such runs find the balance short at once', async () => {
    const companyId = await company(4_000);
    const team = await employeesOf(companyId, 6, 'active', 'team');
    const [left, right] = [team.slice(0, 3), team.slice(3)];
    const a = await rule(companyId, 'Left', left, 1_000, true);
    const b = await rule(companyId, 'Right', right, 1_000, true);
    // Each alone is covered (3,000 of 4,000); together they are not. Neither is refused: the second holds what is left.
    const started = await Promise.all([schedules.startRun(companyId, a.scheduleId, today()), schedules.startRun(companyId, b.scheduleId, today())]);
    expect(started.map(({ run }) => run?.status)).toEqual(['started', 'started']);
    expect(await account(companyId)).toEqual({ availableCents: 0, reservedCents: 4_000 });
    await Promise.all(started.map(({ file }) => files.applyFile(companyId, file!.fileId)));

    const paid = await balances(companyId, team);
    expect(paid.reduce((sum, cents) => sum + cents, 0)).toBe(4_000);
    expect(paid.every((cents) => cents === 0 || cents === 1_000)).toBe(true);
    const runs = await fundingFiles(companyId);
    expect(runs.map((run) => run.status)).toEqual(['applied', 'applied']);
    expect(await account(companyId)).toEqual({ availableCents: 0, reservedCents: 0 });
    await expectHoldsBalanced(companyId);
  });

  it('retried after rows failed for good sets aside only what it can still pay', async () => {
    const companyId = await company(10_000);
    const team = await employeesOf(companyId, 10, 'active', 'team');
    const { scheduleId } = await rule(companyId, 'Retried', team, 1_000);
    const file = await startToday(companyId, scheduleId);
    expect(await account(companyId)).toEqual({ availableCents: 0, reservedCents: 10_000 });
    // Three cards blocked: applying fails their rows for good, then the worker's time runs out before the first chunk.
    await setCard(companyId, team.slice(0, 3), 'blocked');
    await expect(files.applyFile(companyId, file.fileId, AbortSignal.abort())).rejects.toThrow();
    expect(await files.failFile(companyId, file.fileId)).toBe(true);
    expect(await account(companyId)).toEqual({ availableCents: 10_000, reservedCents: 0 });

    // 7,000 is what the remaining rows need; total less paid (10,000) would be refused.
    await setAvailable(companyId, 7_000);
    const retried = await files.retryFile(companyId, file.fileId, owner);
    expect(retried).toMatchObject({ status: 'queued', heldCents: 17_000, holdLeftCents: 7_000 });
    expect(await account(companyId)).toEqual({ availableCents: 0, reservedCents: 7_000 });
    const applied = await files.applyFile(companyId, file.fileId);

    expect(applied).toMatchObject({ status: 'applied', appliedCount: 7, appliedCents: 7_000, failedCount: 3 });
    expect(await balances(companyId, team)).toEqual([0, 0, 0, ...team.slice(3).map(() => 1_000)]);
    expect(await account(companyId)).toEqual({ availableCents: 0, reservedCents: 0 });
    await expectHoldsBalanced(companyId);
  });

  it('whose start committed while the SDK reported an error is found started by what was written, and its file is applied', async () => {
    const companyId = await company(5_000);
    const team = await employeesOf(companyId, 5, 'active', 'team');
    const { scheduleId } = await rule(companyId, 'Answer lost', team, 1_000);
    const runSk = keys.fundingScheduleRun(companyId, scheduleId, today()).sk;
    let loseAnswer = true;
    // DynamoDB Local commits the transaction; its answer is then lost, as a dropped connection would lose it.
    dynamo.middlewareStack.add(
      (next) => async (args) => {
        const result = await next(args);
        if (loseAnswer && JSON.stringify(args.input).includes(runSk) && JSON.stringify(args.input).includes('TransactItems')) {
          loseAnswer = false;
          throw Object.assign(new Error('socket hang up'), { name: 'TimeoutError' });
        }
        return result;
      },
      { step: 'initialize', name: 'loseTransactionAnswer' },
    );
    try {
      const file = await startToday(companyId, scheduleId);
      expect(loseAnswer).toBe(false);
      const applied = await files.applyFile(companyId, file.fileId);
      expect(applied).toMatchObject({ status: 'applied', appliedCount: 5, appliedCents: 5_000 });
    } finally {
      dynamo.middlewareStack.remove('loseTransactionAnswer');
    }
    expect(await balances(companyId, team)).toEqual(team.map(() => 1_000));
    expect(await account(companyId)).toEqual({ availableCents: 0, reservedCents: 0 });
    await expectHoldsBalanced(companyId);
  });
});

describe('a run that cannot end cleanly', () => {
  const metricLines = async (work: () => Promise<unknown>) => {
    const lines: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      await work();
    } finally {
      spy.mockRestore();
    }
    return lines.filter((line) => line.startsWith('{"_aws"')).map((line) => JSON.parse(line) as Record<string, unknown>);
  };
  const notEndedCleanly = (lines: Record<string, unknown>[]) => lines.reduce((sum, line) => sum + Number(line[workNotEndedCleanlyMetric.name] ?? 0), 0);

  it('whose hold the account no longer has whole is failed all the same, gives back what is there, and raises the alarm', async () => {
    const companyId = await company(10_000);
    const team = await employeesOf(companyId, 4, 'active', 'team');
    const a = await rule(companyId, 'First', team.slice(0, 2), 2_000);
    const b = await rule(companyId, 'Second', team.slice(2), 2_000);
    const [first, second] = [await startToday(companyId, a.scheduleId), await startToday(companyId, b.scheduleId)];
    expect(await account(companyId)).toEqual({ availableCents: 2_000, reservedCents: 8_000 });
    // As the defect of issue 36 left an account: another run spent 1,500 of these holds.
    await documents().send(new UpdateCommand({ TableName: table(), Key: keys.mainAccount(companyId), UpdateExpression: 'SET reservedCents = :cents', ExpressionAttributeValues: { ':cents': 6_500 } }));

    const lines = await metricLines(async () => {
      expect(await files.failFile(companyId, first.fileId)).toBe(true);
      expect(await files.failFile(companyId, second.fileId)).toBe(true);
    });

    const runs = await fundingFiles(companyId);
    expect(runs.map((run) => run.status)).toEqual(['failed', 'failed']);
    expect(runs.map((run) => run.holdShortCents).sort((x, y) => x - y)).toEqual([0, 1_500]);
    expect(await account(companyId)).toEqual({ availableCents: 8_500, reservedCents: 0 });
    expect(notEndedCleanly(lines)).toBe(1);
    await expectHoldsBalanced(companyId);
  });

  describe('beside another overdue file', () => {
    let brokenKey: { pk: string; sk: string } | null = null;
    afterEach(async () => {
      // Out of the running index, so no later deadline run meets it again.
      if (brokenKey) await documents().send(new DeleteCommand({ TableName: table(), Key: brokenKey }));
      brokenKey = null;
    });

    it('lets the deadline job fail the other, count the one it could not end, and raise the alarm', async () => {
      const companyId = await company(5_000);
      const team = await employeesOf(companyId, 2, 'active', 'team');
      const { scheduleId } = await rule(companyId, 'Lost worker', team, 1_000);
      const lost = await startToday(companyId, scheduleId);
      const past = new Date(Date.now() - 60_000).toISOString();
      const running = keys.runningFundingFile(past, companyId, lost.fileId);
      await documents().send(
        new UpdateCommand({ TableName: table(), Key: keys.fundingFile(companyId, lost.fileId), UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk', ExpressionAttributeValues: { ':pk': running.gsi2pk, ':sk': running.gsi2sk } }),
      );
      // A file its end cannot read (written by a defect), due first, so the job meets it before the other.
      const brokenId = `broken-${lost.fileId}`;
      brokenKey = keys.fundingFile(companyId, brokenId);
      const brokenRunning = keys.runningFundingFile(new Date(Date.now() - 120_000).toISOString(), companyId, brokenId);
      await documents().send(new PutCommand({ TableName: table(), Item: { ...brokenKey, ...brokenRunning, companyId, fileId: brokenId, status: 'applying', totalCents: 'unreadable' } }));

      let summary: Awaited<ReturnType<typeof overdue.handler>> | undefined;
      const lines = await metricLines(async () => {
        summary = await overdue.handler({ time: new Date().toISOString() });
      });

      expect(summary?.notEnded).toBeGreaterThanOrEqual(1);
      expect(notEndedCleanly(lines)).toBeGreaterThanOrEqual(1);
      // The other overdue file was failed (by this run, or by the local cloud's own deadline timer just before it).
      const run = await documents().send(new GetCommand({ TableName: table(), Key: keys.fundingFile(companyId, lost.fileId), ConsistentRead: true }));
      expect(fileHoldSchema.parse(run.Item)).toMatchObject({ status: 'failed', holdLeftCents: 0, releasedCents: 2_000 });
      expect(await account(companyId)).toEqual({ availableCents: 5_000, reservedCents: 0 });
    });
  });
});
