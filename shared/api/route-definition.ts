import type * as z from 'zod/mini';
import type { CompanyRole, Role } from '../roles';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * public: no token. cardholder: an employee's /card session (an opaque bearer token from the SMS sign-in, checked
 * by the function, not by the Cognito authorizer). signed-in: any valid token of a user with a profile. member: the caller's current company
 * membership must reach minRole, and be one of `roles` where a route names them (invoices: not managers). provider-admin: members of the provider-admin Cognito group only.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'cardholder' }
  | { kind: 'signed-in' }
  | { kind: 'member'; minRole: Exclude<Role, 'guest'>; roles?: readonly CompanyRole[] }
  | { kind: 'provider-admin' };

export interface RouteDefinition {
  method: HttpMethod;
  path: string;
  /** Module under functions/ without extension; it exports `handler`. */
  handler: string;
  access: RouteAccess;
  /**
   * Open to a session that has no SMS second factor yet (a user who still has to set up a phone): everything
   * else answers such a session 403 PHONE_SETUP_REQUIRED.
   */
  beforeSecondFactor?: true;
  /** Cards, employees and money: the caller's company must be approved, else 403 COMPANY_NOT_APPROVED. */
  activeCompanyOnly?: true;
  /**
   * Money POSTs (DESIGN section 7): the caller sends an `Idempotency-Key` header (else 400 IDEMPOTENCY_KEY_REQUIRED); the
   * first answer is kept >= 24 h per (company, key) and a replay with the same body gets it again, another body 422
   * IDEMPOTENCY_KEY_REUSED (functions/platform/idempotency.ts).
   */
  idempotent?: true;
  /** A feature the caller's current company must have (or all features), else 403 FEATURE_NOT_AVAILABLE (SPEC section 6). */
  feature?: 'reporting';
  /** The `{name}` parts of the path; a route with parameters must say what they may be. */
  params?: z.ZodMiniType;
  body?: z.ZodMiniType;
  query?: z.ZodMiniType;
  answer: z.ZodMiniType;
  /**
   * The answer when the action was not done but waits (issue 35: a second person's approval): 202 Accepted with this
   * body. A use case answers either; the platform tells them apart by this schema.
   */
  accepted?: z.ZodMiniType;
}

/** Whether the gateway checks a Cognito access token before the function runs. */
export function checksCognitoToken(access: RouteAccess): boolean {
  return access.kind !== 'public' && access.kind !== 'cardholder';
}

/**
 * The company a request acts on, named by the browser tab that shows it (DESIGN section 6): the portal's client sends
 * it on every company route, so two tabs on two companies each act on their own. A request without it (a script, an
 * older client) acts on the profile's last company. Lower case, as API Gateway hands headers to the functions.
 */
export const companyHeader = 'x-company-id';

/** A company id as the header may carry it: the ids the portal makes (UUIDs, demo and test ids). */
export const companyIdPattern = /^[A-Za-z0-9_-]{1,100}$/;

/** The request header of idempotent routes; the frontend's client sends it, the platform reads it (lower case in events). */
export const idempotencyKeyHeader = 'Idempotency-Key';

/**
 * On every API answer: the id the request's log lines carry, so support can find them. A caller may send its own
 * (well-formed) in the request, to follow one action across requests.
 */
export const correlationIdHeader = 'x-correlation-id';
