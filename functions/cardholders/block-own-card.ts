import { changeCard } from '../employees';
import { useCase } from '../platform/use-case';
import { actorOfEmployee, cardView, readCardholder } from './cardholder-store';
import * as cardholderRoutes from '@shared/api/routes/cardholder-routes';

/** The employee's temporary block (SPEC section 4: the monthly fee is still charged while blocked). */
export const handler = useCase(cardholderRoutes.blockCard, async ({ caller }) => {
  const employee = await readCardholder(caller);
  return cardView(await changeCard({ companyId: employee.companyId, employeeId: employee.employeeId, action: 'block', actor: actorOfEmployee(employee) }));
});
