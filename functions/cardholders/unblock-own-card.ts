import { allowedCardholderActions } from '@shared/cardholder';
import { changeCard } from '../employees';
import { DomainError } from '../platform/errors';
import { useCase } from '../platform/use-case';
import { actorOfEmployee, cardView, readCardholder } from './cardholder-store';
import * as cardholderRoutes from '@shared/api/routes/cardholder-routes';

/**
 * Undoes the employee's own temporary block; a card the company blocked, or the issuer blocked or suspended, stays so.
 */
export const handler = useCase(cardholderRoutes.unblockCard, async ({ caller }) => {
  const employee = await readCardholder(caller);
  if (!allowedCardholderActions(employee.cardStatus, employee.cardStatusChangedBy).includes('unblock')) throw new DomainError(409, 'CARD_ACTION_NOT_ALLOWED');
  return cardView(await changeCard({ companyId: employee.companyId, employeeId: employee.employeeId, action: 'unblock', actor: actorOfEmployee(employee) }));
});
