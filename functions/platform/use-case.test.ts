import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { RouteDefinition } from '@shared/api/route-definition';
import { useCase } from './use-case';

const route = { method: 'GET', path: '/slow', handler: 'test/slow', access: { kind: 'public' }, answer: z.object({ done: z.boolean() }) } as const satisfies RouteDefinition;

const event = { headers: {}, requestContext: { http: { method: 'GET', path: '/slow' } } } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
const contextWith = (remainingMs: number) => ({ functionName: 'slow', awsRequestId: 'request', getRemainingTimeInMillis: () => remainingMs }) as unknown as Context;

describe('useCase', () => {
  it('answers a use case still working when its time runs out with 503 REQUEST_TIMED_OUT, not a 500 or no answer', async () => {
    let release = () => {};
    const handler = useCase(route, () => new Promise((resolve) => (release = () => resolve({ done: true }))));
    const answer = await handler(event, contextWith(400));
    release();
    expect(answer.statusCode).toBe(503);
    expect(JSON.parse(String(answer.body))).toMatchObject({ code: 'REQUEST_TIMED_OUT' });
  });

  it('answers one that finishes in time as usual', async () => {
    const handler = useCase(route, async () => ({ done: true }));
    const answer = await handler(event, contextWith(10_000));
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(String(answer.body))).toEqual({ done: true });
  });
});
