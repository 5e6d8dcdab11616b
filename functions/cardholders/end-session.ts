import { findEmployee } from '../employees';
import { keys } from '../platform/keys';
import { conditionFailed, tableName, transact } from '../platform/table';
import { useCase } from '../platform/use-case';
import { ownSessionRecord } from './cardholder-store';
import * as cardholderRoutes from '@shared/api/routes/cardholder-routes';

/**
 * Signing out deletes the session: its token is refused from then on, even before it would have expired. The sign-out
 * is recorded in the employee's history in the same transaction; a second sign-out of the same session at the same
 * moment finds it gone and records nothing.
 */
export const handler = useCase(cardholderRoutes.signOut, async ({ caller }) => {
  const employee = await findEmployee(caller.companyId, caller.employeeId);
  const endSession = { Delete: { TableName: tableName(), Key: keys.cardholderSession(caller.tokenHash), ConditionExpression: 'attribute_exists(pk)' } };
  if (!employee) {
    await transact([endSession]).catch(ignoreEnded);
    return { ok: true as const };
  }
  const record = ownSessionRecord(employee, 'device.sign_out');
  await transact([endSession, record]).catch(ignoreEnded);
  return { ok: true as const };
});

function ignoreEnded(error: unknown): void {
  if (!conditionFailed(error, 0)) throw error;
}
