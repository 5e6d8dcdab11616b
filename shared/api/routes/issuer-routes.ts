import { issuerEventAnswerSchema } from '../../issuer-events';
import type { RouteDefinition } from '../route-definition';

/**
 * What the card issuer calls. Public for the gateway: the function checks the HMAC signature over the raw body,
 * which is why the route declares no body schema (parsing first would verify something other than what was signed).
 */
export const receiveIssuerEvent = {
  method: 'POST',
  path: '/issuer/events',
  handler: 'employees/receive-issuer-event',
  access: { kind: 'public' },
  answer: issuerEventAnswerSchema,
} as const satisfies RouteDefinition;
