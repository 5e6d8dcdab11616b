import { defaultCardLimits } from '@shared/cards';
import type { Language } from '@shared/languages';
import { auditItem, type Actor } from '../platform/audit';
import type { CompanyRecord } from '../platform/identity-records';
import { entities, keys } from '../platform/keys';
import { tableName, type TransactItem } from '../platform/table';
import type { CardOrder } from '../issuer';
import { webhookEventPut } from '../webhooks';
import { cardOwnerPut, personalCodeClaimPut, phoneClaimPut } from './employee-changes';
import { employeeRecord, type EmployeeRecord } from './employee-records';

/**
 * How Add user and the bulk import create an employee, so both create one the same way: the card's request id at the
 * issuer, where the card is delivered, and the items of the transaction that writes the employee.
 */

/** The card issuer's request id of a new employee's card: the employee id's, so stable across retries. */
export const cardOrderRequestId = (employeeId: string) => `${employeeId}:order`;

/** A new employee's card is delivered to the company's legal address (none when the company has not given one). */
export function deliveryAddressOf(company: CompanyRecord): CardOrder['deliveryAddress'] {
  const address = company.legalAddress;
  return address ? { address: `${address.street} ${address.houseNumber}`.trim(), city: address.city, country: address.country, postalCode: address.postcode } : null;
}

export interface NewEmployee {
  companyId: string;
  employeeId: string;
  name: string;
  surname: string;
  phone: string | null;
  email: string | null;
  personalCode: string | null;
  language?: Language | null;
  cardId: string;
  lastCardDigits: string;
  limitCents: number;
  annualLimitCents: number;
}

/** The items that create an employee, with where its claims sit (null when it has none) to read a cancellation. */
export interface NewEmployeeItems {
  employee: EmployeeRecord;
  items: TransactItem[];
  phoneClaimIndex: number | null;
  personalCodeClaimIndex: number | null;
}

/**
 * The employee with its card ordered, the card's owner, the audit record (employee.add, with what `auditDetails`
 * adds: an import names itself), the employee.created event (the outbox), and the claims of its phone and personal code.
 * The company's employee count is the caller's: an import adds a transaction's rows at once.
 */
export function newEmployeeItems(input: NewEmployee, actor: Actor, at: string, auditDetails: { importId: string; fileName: string } | Record<string, never> = {}): NewEmployeeItems {
  const { companyId, employeeId } = input;
  const employee = employeeRecord.parse({
    companyId,
    employeeId,
    name: input.name,
    surname: input.surname,
    phone: input.phone,
    email: input.email,
    personalCode: input.personalCode,
    language: input.language ?? null,
    cardId: input.cardId,
    lastCardDigits: input.lastCardDigits,
    cardStatus: 'ordered',
    cardStatusChangedBy: actor.kind,
    cardStatusChangedAt: at,
    deviceStatus: 'created',
    cardAccountStatus: 'inactive',
    status: 'created',
    balanceCents: 0,
    limitCents: input.limitCents,
    annualLimitCents: input.annualLimitCents,
    mccGroups: [...defaultCardLimits.mccGroups],
    createdAt: at,
    version: 0,
  });
  const items: TransactItem[] = [
    { Put: { TableName: tableName(), Item: { ...keys.employee(companyId, employeeId), entity: entities.employee, ...employee }, ConditionExpression: 'attribute_not_exists(pk)' } },
    cardOwnerPut(input.cardId, companyId, employeeId),
    {
      Put: {
        TableName: tableName(),
        Item: auditItem({
          companyId,
          actor,
          action: 'employee.add',
          target: { type: 'employee', id: employeeId },
          before: {},
          after: { name: employee.name, surname: employee.surname, phone: employee.phone, cardStatus: 'ordered', ...auditDetails },
          at,
        }),
      },
    },
    webhookEventPut(companyId, 'employee.created', { employeeId, name: employee.name, surname: employee.surname, phone: employee.phone, cardStatus: employee.cardStatus, status: employee.status }),
  ];
  const phoneClaimIndex = employee.phone ? items.push(phoneClaimPut(employee.phone, companyId, employeeId)) - 1 : null;
  const personalCodeClaimIndex = employee.personalCode ? items.push(personalCodeClaimPut(employee.personalCode, companyId, employeeId)) - 1 : null;
  return { employee, items, phoneClaimIndex, personalCodeClaimIndex };
}
