import { mayUseCardPage } from '@shared/cardholder';
import { nextDeviceStatus } from '@shared/cards';
import { cardholderSessionMinutes, hashSessionToken, newSessionToken } from '../platform/cardholder-sessions';
import { commitEmployeeChange, type EmployeeChange } from '../employees';
import { DomainError } from '../platform/errors';
import { entities, keys } from '../platform/keys';
import { tableName, transact } from '../platform/table';
import { useCase } from '../platform/use-case';
import { actorOfEmployee, phoneOwner } from './cardholder-store';
import { trySignInCode } from './sign-in-codes';
import * as cardholderRoutes from '@shared/api/routes/cardholder-routes';

/**
 * /card, step 2: the right code opens a session. The code is used up and the session written in one transaction,
 * and an employee's first sign-in moves the app access from created to active, with its audit record.
 */
export const handler = useCase(cardholderRoutes.signIn, async ({ body }) => {
  const code = await trySignInCode(body.phone, body.code);
  const employee = await phoneOwner(body.phone);
  // The phone went to nobody, or the company blocked the access, after the code was sent.
  if (!employee) throw new DomainError(410, 'PHONE_CODE_EXPIRED');
  if (!mayUseCardPage(employee.cardStatus, employee.deviceStatus)) throw new DomainError(403, 'CARDHOLDER_ACCESS_BLOCKED');

  const token = newSessionToken();
  const expiresAt = Math.floor(Date.now() / 1000) + cardholderSessionMinutes * 60;
  const session = {
    ...keys.cardholderSession(hashSessionToken(token)),
    entity: entities.cardholderSession,
    companyId: employee.companyId,
    employeeId: employee.employeeId,
    expiresAt,
  };
  const useCode = {
    Delete: {
      TableName: tableName(),
      Key: keys.cardholderSignInCode(body.phone),
      // A newer code asked for meanwhile replaced this one: this one no longer opens anything.
      ConditionExpression: 'requestedAt = :requestedAt',
      ExpressionAttributeValues: { ':requestedAt': code.requestedAt },
    },
  };
  const codeGone = new DomainError(410, 'PHONE_CODE_EXPIRED');
  const extra: NonNullable<EmployeeChange['extra']> = [{ item: useCode, refusal: codeGone }, { item: { Put: { TableName: tableName(), Item: session } } }];

  const device = nextDeviceStatus(employee.deviceStatus, 'sign_in');
  if (device && device !== employee.deviceStatus) {
    await commitEmployeeChange({
      employee,
      set: { deviceStatus: device },
      expect: { deviceStatus: employee.deviceStatus },
      actor: actorOfEmployee(employee),
      action: 'device.sign_in',
      extra,
    });
  } else {
    await transact(extra.map((entry) => entry.item), { 0: codeGone });
  }
  return { token, expiresAt: new Date(expiresAt * 1000).toISOString() };
});
