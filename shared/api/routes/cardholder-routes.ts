import {
  cardHistoryAnswerSchema,
  cardHistoryQuerySchema,
  cardholderPhoneSchema,
  cardholderSessionAnswerSchema,
  cardholderSignInSchema,
  cardViewSchema,
  codeSentAnswerSchema,
} from '../../cardholder';
import type { RouteDefinition } from '../route-definition';
import { okAnswerSchema } from '../schemas';

const cardholder = { kind: 'cardholder' } as const;

/**
 * The employee's own /card page: sign-in by phone and SMS code (public), then the card behind the session's bearer
 * token. Not the company's employee routes: the employee is never a member of the company.
 */
export const requestSignInCode = {
  method: 'POST',
  path: '/card/sign-in/code',
  handler: 'cardholders/request-sign-in-code',
  access: { kind: 'public' },
  body: cardholderPhoneSchema,
  answer: codeSentAnswerSchema,
} as const satisfies RouteDefinition;

export const signIn = {
  method: 'POST',
  path: '/card/sign-in',
  handler: 'cardholders/start-session',
  access: { kind: 'public' },
  body: cardholderSignInSchema,
  answer: cardholderSessionAnswerSchema,
} as const satisfies RouteDefinition;

export const getCard = {
  method: 'GET',
  path: '/card',
  handler: 'cardholders/get-card',
  access: cardholder,
  answer: cardViewSchema,
} as const satisfies RouteDefinition;

export const getCardHistory = {
  method: 'GET',
  path: '/card/history',
  handler: 'cardholders/list-card-history',
  access: cardholder,
  query: cardHistoryQuerySchema,
  answer: cardHistoryAnswerSchema,
} as const satisfies RouteDefinition;

export const blockCard = {
  method: 'POST',
  path: '/card/block',
  handler: 'cardholders/block-own-card',
  access: cardholder,
  answer: cardViewSchema,
} as const satisfies RouteDefinition;

export const unblockCard = {
  method: 'POST',
  path: '/card/unblock',
  handler: 'cardholders/unblock-own-card',
  access: cardholder,
  answer: cardViewSchema,
} as const satisfies RouteDefinition;

export const signOut = {
  method: 'POST',
  path: '/card/sign-out',
  handler: 'cardholders/end-session',
  access: cardholder,
  answer: okAnswerSchema,
} as const satisfies RouteDefinition;
