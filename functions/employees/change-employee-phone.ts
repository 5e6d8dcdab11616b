import { actorOfCaller } from '../platform/audit';
import { isTerminated } from '@shared/cards';
import { DomainError } from '../platform/errors';
import { useCase } from '../platform/use-case';
import { commitEmployeeChange, phoneClaimPut, phoneClaimRelease, readEmployee, type EmployeeChange } from './employee-changes';
import { detailOf } from './employee-store';
import * as employeeRoutes from '@shared/api/routes/employee-routes';

/**
 * SPEC section 5: the new phone must differ from the current one and not be used by another user. A terminated
 * employee's phone was given up with the product, so it is not claimed again.
 */
export const handler = useCase(employeeRoutes.changePhone, async ({ caller, params, body }) => {
  const employee = await readEmployee(caller.companyId, params.employeeId);
  if (isTerminated(employee.cardStatus)) throw new DomainError(409, 'EMPLOYEE_TERMINATED');
  // As for the company's own users' phones: the same code and status for the same refusal.
  if (employee.phone === body.phone) throw new DomainError(409, 'PHONE_SAME', { phone: 'PHONE_SAME' });
  const taken = new DomainError(409, 'PHONE_TAKEN', { phone: 'PHONE_TAKEN' });
  const extra: NonNullable<EmployeeChange['extra']> = [{ item: phoneClaimPut(body.phone, employee.companyId, employee.employeeId), refusal: taken }];
  if (employee.phone) extra.push({ item: phoneClaimRelease(employee.phone, employee.employeeId), refusal: new DomainError(409, 'CONFLICT') });
  const changed = await commitEmployeeChange({
    employee,
    set: { phone: body.phone },
    expect: { phone: employee.phone, cardStatus: employee.cardStatus },
    actor: actorOfCaller(caller, 'company_user'),
    action: 'phone.change',
    extra,
  });
  return detailOf(changed);
});
