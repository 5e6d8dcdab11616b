import { mayUseCardPage } from '@shared/cardholder';
import { nextDeviceStatus } from '@shared/cards';
import { cardholderSessionMinutes, hashSessionToken, newSessionToken } from '../platform/cardholder-sessions';
import { commitEmployeeChange, type EmployeeChange } from '../employees';
import { DomainError } from '../platform/errors';
import { entities, keys } from '../platform/keys';
import { tableName, transact } from '../platform/table';
import { useCase } from '../platform/use-case';
import { actorOfEmployee, ownSessionRecord, phoneOwner } from './cardholder-store';
import { tellOfSignInLock } from './lock-sign-in';
import { codeExpired, codeInvalid, trySignInCode } from './sign-in-codes';
import { assertSignInOpen, countWrongCode, signInLocked } from './sign-in-guard';
import * as cardholderRoutes from '@shared/api/routes/cardholder-routes';

/**
 * /card, step 2: the right code opens a session. The code is used up, the session written and the sign-in recorded in
 * the employee's history in one transaction; an employee's first sign-in also moves the app access from created to
 * active. A locked phone is refused before any code is tried; a wrong code counts against the phone across codes
 * (sign-in-guard.ts).
 */
export const handler = useCase(cardholderRoutes.signIn, async ({ body }) => {
  await assertSignInOpen(body.phone);
  const check = await trySignInCode(body.phone, body.code);
  if (!check.right) {
    const locked = await countWrongCode(body.phone);
    if (locked) {
      await tellOfSignInLock(body.phone, locked.lockedUntil);
      throw signInLocked(locked.lockedUntil - Date.now());
    }
    throw check.burnt ? codeExpired() : codeInvalid();
  }
  const { code } = check;
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
    const record = ownSessionRecord(employee, 'device.sign_in');
    await transact([...extra.map((entry) => entry.item), record], { 0: codeGone });
  }
  return { token, expiresAt: new Date(expiresAt * 1000).toISOString() };
});
