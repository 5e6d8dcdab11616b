import * as z from 'zod/mini';
import { limitUsageOf } from '@shared/authorizations';
import { actorNameShownToCompany } from '@shared/activity-types';
import { rigaDateOf } from '@shared/dates';
import type { EmployeeDetail, EmployeeRow, StatusChange } from '@shared/employees';
import { statusChangeSchema } from '@shared/employees';
import { statusChangers } from '@shared/statuses';
import { keys } from '../platform/keys';
import { employeeRecord, type EmployeeRecord } from './employee-records';
import { queryAll, queryNewestOfGsi1 } from '../platform/table';

export async function listEmployees(companyId: string): Promise<EmployeeRecord[]> {
  const { pk, skPrefix } = keys.employees(companyId);
  const items = await queryAll({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix } });
  return items.map((item) => employeeRecord.parse(item));
}

export function employeeRow(employee: EmployeeRecord): EmployeeRow {
  return {
    employeeId: employee.employeeId,
    name: employee.name,
    surname: employee.surname,
    phone: employee.phone,
    personalCode: employee.personalCode,
    lastCardDigits: employee.lastCardDigits,
    balanceCents: employee.balanceCents,
    limitCents: employee.limitCents,
    status: employee.status,
    cardStatus: employee.cardStatus,
    deviceStatus: employee.deviceStatus,
    hasActiveAuthorizations: employee.pendingAuthorizations > 0,
  };
}

const historyLength = 50;

const auditItemSchema = /* @__PURE__ */ z.object({
  at: z.string(),
  action: z.string(),
  actor: z.object({ kind: z.enum(statusChangers), name: z.nullable(z.string()) }),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
});

/** The latest status changes of one employee, newest first: one page of the index, however long the history. */
export async function readHistory(companyId: string, employeeId: string): Promise<StatusChange[]> {
  const items = await queryNewestOfGsi1(keys.auditOfEmployee(companyId, employeeId, '', '').gsi1pk, historyLength);
  return items.map((item) => {
    const record = auditItemSchema.parse(item);
    return statusChangeSchema.parse({ at: record.at, action: record.action, changedBy: record.actor.kind, actorName: actorNameShownToCompany(record.actor), before: stringsOf(record.before), after: stringsOf(record.after) });
  });
}

function stringsOf(value: Record<string, unknown>): Record<string, string | null> {
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, entry === null || entry === undefined ? null : String(entry)]));
}

export function employeeDetail(employee: EmployeeRecord, history: StatusChange[]): EmployeeDetail {
  // The counter names its month: in a new month nothing is used yet, although no write has reset it.
  const used = limitUsageOf(employee, rigaDateOf(new Date())).monthCents;
  return {
    ...employeeRow(employee),
    email: employee.email,
    cardId: employee.cardId,
    usedCents: used,
    unusedCents: Math.max(employee.limitCents - used, 0),
    reservedCents: employee.reservedCents,
    annualLimitCents: employee.annualLimitCents,
    mccGroups: employee.mccGroups,
    cardAccountStatus: employee.cardAccountStatus,
    cardStatusChangedBy: employee.cardStatusChangedBy,
    cardStatusChangedAt: employee.cardStatusChangedAt,
    signInLockedUntil: signInLockInForce(employee) ? employee.signInLockedUntil : null,
    history,
  };
}

/** Whether the employee's /card sign-in lock still holds: one that ran out needs no write to end. */
export function signInLockInForce(employee: EmployeeRecord, now = Date.now()): employee is EmployeeRecord & { signInLockedUntil: string } {
  return employee.signInLockedUntil !== null && Date.parse(employee.signInLockedUntil) > now;
}

/** The detail answer after a change: the changed employee with its history read afresh. */
export async function detailOf(employee: EmployeeRecord): Promise<EmployeeDetail> {
  return employeeDetail(employee, await readHistory(employee.companyId, employee.employeeId));
}
