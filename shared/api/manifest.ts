import type { z } from 'zod';
import {
  confirmationTokenSchema,
  confirmEmailAnswerSchema,
  passwordResetAnswerSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  resendConfirmationSchema,
  signupAnswerSchema,
  signupSchema,
} from '../auth';
import type { Role } from '../roles';
import {
  okAnswerSchema,
  profileSchema,
  setLanguageAnswerSchema,
  setLanguageBodySchema,
  switchClientAnswerSchema,
  switchClientBodySchema,
} from './schemas';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * public: no token. signed-in: any valid token of a user with a profile. member: the caller's current company
 * membership must reach minRole. provider-admin: members of the provider-admin Cognito group only.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'member'; minRole: Exclude<Role, 'guest'> }
  | { kind: 'provider-admin' };

export interface RouteDefinition {
  method: HttpMethod;
  path: string;
  /** Module under functions/ without extension; it exports `handler`. */
  handler: string;
  access: RouteAccess;
  /** The `{name}` parts of the path; a route with parameters must say what they may be. */
  params?: z.ZodType;
  body?: z.ZodType;
  query?: z.ZodType;
  answer: z.ZodType;
}

/** The one list of API routes: CDK, the local adapter, the typed client and the authorization tests read it. */
export const routes = [
  { method: 'GET', path: '/users/profile', handler: 'users/get-profile', access: { kind: 'signed-in' }, answer: profileSchema },
  {
    method: 'PATCH',
    path: '/users/language',
    handler: 'users/set-language',
    access: { kind: 'signed-in' },
    body: setLanguageBodySchema,
    answer: setLanguageAnswerSchema,
  },
  {
    method: 'POST',
    path: '/switch/client',
    handler: 'users/switch-client',
    access: { kind: 'signed-in' },
    body: switchClientBodySchema,
    answer: switchClientAnswerSchema,
  },
  { method: 'POST', path: '/logout', handler: 'users/log-out', access: { kind: 'signed-in' }, answer: okAnswerSchema },
  { method: 'POST', path: '/signup', handler: 'auth/sign-up', access: { kind: 'public' }, body: signupSchema, answer: signupAnswerSchema },
  {
    method: 'POST',
    path: '/users/email/confirm',
    handler: 'auth/confirm-email',
    access: { kind: 'public' },
    body: confirmationTokenSchema,
    answer: confirmEmailAnswerSchema,
  },
  {
    method: 'POST',
    path: '/users/email/resend',
    handler: 'auth/resend-confirmation',
    access: { kind: 'public' },
    body: resendConfirmationSchema,
    answer: okAnswerSchema,
  },
  {
    method: 'POST',
    path: '/reset/password/request',
    handler: 'auth/request-password-reset',
    access: { kind: 'public' },
    body: passwordResetRequestSchema,
    answer: okAnswerSchema,
  },
  {
    method: 'POST',
    path: '/reset/password',
    handler: 'auth/reset-password',
    access: { kind: 'public' },
    body: passwordResetSchema,
    answer: passwordResetAnswerSchema,
  },
] as const satisfies readonly RouteDefinition[];

export type RouteKey = `${(typeof routes)[number]['method']} ${(typeof routes)[number]['path']}`;

export function routeKey(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

export function findRoute(key: string): RouteDefinition | undefined {
  return (routes as readonly RouteDefinition[]).find((route) => routeKey(route) === key);
}

/** Cognito triggers: wired by the stack, answered locally by the adapter's Lambda Invoke endpoint. */
export const cognitoTriggers = {
  customMessage: 'auth/build-custom-message',
} as const;

/** Path prefix under which CloudFront forwards to the API; the API itself serves from /. */
export const apiPathPrefix = '/api';
