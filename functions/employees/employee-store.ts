import type { EmployeeDetail, EmployeeRow, StatusChange } from '@shared/employees';
import { statusChangeSchema } from '@shared/employees';
import type { Actor } from '../platform/audit';
import { keys } from '../platform/keys';
import { employeeRecord, type EmployeeRecord } from '../platform/records';
import { queryAll } from '../platform/table';

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

/** The latest status changes of one employee, newest first. */
export async function readHistory(companyId: string, employeeId: string): Promise<StatusChange[]> {
  const { gsi1pk } = keys.auditOfEmployee(companyId, employeeId, '', '');
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': gsi1pk },
    ScanIndexForward: false,
    Limit: 50,
  });
  return items.slice(0, 50).map((item) => {
    const actor = item.actor as Actor;
    return statusChangeSchema.parse({ at: item.at, action: item.action, changedBy: actor.kind, actorName: actor.name, before: stringsOf(item.before), after: stringsOf(item.after) });
  });
}

function stringsOf(value: unknown): Record<string, string | null> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, entry === null || entry === undefined ? null : String(entry)]));
}

export function employeeDetail(employee: EmployeeRecord, history: StatusChange[]): EmployeeDetail {
  return {
    ...employeeRow(employee),
    email: employee.email,
    cardId: employee.cardId,
    usedCents: employee.usedCents,
    unusedCents: Math.max(employee.limitCents - employee.usedCents, 0),
    reservedCents: employee.reservedCents,
    annualLimitCents: employee.annualLimitCents,
    mccGroups: employee.mccGroups,
    cardAccountStatus: employee.cardAccountStatus,
    cardStatusChangedBy: employee.cardStatusChangedBy,
    cardStatusChangedAt: employee.cardStatusChangedAt,
    history,
  };
}

/** The detail answer after a change: the changed employee with its history read afresh. */
export async function detailOf(employee: EmployeeRecord): Promise<EmployeeDetail> {
  return employeeDetail(employee, await readHistory(employee.companyId, employee.employeeId));
}
