import { isCardGone } from '@shared/cards';
import { actorOfCaller } from '../platform/audit';
import { cardIssuer, CardIssuerError } from '../issuer';
import { DomainError } from '../platform/errors';
import { useCase } from '../platform/use-case';
import { commitEmployeeChange, findEmployee } from './employee-changes';
import { detailOf } from './employee-store';
import * as employeeRoutes from '@shared/api/routes/employee-routes';

/** Monthly and annual limits and the allowed merchant category groups, set at the issuer and kept with the employee. */
export const handler = useCase(employeeRoutes.setLimits, async ({ caller, params, body }) => {
  const employee = await findEmployee(caller.companyId, params.employeeId);
  if (!employee) throw new DomainError(404, 'LIMIT_USER_NOT_ACTIVE');
  // A closed, removed or terminated card spends nothing any more; a blocked one keeps its limits for its return.
  if (!employee.cardId || isCardGone(employee.cardStatus)) throw new DomainError(409, 'LIMIT_USER_NOT_ACTIVE');
  try {
    await cardIssuer().setLimits({ requestId: `${employee.employeeId}:limits:${employee.version}`, cardId: employee.cardId, ...body });
  } catch (error) {
    if (error instanceof CardIssuerError) throw new DomainError(503, 'LIMIT_CHANGE_FAILED');
    throw error;
  }
  const changed = await commitEmployeeChange({
    employee,
    set: { limitCents: body.limitCents, annualLimitCents: body.annualLimitCents, mccGroups: body.mccGroups },
    expect: { cardStatus: employee.cardStatus },
    actor: actorOfCaller(caller, 'company_user'),
    action: 'limits.change',
  });
  return detailOf(changed);
});
