import { actorOfCaller } from '../platform/audit';
import { keys } from '../platform/keys';
import { tableName } from '../platform/table';
import { useCase } from '../platform/use-case';
import { commitEmployeeChange, readEmployee } from './employee-changes';
import { detailOf, signInLockInForce } from './employee-store';
import * as employeeRoutes from '@shared/api/routes/employee-routes';

/**
 * A manager lifts the /card sign-in lock of an employee's phone: the phone's count of wrong codes goes with it, in the
 * same transaction as the employee's change and its audit record. An employee with no lock in force is answered as is.
 */
export const handler = useCase(employeeRoutes.liftSignInLock, async ({ caller, params }) => {
  const employee = await readEmployee(caller.companyId, params.employeeId);
  if (!signInLockInForce(employee) || employee.phone === null) return detailOf(employee);
  const changed = await commitEmployeeChange({
    employee,
    set: { signInLockedUntil: null },
    expect: {},
    actor: actorOfCaller(caller, 'company_user'),
    action: 'device.sign_in_unlocked',
    extra: [{ item: { Delete: { TableName: tableName(), Key: keys.cardholderSignInGuard(employee.phone) } } }],
  });
  return detailOf(changed);
});
