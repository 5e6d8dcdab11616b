import type * as z from 'zod/mini';
import { errorBodySchema } from '@shared/api/schemas';
import { companyHeader, idempotencyKeyHeader, type RouteDefinition } from '@shared/api/route-definition';
import { getConfig } from './config';
import { ApiError, clientErrorCodes } from './api-error';
import { headerLanguage } from './language-storage';

/**
 * The HTTP client of both entries: the portal's (./http adds the staff's Cognito session) and the employees' /card
 * page's (its own session token). Nothing here loads the session, Amplify or i18next.
 */
export type Answer<R extends RouteDefinition> = z.infer<R['answer']> | (R['accepted'] extends z.ZodMiniType ? z.infer<R['accepted']> : never);
type Body<R extends RouteDefinition> = R extends { body: z.ZodMiniType } ? z.input<R['body']> : never;

export interface CallOptions<R extends RouteDefinition> {
  body?: Body<R>;
  /** Values for the `{name}` parts of the path. */
  params?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /**
   * Idempotent routes: the key of this user action (`newActionKey`), the same for every retry of the action, so the
   * server applies it once. Left out, each call is a new action with a fresh key.
   */
  idempotencyKey?: string;
}

/** A fresh Idempotency-Key for one user action; keep it while the same action is retried. */
export function newActionKey(): string {
  return crypto.randomUUID();
}

function buildUrl(route: RouteDefinition, options: CallOptions<RouteDefinition>): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = options.params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${route.path}`);
    return encodeURIComponent(value);
  });
  const base = getConfig().apiUrl.replace(/\/+$/, '');
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return `${base}${path}${query ? `?${query}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Whose token a call carries, and what a refusal of it means to that session. */
export interface Credentials {
  token: string | null | undefined;
  /** The company the call acts on, sent in the company header; none for the /card page and calls of no company. */
  companyId?: string | null;
  /** Told of every 401 or 403 answer, with its code when the body has one. */
  onRefused: (status: 401 | 403, code: string | undefined) => void;
}

/** One API call with the given credentials (the staff's session, an employee's /card session); failures are ApiError. */
export async function callApiWith<R extends RouteDefinition>(route: R, options: CallOptions<R>, credentials: Credentials): Promise<Answer<R>> {
  const key = `${route.method} ${route.path}`;
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': headerLanguage() });
  if (credentials.token) headers.set('Authorization', `Bearer ${credentials.token}`);
  if (credentials.companyId) headers.set(companyHeader, credentials.companyId);
  const hasBody = options.body !== undefined;
  if (hasBody) headers.set('Content-Type', 'application/json');
  if (route.idempotent) headers.set(idempotencyKeyHeader, options.idempotencyKey ?? newActionKey());

  let response: Response;
  try {
    response = await fetch(buildUrl(route, options as CallOptions<RouteDefinition>), {
      method: route.method,
      headers,
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, clientErrorCodes.network, error instanceof Error ? error.message : 'Network error');
  }

  const json = await readJson(response);
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(json);
    if (response.status === 401 || response.status === 403) credentials.onRefused(response.status, parsed.success ? parsed.data.code : undefined);
    if (parsed.success) throw new ApiError(response.status, parsed.data.code, parsed.data.message, parsed.data.fields, false, parsed.data.retryAfterSeconds ?? null);
    throw new ApiError(response.status, 'INTERNAL', response.statusText || 'Request failed', {}, true);
  }

  // 202: the action waits (a second person's approval), answered with the route's `accepted` body.
  const answer = response.status === 202 && route.accepted ? route.accepted.safeParse(json) : route.answer.safeParse(json);
  if (!answer.success) {
    throw new ApiError(response.status, clientErrorCodes.invalidAnswer, `Unexpected answer from ${key}`);
  }
  return answer.data as Answer<R>;
}
