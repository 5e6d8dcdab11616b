import { limitUsageOf } from '@shared/authorizations';
import { rigaDateOf } from '@shared/dates';
import { allowedCardholderActions, mayUseCardPage, type CardView } from '@shared/cardholder';
import { auditPut, type Actor } from '../platform/audit';
import type { Cardholder } from '../platform/cardholder-sessions';
import { cardholderPhoneClaimRecord, type EmployeeRecord, findEmployee } from '../employees';
import { DomainError } from '../platform/errors';
import { keys } from '../platform/keys';
import { getItem } from '../platform/table';

/** The employee a phone signs in as, or null when no card belongs to it. */
export async function phoneOwner(phone: string): Promise<EmployeeRecord | null> {
  const claim = cardholderPhoneClaimRecord.safeParse(await getItem(keys.cardholderPhoneClaim(phone)));
  if (!claim.success) return null;
  return findEmployee(claim.data.companyId, claim.data.employeeId);
}

/**
 * The signed-in employee, while /card is open to them: the company may block the app access or terminate the
 * product while a session lasts, and from then on every call is refused.
 */
export async function readCardholder(caller: Cardholder): Promise<EmployeeRecord> {
  const employee = await findEmployee(caller.companyId, caller.employeeId);
  if (!employee) throw new DomainError(401, 'CARDHOLDER_SESSION_ENDED');
  if (!mayUseCardPage(employee.cardStatus, employee.deviceStatus)) throw new DomainError(403, 'CARDHOLDER_ACCESS_BLOCKED');
  return employee;
}

/** The portal shows what the employee did as done by the employee (SPEC section 4: "changed by employee"). */
export function actorOfEmployee(employee: EmployeeRecord): Actor {
  return { kind: 'employee', userId: null, name: `${employee.name} ${employee.surname}`.trim(), role: null };
}

/** The record of the employee's own sign-in or sign-out of /card, which changes no attribute of the employee. */
export function ownSessionRecord(employee: EmployeeRecord, action: 'device.sign_in' | 'device.sign_out'): ReturnType<typeof auditPut> {
  return auditPut({
    companyId: employee.companyId,
    actor: actorOfEmployee(employee),
    action,
    target: { type: 'employee', id: employee.employeeId },
    before: {},
    after: {},
    at: new Date().toISOString(),
  });
}

export function cardView(employee: EmployeeRecord): CardView {
  return {
    name: employee.name,
    surname: employee.surname,
    lastCardDigits: employee.lastCardDigits,
    cardStatus: employee.cardStatus,
    balanceCents: employee.balanceCents,
    reservedCents: employee.reservedCents,
    limitCents: employee.limitCents,
    usedCents: limitUsageOf(employee, rigaDateOf(new Date())).monthCents,
    actions: allowedCardholderActions(employee.cardStatus, employee.cardStatusChangedBy),
  };
}
