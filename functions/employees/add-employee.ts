import { randomUUID } from 'node:crypto';
import { readApprovalRules } from '../approvals';
import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { askApproval } from './ask-approval';
import { detailOf } from './employee-store';
import { checkPhoneFree, createEmployee, newUserPhoneTaken, type NewUser } from './user-changes';
import * as employeeRoutes from '@shared/api/routes/employee-routes';

/**
 * Adds an employee and orders their card (user-changes.ts). When the owners require a second person for new users
 * (issue 35), nothing is ordered yet: the request waits, answered 202, with the id the card will be ordered under.
 */
export const handler = useCase(employeeRoutes.addEmployee, async ({ caller, body }) => {
  const user: NewUser = { name: body.name, surname: body.surname, phone: body.phone ?? null, email: body.email ?? null, personalCode: body.personalCode ?? null };
  const actor = actorOfCaller(caller, 'company_user');
  const employeeId = randomUUID();
  const rules = await readApprovalRules(caller.companyId);
  if (!rules.userChanges.addUser) return detailOf(await createEmployee(caller.companyId, employeeId, user, actor));
  // A phone already taken is refused now, not after someone approved it.
  await checkPhoneFree(user.phone, newUserPhoneTaken);
  return askApproval(caller, rules, 'addUser', { employeeId, name: `${user.name} ${user.surname}`.trim(), newUser: user, phone: null, limits: null });
});
