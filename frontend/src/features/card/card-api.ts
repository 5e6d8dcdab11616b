import type { z } from 'zod';
import { errorBodySchema } from '@shared/api/schemas';
import type { RouteDefinition } from '@shared/api/route-definition';
import { ApiError, clientErrorCodes } from '@frontend/lib/api-error';
import { getConfig } from '@frontend/lib/config';
import { headerLanguage } from '@frontend/lib/language-storage';
import { forgetCardSession, readCardSession } from './card-session';

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

type Body<R extends RouteDefinition> = R extends { body: z.ZodType } ? z.input<R['body']> : never;

/**
 * Calls a /card route with the employee's own token (the portal's http client would attach the staff's Cognito
 * token and send a refused one to /login). Failures are the same ApiError, so the same texts translate them; a
 * refused session is forgotten here, and the screen goes back to the phone step.
 */
export async function callCard<R extends RouteDefinition>(route: R, options: { body?: Body<R>; signal?: AbortSignal } = {}): Promise<z.infer<R['answer']>> {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': headerLanguage() });
  const session = readCardSession();
  if (session && route.access.kind === 'cardholder') headers.set('Authorization', `Bearer ${session.token}`);
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await fetch(`${getConfig().apiUrl.replace(/\/+$/, '')}${route.path}`, {
      method: route.method,
      headers,
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, clientErrorCodes.network, error instanceof Error ? error.message : 'Network error');
  }

  const json = await readJson(response);
  if (!response.ok) {
    if (response.status === 401 && route.access.kind === 'cardholder') forgetCardSession();
    const failure = errorBodySchema.safeParse(json);
    if (failure.success) throw new ApiError(response.status, failure.data.code, failure.data.message, failure.data.fields);
    throw new ApiError(response.status, 'INTERNAL', response.statusText || 'Request failed');
  }
  const answer = route.answer.safeParse(json);
  if (!answer.success) throw new ApiError(response.status, clientErrorCodes.invalidAnswer, `Unexpected answer from ${route.method} ${route.path}`);
  return answer.data as z.infer<R['answer']>;
}

/** The page closes for these: the session is over, or the company closed the employee's access. */
export function endsCardSession(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 401 || error.code === 'CARDHOLDER_ACCESS_BLOCKED');
}
