import { limitsRaised } from '@shared/approvals';
import { readApprovalRules } from '../approvals';
import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { askApproval } from './ask-approval';
import { detailOf } from './employee-store';
import { limitsOf, limitsSettable, setEmployeeLimits } from './user-changes';
import * as employeeRoutes from '@shared/api/routes/employee-routes';

/**
 * Monthly and annual limits and the allowed merchant category groups, set at the issuer and kept with the employee.
 * When the owners require a second person for raised limits (issue 35), limits that widen what the card may spend
 * wait, answered 202; lower or narrower ones are set at once.
 */
export const handler = useCase(employeeRoutes.setLimits, async ({ caller, params, body }) => {
  const employee = await limitsSettable(caller.companyId, params.employeeId);
  const actor = actorOfCaller(caller, 'company_user');
  const rules = await readApprovalRules(caller.companyId);
  const from = limitsOf(employee);
  if (!rules.userChanges.raiseLimit || !limitsRaised(from, body)) return detailOf(await setEmployeeLimits(employee, body, actor));
  return askApproval(caller, rules, 'raiseLimit', { employeeId: employee.employeeId, name: `${employee.name} ${employee.surname}`.trim(), newUser: null, phone: null, limits: { from, to: body } });
});
