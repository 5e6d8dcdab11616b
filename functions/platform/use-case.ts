import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type * as z from 'zod/mini';
import type { RouteDefinition } from '@shared/api/route-definition';
import { errorMessages } from '@shared/errors';
import { resolveCaller, type Caller, type MemberCaller } from './caller';
import { resolveCardholder, type Cardholder } from './cardholder-sessions';
import { originVerify } from './env';
import { DomainError, RateLimited, validationFailed } from './errors';
import { AlreadyAnswered, IdempotencyClaimTaken, IdempotentRequest } from './idempotency';
import { logger, requestLogging } from './logger';
import { refuseDirectCalls } from './origin-check';
import { readableError } from './readable-error';
import { fieldErrorsOf, safeParseReportingInput } from './validation';

type Event = APIGatewayProxyEventV2WithJWTAuthorizer;
type Result = APIGatewayProxyStructuredResultV2;

type Infer<T> = T extends z.ZodMiniType ? z.infer<T> : undefined;

export interface UseCaseInput<R extends RouteDefinition> {
  caller: R['access'] extends { kind: 'public' }
    ? null
    : R['access'] extends { kind: 'cardholder' }
      ? Cardholder
      : R['access'] extends { kind: 'member' }
        ? MemberCaller
        : Caller;
  body: R extends { body: infer B } ? Infer<B> : undefined;
  query: R extends { query: infer Q } ? Infer<Q> : undefined;
  params: R extends { params: infer P } ? Infer<P> : Record<string, never>;
  headers: Record<string, string | undefined>;
  /** Idempotent routes only: the request's key, for `answerItem` in the use case's own transaction. */
  idempotency: R extends { idempotent: true } ? IdempotentRequest : undefined;
  event: Event;
}

export type UseCaseAnswer<R extends RouteDefinition> = z.input<R['answer']> | (R['accepted'] extends z.ZodMiniType ? z.input<R['accepted']> : never);

interface Parsed {
  caller: Caller | Cardholder | null;
  params: unknown;
  body: unknown;
  query: unknown;
  idempotency: IdempotentRequest | undefined;
}
const parsedInput = new WeakMap<Event, Parsed>();

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function jsonResponse(statusCode: number, body: unknown): Result {
  return { statusCode, headers: jsonHeaders, body: JSON.stringify(body) };
}

function errorMapper(): MiddlewareObj<Event, Result> {
  return {
    onError: async (request) => {
      const error = request.error;
      if (error instanceof DomainError) {
        request.response = jsonResponse(error.status, {
          code: error.code,
          message: error.message,
          ...(error.fields ? { fields: error.fields } : {}),
          ...(error instanceof RateLimited ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
        });
        if (error instanceof RateLimited) request.response.headers = { ...request.response.headers, 'retry-after': String(error.retryAfterSeconds) };
        return;
      }
      // Anything else is our fault: log it for the operator, tell the caller nothing about internals.
      logger.error('unhandled error', { error: await readableError(error) });
      request.response = jsonResponse(500, { code: 'INTERNAL', message: errorMessages.INTERNAL });
    },
  };
}

function readJsonBody(event: Event): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new DomainError(400, 'MALFORMED_JSON');
  }
}

function parseWith(schema: z.ZodMiniType | undefined, value: unknown, location: 'params' | 'body' | 'query'): unknown {
  if (!schema) return location === 'params' ? {} : undefined;
  const result = safeParseReportingInput(schema, value ?? (location === 'body' ? undefined : {}));
  if (!result.success) throw validationFailed(fieldErrorsOf(result.error));
  return result.data;
}

function authAndValidation(route: RouteDefinition): MiddlewareObj<Event, Result> {
  return {
    before: async (request) => {
      const event = request.event;
      refuseDirectCalls(event, originVerify());
      const caller = route.access.kind === 'cardholder' ? await resolveCardholder(event) : await resolveCaller(event, route);
      const rawBody = route.body ? readJsonBody(event) : undefined;
      if (route.body && rawBody === undefined) throw validationFailed({ _: 'REQUIRED' });
      const params = parseWith(route.params, event.pathParameters, 'params');
      parsedInput.set(event, {
        caller,
        params,
        body: parseWith(route.body, rawBody, 'body'),
        query: parseWith(route.query, event.queryStringParameters, 'query'),
        idempotency: route.idempotent ? idempotentRequestOf(route, caller, event, params, rawBody) : undefined,
      });
    },
  };
}

function idempotentRequestOf(route: RouteDefinition, caller: Caller | Cardholder | null, event: Event, params: unknown, rawBody: unknown): IdempotentRequest {
  // A company's keys are its own; the provider's console shares one space (its keys are random per action).
  const scope = route.access.kind === 'provider-admin' ? 'PROVIDER' : caller && 'companyId' in caller ? caller.companyId : null;
  if (!scope) throw new Error(`${route.path}: idempotent routes are company or provider routes`);
  return IdempotentRequest.of(scope, event.headers ?? {}, `${route.method} ${route.path}`, params, rawBody);
}

export interface UseCaseOptions {
  /**
   * The use case writes `idempotency.answerItem(answer)` into the same TransactWriteItems as its change (money routes:
   * DESIGN section 7). Without it the platform marks the key running before the use case and stores the answer after.
   */
  answerInTransaction?: true;
}

/**
 * Runs an idempotent route's use case once per key: an earlier answer is given again (same status and body), a
 * request with the same key racing this one either finds its answer or loses the transaction to it.
 */
async function runOnce(idempotency: IdempotentRequest, options: UseCaseOptions, run: () => Promise<{ statusCode: number; answer: unknown }>): Promise<{ statusCode: number; answer: unknown }> {
  const earlier = await idempotency.earlier();
  if (earlier) return earlier;
  if (!options.answerInTransaction) {
    try {
      await idempotency.markRunning();
    } catch (error) {
      if (error instanceof AlreadyAnswered) return error.stored;
      throw error;
    }
  }
  try {
    const { statusCode, answer } = await run();
    if (!options.answerInTransaction) await idempotency.markDone(answer, statusCode);
    else if (!idempotency.claimedInTransaction) throw new Error('the use case did not write its idempotency item');
    return { statusCode, answer };
  } catch (error) {
    if (error instanceof IdempotencyClaimTaken) {
      const stored = await idempotency.earlier();
      if (stored) return stored;
      throw new DomainError(409, 'IDEMPOTENCY_IN_PROGRESS');
    }
    // A request with this key may have finished between our look and our own refusal, its change being the cause
    // (the transfer it credited is no longer unmatched): the caller gets that request's answer, as a replay would.
    if (options.answerInTransaction && error instanceof DomainError) {
      const stored = await idempotency.earlier();
      if (stored) return stored;
    }
    if (!options.answerInTransaction) await idempotency.forget();
    throw error;
  }
}

/** A use case's answer with its status: 202 when it is the route's `accepted` answer (the action waits), else 200. */
function answered(route: RouteDefinition, answer: unknown): { statusCode: number; answer: unknown } {
  const waiting = route.accepted?.safeParse(answer);
  if (waiting?.success) return { statusCode: 202, answer: waiting.data };
  return { statusCode: 200, answer: route.answer.parse(answer) };
}

/**
 * Time kept back from the Lambda's timeout to answer in: a use case still working then (a queue of conflicting
 * transactions under load) is answered before Lambda cuts it off without a body.
 */
const answerBeforeTimeoutMs = 300;

/**
 * The answer for a use case that ran out of time: its change may still commit after this answer, so the caller is
 * told the outcome is not known and to send the request again (a money request with the same Idempotency-Key, which
 * then gets the first answer or is applied once). Never a 500: nothing is wrong but the wait.
 */
function timedOut(): never {
  throw new DomainError(503, 'REQUEST_TIMED_OUT');
}

/**
 * A handler is this chain (logging -> error mapper -> auth context -> zod validation) around the use case of one route; the
 * file of each use case holds only what is particular to it. The handler passes its own route's definition, not a key
 * into the manifest, so its bundle builds the schemas of that route alone.
 */
export function useCase<R extends RouteDefinition>(
  route: R,
  run: NoInfer<(input: UseCaseInput<R>) => Promise<UseCaseAnswer<R>>>,
  options: UseCaseOptions = {},
) {
  return middy<Event, Result>({ timeoutEarlyInMillis: answerBeforeTimeoutMs, timeoutEarlyResponse: timedOut })
    .use(requestLogging<Event, Result>())
    .use(errorMapper())
    .use(authAndValidation(route))
    .handler(async (event) => {
      const parsed = parsedInput.get(event);
      if (!parsed) throw new Error('input was not parsed');
      const input = {
        caller: parsed.caller,
        body: parsed.body,
        query: parsed.query,
        params: parsed.params,
        headers: event.headers ?? {},
        idempotency: parsed.idempotency,
        event,
      } as UseCaseInput<R>;
      if (parsed.idempotency) {
        const once = await runOnce(parsed.idempotency, options, async () => answered(route, await run(input)));
        return jsonResponse(once.statusCode, once.statusCode === 200 ? route.answer.parse(once.answer) : once.answer);
      }
      const { statusCode, answer } = answered(route, await run(input));
      return jsonResponse(statusCode, answer);
    });
}
