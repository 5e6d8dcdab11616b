import { actorOfCaller } from '../platform/audit';
import { isTerminated } from '@shared/cards';
import { DomainError } from '../platform/errors';
import { entities, keys } from '../platform/keys';
import { tableName } from '../platform/table';
import { useCase } from '../platform/use-case';
import { commitEmployeeChange, readEmployee, type EmployeeChange } from '../platform/employees';
import { detailOf } from './employee-store';

/**
 * SPEC section 5: the new phone must differ from the current one and not be used by another user. A terminated
 * employee's phone was given up with the product, so it is not claimed again.
 */
export const handler = useCase('PUT /employees/{employeeId}/phone', async ({ caller, params, body }) => {
  const employee = await readEmployee(caller.companyId, params.employeeId);
  if (isTerminated(employee.cardStatus)) throw new DomainError(409, 'EMPLOYEE_TERMINATED');
  // As for the company's own users' phones: the same code and status for the same refusal.
  if (employee.phone === body.phone) throw new DomainError(409, 'PHONE_SAME', { phone: 'PHONE_SAME' });
  const taken = new DomainError(409, 'PHONE_TAKEN', { phone: 'PHONE_TAKEN' });
  const claim = { ...keys.cardholderPhoneClaim(body.phone), entity: entities.cardholderPhoneClaim, phone: body.phone, companyId: employee.companyId, employeeId: employee.employeeId };
  const extra: NonNullable<EmployeeChange['extra']> = [{ item: { Put: { TableName: tableName(), Item: claim, ConditionExpression: 'attribute_not_exists(pk)' } }, refusal: taken }];
  if (employee.phone) {
    extra.push({
      item: { Delete: { TableName: tableName(), Key: keys.cardholderPhoneClaim(employee.phone), ConditionExpression: 'attribute_not_exists(pk) OR employeeId = :employeeId', ExpressionAttributeValues: { ':employeeId': employee.employeeId } } },
      refusal: new DomainError(409, 'CONFLICT'),
    });
  }
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
