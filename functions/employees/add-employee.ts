import { randomUUID } from 'node:crypto';
import { defaultCardLimits } from '@shared/cards';
import { actorOfCaller } from '../platform/audit';
import { cardIssuer, CardIssuerError } from '../issuer';
import { DomainError } from '../platform/errors';
import { keys } from '../platform/keys';
import { companyRecord } from '../platform/identity-records';
import { getItem, tableName, transact, type TransactItem } from '../platform/table';
import { useCase } from '../platform/use-case';
import { cardOrderRequestId, deliveryAddressOf, newEmployeeItems } from './new-employees';
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
      requestId: cardOrderRequestId(employeeId),
      cardholderName: `${body.name} ${body.surname}`,
      deliveryAddress: deliveryAddressOf(company),
    });
  } catch (error) {
    if (error instanceof CardIssuerError) throw new DomainError(503, 'CARD_ISSUER_UNAVAILABLE');
    throw error;
  }
  const now = new Date().toISOString();
  const actor = actorOfCaller(caller, 'company_user');
  const created = newEmployeeItems(
    { companyId, employeeId, name: body.name, surname: body.surname, phone: body.phone ?? null, email: body.email ?? null, personalCode: body.personalCode ?? null, cardId: card.cardId, lastCardDigits: card.lastDigits, limitCents: defaultCardLimits.limitCents, annualLimitCents: defaultCardLimits.annualLimitCents },
    actor,
    now,
  );
  const items: TransactItem[] = [
    ...created.items,
    { Update: { TableName: tableName(), Key: keys.counters(companyId), UpdateExpression: 'ADD employees :one', ExpressionAttributeValues: { ':one': 1 } } },
  ];
  const refusals: Record<number, Error> = {};
  if (created.phoneClaimIndex !== null) refusals[created.phoneClaimIndex] = phoneTaken();
  if (created.personalCodeClaimIndex !== null) refusals[created.personalCodeClaimIndex] = personalCodeTaken();
  await transact(items, refusals);
  return detailOf(created.employee);
});
