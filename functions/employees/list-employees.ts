import { matchesSearch, pageOf } from '@shared/lists';
import { useCase } from '../platform/use-case';
import { employeeRow, listEmployees } from './employee-store';
import * as employeeRoutes from '@shared/api/routes/employee-routes';

const byName = new Intl.Collator('lv', { sensitivity: 'base' });

/**
 * The Users list. A company's employees are one partition of at most a few thousand small items: the page is cut
 * from one read of it, so search can match any part of a name, phone or personal code (docs/decisions.md).
 */
export const handler = useCase(employeeRoutes.listEmployees, async ({ caller, query }) => {
  const employees = await listEmployees(caller.companyId);
  const matching = employees
    .filter((employee) => (!query.status || employee.status === query.status) && (!query.cardStatus || employee.cardStatus === query.cardStatus))
    .filter((employee) => matchesSearch(query.search, [`${employee.name} ${employee.surname}`, `${employee.surname} ${employee.name}`, employee.phone, employee.personalCode, employee.email, employee.lastCardDigits]))
    .sort((a, b) => byName.compare(a.surname, b.surname) || byName.compare(a.name, b.name) || a.employeeId.localeCompare(b.employeeId));
  return pageOf(matching.map(employeeRow), query);
});
