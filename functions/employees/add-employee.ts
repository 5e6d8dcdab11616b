import { randomUUID } from 'node:crypto';
import { defaultCardLimits } from '@shared/cards';
import { actorOfCaller } from '../platform/audit';
import { cardIssuer, CardIssuerError } from '../issuer';
import { DomainError } from '../platform/errors';
import { cardOwnerPut, personalCodeClaimPut, phoneClaimPut } from './employee-changes';
import { entities, keys } from '../platform/keys';
import { companyRecord } from '../platform/identity-records';
import { employeeRecord } from './employee-records';
import { auditItem } from '../platform/audit';
import { getItem, tableName, transact, type TransactItem } from '../platform/table';
import { useCase } from '../platform/use-case';
import { webhookEventPut } from '../webhooks';
import { detailOf } from './employee-store';
import * as employeeRoutes from '@shared/api/routes/employee-routes';

const phoneTaken = () => new DomainError(409, 'EMPLOYEE_PHONE_TAKEN', { phone: 'EMPLOYEE_PHONE_TAKEN' });
const personalCodeTaken = () => new DomainError(409, 'PERSONAL_CODE_TAKEN', { personalCode: 'PERSONAL_CODE_TAKEN' });

/**
 * Adds an employee and orders their card from the issuer (delivered to the company's legal address). The phone is
 * claimed in the same transaction, so two users can never share it; so is the personal code within the company, as
 * the employee import claims it.
 */
export const handler = useCase(employeeRoutes.addEmployee, async ({ caller, body }) => {
  const companyId = caller.companyId;
  // Checked first so a taken phone does not order a card; the claim's condition decides under concurrency.
  if (body.phone && (await getItem(keys.cardholderPhoneClaim(body.phone)))) throw phoneTaken();
  const company = companyRecord.parse(await getItem(keys.company(companyId)));
  const employeeId = randomUUID();
  let card;
  try {
    card = await cardIssuer().orderCard({
      requestId: `${employeeId}:order`,
      cardholderName: `${body.name} ${body.surname}`,
      deliveryAddress: company.legalAddress ? { address: `${company.legalAddress.street} ${company.legalAddress.houseNumber}`.trim(), city: company.legalAddress.city, country: company.legalAddress.country, postalCode: company.legalAddress.postcode } : null,
    });
  } catch (error) {
    if (error instanceof CardIssuerError) throw new DomainError(503, 'CARD_ISSUER_UNAVAILABLE');
    throw error;
  }
  const now = new Date().toISOString();
  const actor = actorOfCaller(caller, 'company_user');
  const employee = employeeRecord.parse({
    companyId,
    employeeId,
    name: body.name,
    surname: body.surname,
    phone: body.phone ?? null,
    email: body.email ?? null,
    personalCode: body.personalCode ?? null,
    cardId: card.cardId,
    lastCardDigits: card.lastDigits,
    cardStatus: 'ordered',
    cardStatusChangedBy: actor.kind,
    cardStatusChangedAt: now,
    deviceStatus: 'created',
    cardAccountStatus: 'inactive',
    status: 'created',
    balanceCents: 0,
    ...defaultCardLimits,
    createdAt: now,
    version: 0,
  });
  const items: TransactItem[] = [
    { Put: { TableName: tableName(), Item: { ...keys.employee(companyId, employeeId), entity: entities.employee, ...employee }, ConditionExpression: 'attribute_not_exists(pk)' } },
    cardOwnerPut(card.cardId, companyId, employeeId),
    { Update: { TableName: tableName(), Key: keys.counters(companyId), UpdateExpression: 'ADD employees :one', ExpressionAttributeValues: { ':one': 1 } } },
    { Put: { TableName: tableName(), Item: auditItem({ companyId, actor, action: 'employee.add', target: { type: 'employee', id: employeeId }, before: {}, after: { name: body.name, surname: body.surname, phone: body.phone ?? null, cardStatus: 'ordered' }, at: now }) } },
    webhookEventPut(companyId, 'employee.created', { employeeId, name: body.name, surname: body.surname, phone: body.phone ?? null, cardStatus: employee.cardStatus, status: employee.status }),
  ];
  const refusals: Record<number, Error> = {};
  if (body.phone) {
    refusals[items.length] = phoneTaken();
    items.push(phoneClaimPut(body.phone, companyId, employeeId));
  }
  if (body.personalCode) {
    refusals[items.length] = personalCodeTaken();
    items.push(personalCodeClaimPut(body.personalCode, companyId, employeeId));
  }
  await transact(items, refusals);
  return detailOf(employee);
});
