import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { mainAccountSchema } from '@shared/accounts';
import { movementSourceOf } from '@shared/activity-links';
import { isChargedMonthlyFee } from '@shared/cards';
import { accountEntriesAnswerSchema } from '@shared/ledger';
import { activityAnswerSchema } from '@shared/activity';
import { priceListSchema, type PriceListBody } from '@shared/prices';
import type { chargeMonthlyFees as ChargeMonthlyFeesFn } from '@functions/fees/charge-monthly-fees';
import { resetEnvForTests } from '@functions/platform/env';
import { keys } from '@functions/platform/keys';
import { employeeRecord, type EmployeeRecord } from '@functions/employees/employee-records';
import { ledgerEntryRecord } from '@functions/money/money-records';
import { api, asFunction, cloud, documents, signIn } from './support';
import { employeeActivity, employeeHistory } from './employee-movements';

// Cēsu Flote (test-only): its cards are changed by other suites too, so every expectation is read from its data here.
const fleet = 'company-fleet';
const tableName = () => cloud().tableName;
type ChargeMonthlyFees = typeof ChargeMonthlyFeesFn;

let chargeMonthlyFees: ChargeMonthlyFees;
let admin: string;
let accountant: string;
let manager: string;
let pricesAtStart: PriceListBody;

beforeAll(async () => {
  // The job has no route: it runs here as its scheduler runs it, with the handlers' environment.
  Object.assign(process.env, cloud().handlerEnvironment);
  resetEnvForTests();
  chargeMonthlyFees = asFunction('fees/charge-monthly-fees', (await import('@functions/fees/charge-monthly-fees')).chargeMonthlyFees);
  [admin, accountant, manager] = await Promise.all([signIn('admin@demo.local'), signIn('fleet-accountant@test.local'), signIn('fleet-manager@test.local')]);
  const prices = priceListSchema.parse((await api('GET', '/admin/prices', { token: admin })).body);
  pricesAtStart = { replacementFeeCents: prices.replacementFeeCents, monthlyFeeCents: prices.monthlyFeeCents };
});

afterAll(async () => {
  // Other suites read the prices: leave them as found.
  if (admin && pricesAtStart) expect((await api('PUT', '/admin/prices', { token: admin, body: pricesAtStart })).status).toBe(200);
});

async function fleetEmployees(): Promise<EmployeeRecord[]> {
  const { pk, skPrefix } = keys.employees(fleet);
  const answer = await documents().send(
    new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix } }),
  );
  return (answer.Items ?? []).map((item) => employeeRecord.parse(item));
}

async function fleetAvailable(): Promise<number> {
  const answer = await api('GET', '/accounts/main', { token: accountant });
  return mainAccountSchema.parse(answer.body).availableCents;
}

async function chargedIn(month: string): Promise<string[]> {
  const answer = await documents().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.company(fleet).pk, ':prefix': `FEE#${month}#` },
    }),
  );
  return (answer.Items ?? []).map((item) => z.string().parse(item.employeeId)).sort();
}

async function fleetLedger() {
  const { pk } = keys.ledgerEntry(fleet, '', '', 0);
  const answer = await documents().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } }));
  return (answer.Items ?? []).map((item) => ledgerEntryRecord.parse(item));
}

describe('the monthly maintenance fee', () => {
  const month = '2026-05';

  it('charges every issued product once, blocked ones too, terminated and unissued ones not, even when run twice at once', async () => {
    const employees = await fleetEmployees();
    const fee = pricesAtStart.monthlyFeeCents;
    const charged = employees.filter((employee) => isChargedMonthlyFee(employee.cardStatus)).map((employee) => employee.employeeId).sort();
    // The seed gives Cēsu Flote every card status; the rule's edges must be in the data for this test to mean anything.
    expect(employees.some((employee) => ['soft_blocked', 'blocked'].includes(employee.cardStatus))).toBe(true);
    expect(employees.some((employee) => employee.cardStatus === 'stopped')).toBe(true);
    expect(employees.some((employee) => employee.cardStatus === 'new' || employee.cardStatus === 'none')).toBe(true);
    const before = await fleetAvailable();

    const [first, second] = await Promise.all([chargeMonthlyFees(month), chargeMonthlyFees(month)]);

    // Every product in every active company was charged by exactly one of the two runs.
    expect(first.companies).toBe(second.companies);
    expect(first.charged + second.charged).toBe(first.alreadyCharged + second.alreadyCharged);
    expect(first.charged + second.charged).toBeGreaterThanOrEqual(charged.length);
    expect(await chargedIn(month)).toEqual(charged);
    expect(await fleetAvailable()).toBe(before - fee * charged.length);
    const blockedOrGone = employees.filter((employee) => ['soft_blocked', 'blocked', 'stopped', 'new', 'none'].includes(employee.cardStatus));
    for (const employee of blockedOrGone) expect(charged.includes(employee.employeeId), employee.cardStatus).toBe(!['stopped', 'new', 'none'].includes(employee.cardStatus));
  });

  it("is hers: the employee filter and her history show her card's fee of the month, once, naming the month (issue 31)", async () => {
    const charged = (await fleetEmployees()).filter((employee) => isChargedMonthlyFee(employee.cardStatus));
    const blocked = charged.find((employee) => employee.cardStatus !== 'active') ?? charged[0];
    for (const employee of [charged[0]!, blocked!]) {
      const fees = (await employeeActivity(accountant, employee.employeeId, 'fee.monthly')).filter((row) => row.after.month === month);
      expect(fees).toEqual([expect.objectContaining({ employee: expect.objectContaining({ employeeId: employee.employeeId }), actor: { kind: 'system', name: null, role: null }, after: { month, feeCents: pricesAtStart.monthlyFeeCents } })]);
      const history = await employeeHistory(accountant, employee.employeeId, 'fee.monthly');
      expect(history.map((entry) => movementSourceOf(entry))).toContainEqual({ kind: 'monthlyFees', month });
    }
    const stopped = (await fleetEmployees()).find((employee) => employee.cardStatus === 'stopped');
    if (stopped) expect((await employeeActivity(accountant, stopped.employeeId, 'fee.monthly')).filter((row) => row.after.month === month)).toEqual([]);
  });

  it('charges nothing more when run again in the same month', async () => {
    const before = await fleetAvailable();
    const chargedBefore = await chargedIn(month);
    const again = await chargeMonthlyFees(month);
    expect(again.charged).toBe(0);
    expect(again.alreadyCharged).toBeGreaterThanOrEqual(chargedBefore.length);
    expect(await fleetAvailable()).toBe(before);
    expect(await chargedIn(month)).toEqual(chargedBefore);
  });

  it('writes double-entry ledger lines: two legs per movement that sum to zero', async () => {
    const lines = await fleetLedger();
    const movements = new Map<string, typeof lines>();
    for (const line of lines) movements.set(line.movementId, [...(movements.get(line.movementId) ?? []), line]);
    expect(movements.size).toBeGreaterThan(0);
    for (const [movementId, legs] of movements) {
      expect(legs, movementId).toHaveLength(2);
      expect(legs.reduce((sum, leg) => sum + leg.amountCents, 0), movementId).toBe(0);
    }
    const fees = lines.filter((line) => line.kind === 'monthly_fee' && line.movementId.includes(month));
    expect(fees.filter((line) => line.account === 'main').map((line) => line.employeeId).sort()).toEqual(await chargedIn(month));
    expect(new Set(fees.filter((line) => line.account === 'provider:fees').map((line) => line.amountCents))).toEqual(new Set([pricesAtStart.monthlyFeeCents]));
  });

  it('is owed even when the main account is short: the account goes below zero', async () => {
    const shortMonth = '2026-06';
    const account = keys.mainAccount(fleet);
    const stored = await documents().send(new GetCommand({ TableName: tableName(), Key: account }));
    const kept = z.number().int().parse(stored.Item?.availableCents);
    await documents().send(new UpdateCommand({ TableName: tableName(), Key: account, UpdateExpression: 'SET availableCents = :zero', ExpressionAttributeValues: { ':zero': 0 } }));
    try {
      await chargeMonthlyFees(shortMonth);
      const charged = await chargedIn(shortMonth);
      expect(charged.length).toBeGreaterThan(0);
      expect(await fleetAvailable()).toBe(-pricesAtStart.monthlyFeeCents * charged.length);
    } finally {
      // Back to what it held, less this month's fees, as if it had paid them from there.
      await documents().send(
        new UpdateCommand({ TableName: tableName(), Key: account, UpdateExpression: 'SET availableCents = availableCents + :kept', ExpressionAttributeValues: { ':kept': kept } }),
      );
    }
  });
});

describe('GET /accounts/main/entries', () => {
  it("lists the main account's lines newest first, with the table contract", async () => {
    const mainLines = (await fleetLedger()).filter((line) => line.account === 'main');
    const all = await api('GET', '/accounts/main/entries?itemsPerPage=100', { token: accountant });
    expect(all.status).toBe(200);
    const answer = accountEntriesAnswerSchema.parse(all.body);
    expect(answer.totalRecords).toBe(mainLines.length);
    expect(answer.totalPages).toBe(Math.ceil(mainLines.length / 100));
    expect(answer.rows.map((row) => row.at)).toEqual([...answer.rows.map((row) => row.at)].sort().reverse());

    const fee = answer.rows.find((row) => row.kind === 'monthly_fee');
    const employee = (await fleetEmployees()).find((each) => fee?.id.endsWith(each.employeeId));
    expect(fee?.amountCents).toBe(-pricesAtStart.monthlyFeeCents);
    expect(fee?.description).toContain(`${employee?.name} ${employee?.surname}`);
    // Other suites' replacements and terminations of fleet cards may be newer than these fees: read every page.
    const everyRow = [...answer.rows];
    for (let page = 2; page <= answer.totalPages; page += 1) {
      everyRow.push(...accountEntriesAnswerSchema.parse((await api('GET', `/accounts/main/entries?itemsPerPage=100&page=${page}`, { token: accountant })).body).rows);
    }
    expect(everyRow).toHaveLength(mainLines.length);
    expect(everyRow.filter((row) => row.kind === 'monthly_fee' && row.description.endsWith('05.2026'))).toHaveLength((await chargedIn('2026-05')).length);

    const second = accountEntriesAnswerSchema.parse((await api('GET', '/accounts/main/entries?itemsPerPage=10&page=2', { token: accountant })).body);
    expect(second.rows).toEqual(answer.rows.slice(10, 20));
    expect(second.totalPages).toBe(Math.ceil(mainLines.length / 10));
  });

  it('refuses a page size the table does not offer', async () => {
    expect(await api('GET', '/accounts/main/entries?itemsPerPage=7', { token: accountant })).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', fields: { itemsPerPage: 'INVALID_OPTION' } } });
  });
});

describe('the price list', () => {
  it('is read and changed by provider admins only', async () => {
    expect(await api('GET', '/admin/prices', { token: manager })).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect(await api('PUT', '/admin/prices', { token: manager, body: { replacementFeeCents: 1, monthlyFeeCents: 1 } })).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
  });

  it('refuses a bad body with a code per field', async () => {
    expect(await api('PUT', '/admin/prices', { token: admin, body: { replacementFeeCents: -1, monthlyFeeCents: 1.5 } })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { replacementFeeCents: 'AMOUNT_NEGATIVE', monthlyFeeCents: 'AMOUNT_TOO_PRECISE' } },
    });
    expect(await api('PUT', '/admin/prices', { token: admin, body: { monthlyFeeCents: 100_001 } })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { replacementFeeCents: 'AMOUNT_REQUIRED', monthlyFeeCents: 'NUMBER_TOO_LARGE' } },
    });
    expect(await api('PUT', '/admin/prices', { token: admin, rawBody: '{"replacementFeeCents": ' })).toMatchObject({ status: 400, body: { code: 'MALFORMED_JSON' } });
  });

  it('changes the replacement fee companies see, with an audit record of who changed it from what', async () => {
    const next = { ...pricesAtStart, replacementFeeCents: pricesAtStart.replacementFeeCents + 125 };
    const saved = await api('PUT', '/admin/prices', { token: admin, body: next });
    expect(saved.status).toBe(200);
    const answer = priceListSchema.parse(saved.body);
    expect(answer).toMatchObject(next);
    expect(priceListSchema.parse((await api('GET', '/prices', { token: manager })).body)).toEqual(answer);
    expect(priceListSchema.parse((await api('GET', '/admin/prices', { token: admin })).body)).toEqual(answer);

    const audit = await documents().send(
      new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.auditRecord('PROVIDER', '', '').pk }, ScanIndexForward: false, Limit: 1 }),
    );
    expect(audit.Items?.[0]).toMatchObject({
      action: 'prices.change',
      target: { type: 'priceList' },
      actor: { kind: 'admin', userId: cloud().userIds['admin@demo.local'] },
      before: { replacementFeeCents: pricesAtStart.replacementFeeCents },
      after: { replacementFeeCents: next.replacementFeeCents },
      at: answer.updatedAt,
    });

    // Issue 31: each active company's log says its prices changed, by the card provider, no one named.
    const log = activityAnswerSchema.parse((await api('GET', '/activity?type=account&actor=admin&itemsPerPage=10', { token: manager })).body);
    expect(log.rows[0]).toMatchObject({
      action: 'prices.change',
      actor: { kind: 'admin', name: null },
      before: { replacementFeeCents: pricesAtStart.replacementFeeCents },
      after: { replacementFeeCents: next.replacementFeeCents },
      at: answer.updatedAt,
    });
  });
});
