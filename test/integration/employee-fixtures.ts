import { randomInt, randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import * as z from 'zod';
import { employeeStatusOf } from '@shared/cards';
import { employeeDetailSchema, type AddEmployeeBody, type EmployeeDetail } from '@shared/employees';
import type { CardStatus, DeviceStatus } from '@shared/statuses';
import { entities, keys } from '@functions/platform/keys';
import { sandboxStatusOf } from '../../infra/local/seed';
import { api, cloud, documents, signIn } from './support';

/** Cēsu Flote SIA, the company the employee and card tests act in (infra/local/demo-data.ts). */
export const fleetCompanyId = 'company-fleet';
export const fleetManager = 'fleet-manager@test.local';
export const fleetAccountant = 'fleet-accountant@test.local';

const tokens = new Map<string, Promise<string>>();
/** One sign-in per user and test file: each sign-in sends an SMS code and the outbox keeps the newest. */
export function tokenOf(email: string): Promise<string> {
  let token = tokens.get(email);
  if (!token) {
    token = signIn(email);
    tokens.set(email, token);
  }
  return token;
}

export const managerToken = () => tokenOf(fleetManager);

/**
 * A cardholder phone no seeded employee has (they use 37129…): 37126 and ten random digits, so phones made by
 * different test files in one run do not meet either.
 */
export function freshPhone(): string {
  return `37126${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
}

/** A word no other employee's name holds, to find one's own employees in a shared company by search. */
export function uniqueWord(prefix: string): string {
  return `${prefix}${randomUUID().replace(/[^a-f]/g, '').slice(0, 8)}`;
}

/** Adds an employee through the API as the fleet's manager: the card is ordered from the sandbox issuer. */
export async function addEmployee(body: Partial<AddEmployeeBody> = {}): Promise<EmployeeDetail> {
  const answer = await api('POST', '/employees', { token: await managerToken(), body: { name: 'Anna', surname: uniqueWord('Test'), phone: freshPhone(), ...body } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return employeeDetailSchema.parse(answer.body);
}

export async function getEmployee(employeeId: string, token?: string): Promise<EmployeeDetail> {
  const answer = await api('GET', `/employees/${employeeId}`, { token: token ?? (await managerToken()) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return employeeDetailSchema.parse(answer.body);
}

export interface ArrangedState {
  cardStatus: CardStatus;
  deviceStatus?: DeviceStatus;
  balanceCents?: number;
  pendingAuthorizations?: number;
  /** Calls the sandbox issuer refuses for this card ('activate', 'limits', 'replace', …). */
  declines?: string[];
}

/**
 * Puts an employee into a state only the issuer or the money work produce. The employee gets a card of its own
 * that the sandbox holds in the matching status with nothing queued for it, so the delivery announced when the
 * employee was added (for the first card) no longer concerns them and cannot race the test.
 */
export async function arrange(employeeId: string, state: ArrangedState, companyId = fleetCompanyId): Promise<{ cardId: string | null }> {
  const client = documents();
  const hasCard = state.cardStatus !== 'new' && state.cardStatus !== 'none';
  const cardId = hasCard ? `sbx_test_${randomUUID().replaceAll('-', '')}` : null;
  const lastCardDigits = hasCard ? String(1000 + Math.floor(Math.random() * 9000)) : null;
  if (cardId) {
    await client.send(
      new PutCommand({
        TableName: cloud().tableName,
        Item: { ...keys.sandboxCard(cardId), entity: entities.sandboxCard, cardId, lastDigits: lastCardDigits, status: sandboxStatusOf(state.cardStatus), declines: state.declines ?? [], orderedAt: new Date().toISOString() },
      }),
    );
    await client.send(new PutCommand({ TableName: cloud().tableName, Item: { ...keys.cardOwner(cardId), entity: entities.cardOwner, cardId, companyId, employeeId } }));
  }
  const status = employeeStatusOf(state.cardStatus);
  const fields: Record<string, unknown> = {
    cardId,
    lastCardDigits,
    cardStatus: state.cardStatus,
    status,
    deviceStatus: state.deviceStatus ?? (status === 'created' ? 'created' : state.cardStatus === 'stopped' ? 'removed' : 'active'),
    cardAccountStatus: status === 'active' || status === 'non_active' ? 'active' : 'inactive',
    balanceCents: state.balanceCents ?? 0,
    pendingAuthorizations: state.pendingAuthorizations ?? 0,
    reservedCents: (state.pendingAuthorizations ?? 0) > 0 ? 1_000 : 0,
  };
  const names = Object.keys(fields);
  await client.send(
    new UpdateCommand({
      TableName: cloud().tableName,
      Key: keys.employee(companyId, employeeId),
      UpdateExpression: `SET ${names.map((name) => `#${name} = :${name}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: Object.fromEntries(names.map((name) => [`#${name}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name) => [`:${name}`, fields[name]])),
    }),
  );
  return { cardId };
}

/** An employee added through the API, then put into `state`. */
export async function employeeIn(state: ArrangedState, body: Partial<AddEmployeeBody> = {}): Promise<EmployeeDetail> {
  const added = await addEmployee(body);
  await arrange(added.employeeId, state);
  return getEmployee(added.employeeId);
}

/** The stored employee item as it is, for what the API does not show (its version, the pending authorizations). */
export async function employeeItem(employeeId: string, companyId = fleetCompanyId): Promise<Record<string, unknown>> {
  const answer = await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.employee(companyId, employeeId) }));
  if (!answer.Item) throw new Error(`no employee ${employeeId}`);
  return answer.Item;
}

export async function sandboxCard(cardId: string): Promise<Record<string, unknown> | undefined> {
  return (await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.sandboxCard(cardId) }))).Item;
}

export async function phoneClaim(phone: string): Promise<Record<string, unknown> | undefined> {
  return (await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.cardholderPhoneClaim(phone) }))).Item;
}

const mainAccountItem = z.object({ availableCents: z.number().int(), reservedCents: z.number().int(), version: z.number().int() });

export async function mainAccount(): Promise<z.infer<typeof mainAccountItem>> {
  const answer = await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.mainAccount(fleetCompanyId) }));
  return mainAccountItem.parse(answer.Item);
}

/**
 * Leaves only `keepCents` available on the fleet's main account while `run` runs, then gives the difference back
 * by a relative update, so whatever else moved meanwhile stays.
 */
export async function withMainAccountHolding<T>(keepCents: number, run: () => Promise<T>): Promise<T> {
  const before = await mainAccount();
  const taken = before.availableCents - keepCents;
  const move = (delta: number) =>
    documents().send(
      new UpdateCommand({
        TableName: cloud().tableName,
        Key: keys.mainAccount(fleetCompanyId),
        UpdateExpression: 'ADD availableCents :delta',
        ExpressionAttributeValues: { ':delta': delta },
      }),
    );
  await move(-taken);
  try {
    return await run();
  } finally {
    await move(taken);
  }
}

async function queryAll(pk: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documents().send(
      new QueryCommand({ TableName: cloud().tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ExclusiveStartKey: start }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

const auditRecord = z.object({
  actor: z.object({ kind: z.string(), userId: z.string().nullable(), name: z.string().nullable(), role: z.string().nullable() }),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string() }),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
  at: z.string(),
});
export type AuditRecord = z.infer<typeof auditRecord>;

/** The company's audit records about one employee, oldest first (the audit partition is ordered by time). */
export async function auditOf(employeeId: string): Promise<AuditRecord[]> {
  const items = await queryAll(`COMPANY#${fleetCompanyId}#AUDIT`);
  return items.map((item) => auditRecord.parse(item)).filter((record) => record.target.type === 'employee' && record.target.id === employeeId);
}

const ledgerLine = z.object({ movementId: z.string(), kind: z.string(), employeeId: z.string().nullable(), account: z.string(), amountCents: z.number().int() });
export type LedgerLine = z.infer<typeof ledgerLine>;

export async function ledgerOf(employeeId: string): Promise<LedgerLine[]> {
  const items = await queryAll(`COMPANY#${fleetCompanyId}#LEDGER`);
  return items.map((item) => ledgerLine.parse(item)).filter((line) => line.employeeId === employeeId);
}

export const fleetManagerId = () => {
  const id = cloud().userIds[fleetManager];
  if (!id) throw new Error('the fleet manager was not seeded');
  return id;
};

/** Polls until `read` answers something `done` accepts, or fails after `timeoutMs` with the last answer. */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms; last seen ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
