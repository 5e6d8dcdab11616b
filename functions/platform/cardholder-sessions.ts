import { createHash, randomBytes } from 'node:crypto';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import * as z from 'zod/mini';
import { DomainError } from './errors';
import { keys } from './keys';
import { getItem } from './table';

/** How long an employee's /card session lasts: a short visit on a phone, then a new SMS code. */
export const cardholderSessionMinutes = 30;

export interface Cardholder {
  companyId: string;
  employeeId: string;
  /** The session's key: signing out deletes it. */
  tokenHash: string;
}

const sessionRecord = /* @__PURE__ */ z.object({ companyId: z.string(), employeeId: z.string(), expiresAt: z.int() });

/** Only a hash of the token is stored, so the table never holds a usable session. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The employee behind a /card request's bearer token; 401 when there is none or it has expired. */
export async function resolveCardholder(event: APIGatewayProxyEventV2WithJWTAuthorizer): Promise<Cardholder> {
  const header = event.headers?.authorization ?? event.headers?.Authorization;
  const token = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token) throw new DomainError(401, 'UNAUTHORIZED');
  const tokenHash = hashSessionToken(token);
  const item = await getItem(keys.cardholderSession(tokenHash));
  const session = sessionRecord.safeParse(item);
  // TTL deletion lags by up to days: the expiry is checked here, not left to DynamoDB.
  if (!session.success || session.data.expiresAt * 1000 <= Date.now()) throw new DomainError(401, 'CARDHOLDER_SESSION_ENDED');
  return { companyId: session.data.companyId, employeeId: session.data.employeeId, tokenHash };
}
