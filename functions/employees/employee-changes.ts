import type { ActivityAction, AuditFieldValues } from '@shared/activity';
import { employeeStatusOf } from '@shared/cards';
import type { CardStatus, DeviceStatus } from '@shared/statuses';
import { auditItem, type Actor } from '../platform/audit';
import { DomainError } from '../platform/errors';
import { webhookEventPut } from '../webhooks';
import { entities, keys } from '../platform/keys';
import { employeeRecord, type EmployeeRecord } from './employee-records';
import { getItem, setExpression, tableName, transactionConflicted, transactThroughConflicts, type TransactItem } from '../platform/table';

/**
 * Reading and changing one employee item with its audit record: shared by the company's employee routes and the
 * employee's own /card routes, which must change a card the same way.
 */
export async function readEmployee(companyId: string, employeeId: string): Promise<EmployeeRecord> {
  const employee = await findEmployee(companyId, employeeId);
  if (!employee) throw new DomainError(404, 'EMPLOYEE_NOT_FOUND');
  return employee;
}

/** The employee, or null when there is none: for callers whose own answer to a missing employee is not a 404. */
export async function findEmployee(companyId: string, employeeId: string): Promise<EmployeeRecord | null> {
  const item = await getItem(keys.employee(companyId, employeeId));
  return item ? employeeRecord.parse(item) : null;
}

/** Gives a phone to an employee for the /card sign-in (one employee per phone): refused when it is held already. */
export function phoneClaimPut(phone: string, companyId: string, employeeId: string): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.cardholderPhoneClaim(phone), entity: entities.cardholderPhoneClaim, phone, companyId, employeeId },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * Claims a personal code within the company for one employee, in the transaction that creates the employee: two
 * imports of the same file, or an import and Add user at once, cannot both create it (employees made before the claim
 * existed are still found by reading the company's employees).
 */
export function personalCodeClaimPut(personalCode: string, companyId: string, employeeId: string): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.personalCodeClaim(companyId, personalCode), entity: entities.personalCodeClaim, personalCode, companyId, employeeId },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Frees the employee's phone (nothing to do when it is not claimed); refused should another employee hold it. */
export function phoneClaimRelease(phone: string, employeeId: string): TransactItem {
  return {
    Delete: {
      TableName: tableName(),
      Key: keys.cardholderPhoneClaim(phone),
      ConditionExpression: 'attribute_not_exists(pk) OR employeeId = :employeeId',
      ExpressionAttributeValues: { ':employeeId': employeeId },
    },
  };
}

/** Leads the issuer's events for a card (which name only the card) to its company and employee. */
export function cardOwnerPut(cardId: string, companyId: string, employeeId: string): TransactItem {
  return { Put: { TableName: tableName(), Item: { ...keys.cardOwner(cardId), entity: entities.cardOwner, cardId, companyId, employeeId } } };
}

/** What a change expects to find, so a concurrent change is refused instead of overwritten. */
export interface Expectation {
  cardStatus?: CardStatus;
  deviceStatus?: DeviceStatus;
  phone?: string | null;
  balanceCents?: number;
  noPendingAuthorizations?: true;
}

/**
 * An update of the employee item: the named attributes, the derived status when the card status changes, and the
 * version. Money attributes are changed by the money work's own expressions, so a card action never overwrites a
 * balance that moved meanwhile.
 */
export function employeeUpdate(employee: EmployeeRecord, set: Partial<EmployeeRecord>, expect: Expectation): TransactItem {
  const fields: Record<string, unknown> = { ...set };
  if (set.cardStatus) fields.status = employeeStatusOf(set.cardStatus);
  const expression = setExpression(fields);
  const conditions = ['attribute_exists(pk)'];
  const values: Record<string, unknown> = { ...expression.ExpressionAttributeValues, ':one': 1 };
  const names: Record<string, string> = { ...expression.ExpressionAttributeNames };
  if (expect.cardStatus) {
    conditions.push('#expectCard = :expectCard');
    names['#expectCard'] = 'cardStatus';
    values[':expectCard'] = expect.cardStatus;
  }
  if (expect.deviceStatus) {
    conditions.push('#expectDevice = :expectDevice');
    names['#expectDevice'] = 'deviceStatus';
    values[':expectDevice'] = expect.deviceStatus;
  }
  if (expect.phone !== undefined) {
    conditions.push(expect.phone === null ? '(attribute_not_exists(#expectPhone) OR #expectPhone = :nothing)' : '#expectPhone = :expectPhone');
    names['#expectPhone'] = 'phone';
    values[expect.phone === null ? ':nothing' : ':expectPhone'] = expect.phone;
  }
  if (expect.balanceCents !== undefined) {
    conditions.push('balanceCents = :expectBalance');
    values[':expectBalance'] = expect.balanceCents;
  }
  if (expect.noPendingAuthorizations) {
    conditions.push('(attribute_not_exists(pendingAuthorizations) OR pendingAuthorizations = :zero)');
    values[':zero'] = 0;
  }
  return {
    Update: {
      TableName: tableName(),
      Key: keys.employee(employee.companyId, employee.employeeId),
      UpdateExpression: `${expression.UpdateExpression}, version = if_not_exists(version, :zeroVersion) + :one`,
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ...values, ':zeroVersion': 0 },
    },
  };
}

export interface EmployeeChange {
  employee: EmployeeRecord;
  set: Partial<EmployeeRecord>;
  expect: Expectation;
  actor: Actor;
  action: ActivityAction;
  /** What the audit record shows before and after, beside the changed attributes. */
  audit?: { before: AuditFieldValues; after: AuditFieldValues };
  /** Further items of the same transaction (a fee, a claim), each with the error its failed condition means. */
  extra?: { item: TransactItem; refusal?: Error }[];
  at?: string;
}

/**
 * Changes one employee and writes its audit record in one transaction. A failed expectation means someone else
 * changed the employee first: 409 CONFLICT, nothing applied.
 */
export async function commitEmployeeChange(change: EmployeeChange): Promise<EmployeeRecord> {
  const at = change.at ?? new Date().toISOString();
  const changed = Object.keys(change.set) as (keyof EmployeeRecord)[];
  const before = change.audit?.before ?? Object.fromEntries(changed.map((key) => [key, auditValue(change.employee[key])]));
  const after = change.audit?.after ?? Object.fromEntries(changed.map((key) => [key, auditValue(change.set[key])]));
  const items: TransactItem[] = [
    employeeUpdate(change.employee, change.set, change.expect),
    { Put: { TableName: tableName(), Item: auditItem({ companyId: change.employee.companyId, actor: change.actor, action: change.action, target: { type: 'employee', id: change.employee.employeeId }, before, after, at }) } },
  ];
  const refusals: Record<number, Error> = { 0: new DomainError(409, 'CONFLICT') };
  for (const extra of change.extra ?? []) {
    if (extra.refusal) refusals[items.length] = extra.refusal;
    items.push(extra.item);
  }
  const next = { ...change.employee, ...change.set, version: change.employee.version + 1 };
  const committed = employeeRecord.parse({ ...next, status: employeeStatusOf(next.cardStatus) });
  if (committed.cardStatus !== change.employee.cardStatus) {
    // Told in the change's own transaction (the outbox): sent exactly when the change commits.
    items.push(webhookEventPut(committed.companyId, 'card.status_changed', {
      employeeId: committed.employeeId,
      cardStatus: committed.cardStatus,
      previousCardStatus: change.employee.cardStatus,
      changedBy: change.actor.kind,
      action: change.action,
    }));
  }
  try {
    await transactThroughConflicts(items, refusals, conflictRetries);
  } catch (error) {
    if (transactionConflicted(error)) throw new DomainError(409, 'CONFLICT');
    throw error;
  }
  return committed;
}

/**
 * A replacement fee or a returned balance shares the main account with the monthly fee run and with transfers, so a
 * change may meet another transaction; still held after the retries, it answers as any change that met another.
 */
const conflictRetries = 4;

function auditValue(value: unknown): string | number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  return JSON.stringify(value);
}
