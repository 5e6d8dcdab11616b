import { authorizationDecisionSchema, authorizationEventAnswerSchema } from '../../authorizations';
import type { RouteDefinition } from '../route-definition';

/**
 * What the card issuer calls about card payments. Public for the gateway: the functions check the HMAC signature
 * over the raw body first, so the routes declare no body schema (the functions parse it after the check).
 */
export const authorizePayment = {
  method: 'POST',
  path: '/issuer/authorizations',
  handler: 'authorizations/authorize-payment',
  access: { kind: 'public' },
  answer: authorizationDecisionSchema,
} as const satisfies RouteDefinition;

export const receiveAuthorizationEvent = {
  method: 'POST',
  path: '/issuer/authorization-events',
  handler: 'authorizations/receive-authorization-event',
  access: { kind: 'public' },
  answer: authorizationEventAnswerSchema,
} as const satisfies RouteDefinition;
