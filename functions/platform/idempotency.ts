import { createHash } from 'node:crypto';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { dynamo } from './aws/dynamo';
import { apiFunctionTimeoutSeconds } from './api-function';
import { DomainError } from './errors';
import { entities, keys } from './keys';
import { conditionFailed, getItem, tableName, type TransactItem } from './table';

/** DESIGN section 7 asks for at least 24 h; two days leaves room for TTL's lag and a retry the next morning. */
const keptSeconds = 48 * 60 * 60;

/** What a client may send as a key: a UUID or any short token of its own. */
export const idempotencyKeySchema = /* @__PURE__ */ z.string().check(z.regex(/^[A-Za-z0-9_-]{8,100}$/));

/**
 * How long a running marker holds its key: three API function timeouts. A request cut off by its timeout (answered
 * 503 REQUEST_TIMED_OUT, or stopped by Lambda) leaves its marker; past this a request with the same key runs the use
 * case again instead of answering 409 IDEMPOTENCY_IN_PROGRESS until the marker's two days are out. Only use cases whose
 * own conditions make a second run harmless mark a key running (a file applied, a run started, a statement's lines
 * recorded once each); money routes write their answer in their transaction and leave no marker.
 */
export const runningLeaseSeconds = 3 * apiFunctionTimeoutSeconds;

const storedSchema = /* @__PURE__ */ z.object({
  requestHash: z.string(),
  state: z.enum(['running', 'done']),
  runningUntil: z.optional(z.number()),
  statusCode: z.optional(z.int()),
  answer: z.optional(z.unknown()),
});

export interface StoredAnswer {
  statusCode: number;
  answer: unknown;
}

/**
 * Thrown through a use case when its transaction was refused because the idempotency item already exists: a request
 * with the same key won the race, so this one answers with what that one stored.
 */
export class IdempotencyClaimTaken extends Error {
  constructor() {
    super('idempotency key already claimed');
    this.name = 'IdempotencyClaimTaken';
  }
}

/**
 * One idempotent request: its scope (company), key and the hash of what it asked (route, path parameters, body), so the same
 * key with another request is told apart from a replay.
 */
export class IdempotentRequest {
  private claimed = false;

  constructor(
    readonly scope: string,
    readonly key: string,
    readonly requestHash: string,
  ) {}

  static of(scope: string, headers: Record<string, string | undefined>, routeKey: string, params: unknown, rawBody: unknown): IdempotentRequest {
    const header = headers['idempotency-key'] ?? headers['Idempotency-Key'];
    if (header === undefined || header === '') throw new DomainError(400, 'IDEMPOTENCY_KEY_REQUIRED');
    const key = idempotencyKeySchema.safeParse(header.trim());
    if (!key.success) throw new DomainError(400, 'IDEMPOTENCY_KEY_REQUIRED', { 'Idempotency-Key': 'INVALID_VALUE' });
    return new IdempotentRequest(scope, key.data, hashOf([routeKey, params ?? null, rawBody ?? null]));
  }

  /** Whether the use case put the answer into its own transaction (`answerItem`). */
  get claimedInTransaction(): boolean {
    return this.claimed;
  }

  /**
   * The idempotency item holding `answer`, for the use case's own TransactWriteItems: written only if no request with
   * this key got there first (else the transaction is cancelled and `IdempotencyClaimTaken` names why).
   */
  answerItem(answer: unknown, statusCode = 200): TransactItem {
    this.claimed = true;
    return {
      Put: {
        TableName: tableName(),
        Item: this.record({ state: 'done', statusCode, answer }),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    };
  }

  /**
   * What an earlier request with this key left: its answer to give again, or a refusal when it asked for something
   * else or is still running. Nothing stored (or only a refusal, which is not kept): undefined, run the request.
   */
  async earlier(): Promise<StoredAnswer | undefined> {
    const item = await getItem(keys.idempotency(this.scope, this.key));
    if (!item) return undefined;
    const stored = storedSchema.parse(item);
    if (stored.requestHash !== this.requestHash) throw new DomainError(422, 'IDEMPOTENCY_KEY_REUSED');
    if (stored.state === 'running') {
      if (stored.runningUntil !== undefined && stored.runningUntil < Date.now()) return undefined;
      throw new DomainError(409, 'IDEMPOTENCY_IN_PROGRESS');
    }
    return { statusCode: stored.statusCode ?? 200, answer: stored.answer };
  }

  /**
   * For a use case that does not write the answer in its own transaction: a marker that this key is being worked, so
   * a second request meanwhile answers 409 IDEMPOTENCY_IN_PROGRESS instead of doing the work twice.
   */
  async markRunning(): Promise<void> {
    try {
      const now = Date.now();
      await dynamo.send(
        new PutCommand({
          TableName: tableName(),
          Item: this.record({ state: 'running', runningUntil: now + runningLeaseSeconds * 1000 }),
          // A marker whose lease ran out is taken over; of two requests taking it at once, one wins.
          ConditionExpression: 'attribute_not_exists(pk) OR (#state = :running AND runningUntil < :now)',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':running': 'running', ':now': now },
        }),
      );
    } catch (error) {
      if (!conditionFailed(error)) throw error;
      const earlier = await this.earlier();
      if (earlier) throw new AlreadyAnswered(earlier);
      throw new DomainError(409, 'IDEMPOTENCY_IN_PROGRESS');
    }
  }

  async markDone(answer: unknown, statusCode = 200): Promise<void> {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.idempotency(this.scope, this.key),
        UpdateExpression: 'SET #state = :done, statusCode = :status, answer = :answer',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':done': 'done', ':status': statusCode, ':answer': answer },
      }),
    );
  }

  /** A refused request is not kept: the same key may be sent again once the cause is fixed. */
  async forget(): Promise<void> {
    await dynamo.send(
      new DeleteCommand({ TableName: tableName(), Key: keys.idempotency(this.scope, this.key), ConditionExpression: '#state = :running', ExpressionAttributeNames: { '#state': 'state' }, ExpressionAttributeValues: { ':running': 'running' } }),
    ).catch((error: unknown) => {
      if (!conditionFailed(error)) throw error;
    });
  }

  private record(fields: Record<string, unknown>): Record<string, unknown> {
    return {
      ...keys.idempotency(this.scope, this.key),
      entity: entities.idempotency,
      scope: this.scope,
      idempotencyKey: this.key,
      requestHash: this.requestHash,
      createdAt: new Date().toISOString(),
      expiresAt: Math.floor(Date.now() / 1000) + keptSeconds,
      ...fields,
    };
  }
}

/** A replay found while marking: the stored answer goes back to the caller as it is. */
export class AlreadyAnswered extends Error {
  constructor(readonly stored: StoredAnswer) {
    super('already answered');
    this.name = 'AlreadyAnswered';
  }
}

/** A hash of a JSON value that does not depend on the order of object keys. */
export function hashOf(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, entry]) => entry !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
