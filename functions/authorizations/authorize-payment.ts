import { authorizationRequestSchema } from '@shared/authorizations';
import { signedIssuerBody } from '../issuer';
import { useCase } from '../platform/use-case';
import { authorize } from './authorization-store';
import * as authorizationRoutes from '@shared/api/routes/authorization-routes';

/**
 * The card issuer asks, while the cardholder waits at the till, whether a card payment may go ahead. The request is
 * signed like the issuer's webhook events; the answer is the decision (a replay of the same id gets the same one).
 */
export const handler = useCase(authorizationRoutes.authorizePayment, async ({ event }) => {
  const request = await signedIssuerBody(event, authorizationRequestSchema);
  return authorize(request);
});
