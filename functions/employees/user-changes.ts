import { defaultCardLimits, isCardGone, isTerminated } from '@shared/cards';
import type { ApprovalUserChange } from '@shared/approvals';
import type { Actor } from '../platform/audit';
import { cardIssuer, CardIssuerError } from '../issuer';
import { DomainError } from '../platform/errors';
import { keys } from '../platform/keys';
import { companyRecord } from '../platform/identity-records';
import { getItem, tableName, transact, type TransactItem } from '../platform/table';
import { commitEmployeeChange, findEmployee, phoneClaimPut, phoneClaimRelease, readEmployee, type EmployeeChange } from './employee-changes';
import type { EmployeeRecord } from './employee-records';
import { cardOrderRequestId, deliveryAddressOf, newEmployeeItems } from './new-employees';

/**
 * The three changes of a user an owner may require a second person for (issue 35): adding one, changing a phone and
 * raising limits. Each is made here the same way whether it is made at once (its handler) or when approved (the
 * approval adds its decision to the same transaction, `extra`), so what was approved is exactly what is done.
 */

/** Further items of the change's transaction, each with the error its failed condition means. */
export type ExtraItems = NonNullable<EmployeeChange['extra']>;

/** A new user's phone that is already another user's: Add user's refusal (a phone change has its own, PHONE_TAKEN). */
export const newUserPhoneTaken = () => new DomainError(409, 'EMPLOYEE_PHONE_TAKEN', { phone: 'EMPLOYEE_PHONE_TAKEN' });
const personalCodeTaken = () => new DomainError(409, 'PERSONAL_CODE_TAKEN', { personalCode: 'PERSONAL_CODE_TAKEN' });

export type NewUser = NonNullable<ApprovalUserChange['newUser']>;

/**
 * Refused before anything is ordered or asked when the phone is already another user's (the claim's condition decides
 * under concurrency). `taken`: the refusal of the form it was typed in.
 */
export async function checkPhoneFree(phone: string | null, taken: () => DomainError): Promise<void> {
  if (phone && (await getItem(keys.cardholderPhoneClaim(phone)))) throw taken();
}

export const phoneTakenForChange = () => new DomainError(409, 'PHONE_TAKEN', { phone: 'PHONE_TAKEN' });

/**
 * Adds an employee and orders their card from the issuer (delivered to the company's legal address). The phone is
 * claimed in the same transaction, so two users can never share it; so is the personal code within the company, as
 * the employee import claims it. The card's order is keyed by the employee id, so a retry orders the same card.
 */
export async function createEmployee(companyId: string, employeeId: string, user: NewUser, actor: Actor, extra: ExtraItems = []): Promise<EmployeeRecord> {
  await checkPhoneFree(user.phone, newUserPhoneTaken);
  const company = companyRecord.parse(await getItem(keys.company(companyId)));
  let card;
  try {
    card = await cardIssuer().orderCard({ requestId: cardOrderRequestId(employeeId), cardholderName: `${user.name} ${user.surname}`, deliveryAddress: deliveryAddressOf(company) });
  } catch (error) {
    if (error instanceof CardIssuerError) throw new DomainError(503, 'CARD_ISSUER_UNAVAILABLE');
    throw error;
  }
  const created = newEmployeeItems(
    { companyId, employeeId, ...user, cardId: card.cardId, lastCardDigits: card.lastDigits, limitCents: defaultCardLimits.limitCents, annualLimitCents: defaultCardLimits.annualLimitCents },
    actor,
    new Date().toISOString(),
  );
  const items: TransactItem[] = [...created.items, { Update: { TableName: tableName(), Key: keys.counters(companyId), UpdateExpression: 'ADD employees :one', ExpressionAttributeValues: { ':one': 1 } } }];
  const refusals: Record<number, Error> = {};
  if (created.phoneClaimIndex !== null) refusals[created.phoneClaimIndex] = newUserPhoneTaken();
  if (created.personalCodeClaimIndex !== null) refusals[created.personalCodeClaimIndex] = personalCodeTaken();
  for (const { item, refusal } of extra) {
    if (refusal) refusals[items.length] = refusal;
    items.push(item);
  }
  await transact(items, refusals);
  return created.employee;
}

/**
 * The employee whose phone is to change, if it may: not terminated (a terminated employee's phone was given up with
 * the product), another number than now, and not another user's (SPEC section 5).
 */
export async function phoneChangeable(companyId: string, employeeId: string, phone: string): Promise<EmployeeRecord> {
  const employee = await readEmployee(companyId, employeeId);
  if (isTerminated(employee.cardStatus)) throw new DomainError(409, 'EMPLOYEE_TERMINATED');
  // As for the company's own users' phones: the same code and status for the same refusal.
  if (employee.phone === phone) throw new DomainError(409, 'PHONE_SAME', { phone: 'PHONE_SAME' });
  return employee;
}

/** Moves the employee to the new phone: its claim taken, the old one given back, under the condition that neither changed. */
export function changeEmployeePhone(employee: EmployeeRecord, phone: string, actor: Actor, extra: ExtraItems = []): Promise<EmployeeRecord> {
  const moves: ExtraItems = [{ item: phoneClaimPut(phone, employee.companyId, employee.employeeId), refusal: phoneTakenForChange() }];
  if (employee.phone) moves.push({ item: phoneClaimRelease(employee.phone, employee.employeeId), refusal: new DomainError(409, 'CONFLICT') });
  return commitEmployeeChange({ employee, set: { phone }, expect: { phone: employee.phone, cardStatus: employee.cardStatus }, actor, action: 'phone.change', extra: [...moves, ...extra] });
}

export type Limits = NonNullable<ApprovalUserChange['limits']>['to'];

/** The employee whose limits are to be set, if their card can still spend (a blocked one keeps its limits for its return). */
export async function limitsSettable(companyId: string, employeeId: string): Promise<EmployeeRecord & { cardId: string }> {
  const employee = await findEmployee(companyId, employeeId);
  if (!employee) throw new DomainError(404, 'LIMIT_USER_NOT_ACTIVE');
  const { cardId } = employee;
  if (!cardId || isCardGone(employee.cardStatus)) throw new DomainError(409, 'LIMIT_USER_NOT_ACTIVE');
  return { ...employee, cardId };
}

export const limitsOf = (employee: EmployeeRecord): Limits => ({ limitCents: employee.limitCents, annualLimitCents: employee.annualLimitCents, mccGroups: employee.mccGroups });

/** Monthly and annual limits and the allowed merchant category groups, set at the issuer and kept with the employee. */
export async function setEmployeeLimits(employee: EmployeeRecord & { cardId: string }, limits: Limits, actor: Actor, extra: ExtraItems = []): Promise<EmployeeRecord> {
  try {
    await cardIssuer().setLimits({ requestId: `${employee.employeeId}:limits:${employee.version}`, cardId: employee.cardId, ...limits });
  } catch (error) {
    if (error instanceof CardIssuerError) throw new DomainError(503, 'LIMIT_CHANGE_FAILED');
    throw error;
  }
  return commitEmployeeChange({ employee, set: limits, expect: { cardStatus: employee.cardStatus }, actor, action: 'limits.change', extra });
}
