import { authorizationEventSchema } from '@shared/authorizations';
import { signedIssuerBody } from '../issuer';
import { logger } from '../platform/logger';
import { useCase } from '../platform/use-case';
import { closeAuthorization } from './authorization-store';
import * as authorizationRoutes from '@shared/api/routes/authorization-routes';

/**
 * The issuer reports what became of an approved authorization: settled (for at most the authorized amount) or
 * reversed. Each closes the authorization once; a repeated, late (after expiry) or unknown one changes nothing and is
 * answered 200 applied:false, so the issuer does not send it again and again.
 */
export const handler = useCase(authorizationRoutes.receiveAuthorizationEvent, async ({ event }) => {
  const issuerEvent = await signedIssuerBody(event, authorizationEventSchema);
  const closing = issuerEvent.type === 'authorization.settled'
    ? { kind: 'settled' as const, amountCents: issuerEvent.amountCents, eventId: issuerEvent.eventId }
    : { kind: 'reversed' as const, eventId: issuerEvent.eventId };
  const applied = await closeAuthorization(issuerEvent.authorizationId, closing);
  if (!applied) logger.info('authorization event not applied', { eventId: issuerEvent.eventId, type: issuerEvent.type, authorizationId: issuerEvent.authorizationId });
  return { received: true, applied };
});
