import type { z } from 'zod';
import type { Role } from '../roles';

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
  /**
   * Open to a session that has no SMS second factor yet (a user who still has to set up a phone): everything
   * else answers such a session 403 PHONE_SETUP_REQUIRED.
   */
  beforeSecondFactor?: true;
  /** Cards, employees and money: the caller's company must be approved, else 403 COMPANY_NOT_APPROVED. */
  activeCompanyOnly?: true;
  /** The `{name}` parts of the path; a route with parameters must say what they may be. */
  params?: z.ZodType;
  body?: z.ZodType;
  query?: z.ZodType;
  answer: z.ZodType;
}
