import { readApprovalRules } from '../approvals';
import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { askApproval } from './ask-approval';
import { detailOf } from './employee-store';
import { changeEmployeePhone, checkPhoneFree, phoneChangeable, phoneTakenForChange } from './user-changes';
import * as employeeRoutes from '@shared/api/routes/employee-routes';

/**
 * SPEC section 5: the new phone must differ from the current one and not be used by another user. When the owners
 * require a second person for phone changes (issue 35), the change waits, answered 202.
 */
export const handler = useCase(employeeRoutes.changePhone, async ({ caller, params, body }) => {
  const employee = await phoneChangeable(caller.companyId, params.employeeId, body.phone);
  const actor = actorOfCaller(caller, 'company_user');
  const rules = await readApprovalRules(caller.companyId);
  if (!rules.userChanges.changePhone) return detailOf(await changeEmployeePhone(employee, body.phone, actor));
  await checkPhoneFree(body.phone, phoneTakenForChange);
  return askApproval(caller, rules, 'changePhone', { employeeId: employee.employeeId, name: `${employee.name} ${employee.surname}`.trim(), newUser: null, phone: { from: employee.phone, to: body.phone }, limits: null });
});
