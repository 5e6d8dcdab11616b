import { changeCard } from '../platform/card-actions';
import { useCase } from '../platform/use-case';
import { actorOfEmployee, cardView, readCardholder } from './cardholder-store';

/** Undoes the temporary block; a card the issuer blocked or suspended stays so (the state machine allows no unblock there). */
export const handler = useCase('POST /card/unblock', async ({ caller }) => {
  const employee = await readCardholder(caller);
  return cardView(await changeCard({ companyId: employee.companyId, employeeId: employee.employeeId, action: 'unblock', actor: actorOfEmployee(employee) }));
});
