import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { DomainError } from '@functions/platform/errors';
import { AlreadyAnswered, IdempotentRequest } from '@functions/platform/idempotency';
import { keys } from '@functions/platform/keys';
import { cloud, documents } from './support';

const request = (scope: string, key: string) => new IdempotentRequest(scope, key, 'same request');

async function refusalOf(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (error) {
    if (error instanceof DomainError) return `${error.status} ${error.code}`;
    if (error instanceof AlreadyAnswered) return 'already answered';
    throw error;
  }
}

describe('a running marker of an idempotency key', () => {
  it('holds the key while its request may still run, and is taken over once its lease is out, by one request only', async () => {
    const scope = `company-${randomUUID()}`;
    const key = randomUUID();
    await request(scope, key).markRunning();
    expect(await refusalOf(() => request(scope, key).markRunning())).toBe('409 IDEMPOTENCY_IN_PROGRESS');
    expect(await refusalOf(() => request(scope, key).earlier())).toBe('409 IDEMPOTENCY_IN_PROGRESS');

    // The request was cut off by its timeout and never came back: its lease runs out.
    await documents().send(
      new UpdateCommand({ TableName: cloud().tableName, Key: keys.idempotency(scope, key), UpdateExpression: 'SET runningUntil = :past', ExpressionAttributeValues: { ':past': Date.now() - 1 } }),
    );
    expect(await request(scope, key).earlier()).toBeUndefined();
    const takeovers = await Promise.all([0, 1, 2].map(() => refusalOf(() => request(scope, key).markRunning())));
    expect(takeovers.filter((refusal) => refusal === null)).toHaveLength(1);
    expect(takeovers.filter((refusal) => refusal === '409 IDEMPOTENCY_IN_PROGRESS')).toHaveLength(2);

    const done = request(scope, key);
    await done.markDone({ fileId: 'f1' });
    expect(await request(scope, key).earlier()).toEqual({ statusCode: 200, answer: { fileId: 'f1' } });
    expect(await refusalOf(() => request(scope, key).markRunning())).toBe('already answered');
  });
});
