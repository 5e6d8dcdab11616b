import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { signInLockRules } from '@shared/cardholder';
import { dynamo } from '../platform/aws/dynamo';
import { RateLimited } from '../platform/errors';
import { entities, keys } from '../platform/keys';
import { conditionFailed, getItem, tableName } from '../platform/table';

/**
 * A phone's wrong /card codes across codes (signInLockRules): kept for any phone typed, so an unknown phone locks as a
 * known one does and the answers tell nobody who holds a card.
 */
export const cardholderSignInGuardRecord = /* @__PURE__ */ z.object({
  phone: z.string(),
  wrongCodes: z.int().check(z.nonnegative()),
  /** Epoch milliseconds of the first wrong code of the current day of counting. */
  windowStartedAt: z.int(),
  /** Epoch milliseconds until which signing in by this phone is refused; null while it is not locked. */
  lockedUntil: z.nullable(z.int()),
  /** Epoch seconds, the table's TTL attribute: the guard is forgotten a little after its day is over. */
  expiresAt: z.int(),
});
export type CardholderSignInGuardRecord = z.infer<typeof cardholderSignInGuardRecord>;

const windowMs = signInLockRules.windowHours * 60 * 60 * 1000;

export function signInLocked(retryAfterMs: number): RateLimited {
  return new RateLimited(Math.max(1, Math.ceil(retryAfterMs / 1000)), 'CARDHOLDER_SIGN_IN_LOCKED');
}

/** Refuses (429 CARDHOLDER_SIGN_IN_LOCKED, with the wait) while signing in by the phone is locked. */
export async function assertSignInOpen(phone: string, now = Date.now()): Promise<void> {
  const item = await getItem(keys.cardholderSignInGuard(phone), { consistent: true });
  const guard = item ? cardholderSignInGuardRecord.parse(item) : null;
  if (guard?.lockedUntil && guard.lockedUntil > now) throw signInLocked(guard.lockedUntil - now);
}

/**
 * Counts a wrong code for the phone. Answers when the lock ends if this very code locked the phone: of parallel wrong
 * codes exactly one gets it, so the owner is told once.
 */
export async function countWrongCode(phone: string, now = Date.now()): Promise<{ lockedUntil: number } | null> {
  const counted = await addWrongCode(phone, now);
  if (counted.wrongCodes < signInLockRules.maxWrongCodes || counted.lockedUntil !== null) return null;
  const lockedUntil = counted.windowStartedAt + windowMs;
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.cardholderSignInGuard(phone),
        UpdateExpression: 'SET lockedUntil = :until',
        ConditionExpression: 'windowStartedAt = :started AND attribute_type(lockedUntil, :null)',
        ExpressionAttributeValues: { ':until': lockedUntil, ':started': counted.windowStartedAt, ':null': 'NULL' },
      }),
    );
  } catch (error) {
    if (conditionFailed(error)) return null;
    throw error;
  }
  return { lockedUntil };
}

async function addWrongCode(phone: string, now: number): Promise<CardholderSignInGuardRecord> {
  // The day of counting begun by an earlier wrong code goes on; none, or one that is over, starts a new day. Two
  // requests starting one at once: the second's put fails its condition and it counts in the first one's day.
  for (let tries = 0; tries < 2; tries += 1) {
    try {
      const answer = await dynamo.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.cardholderSignInGuard(phone),
          UpdateExpression: 'SET wrongCodes = wrongCodes + :one',
          ConditionExpression: 'attribute_exists(pk) AND windowStartedAt > :windowFrom',
          ExpressionAttributeValues: { ':one': 1, ':windowFrom': now - windowMs },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return cardholderSignInGuardRecord.parse(answer.Attributes);
    } catch (error) {
      if (!conditionFailed(error)) throw error;
    }
    const fresh: CardholderSignInGuardRecord = { phone, wrongCodes: 1, windowStartedAt: now, lockedUntil: null, expiresAt: Math.ceil((now + windowMs) / 1000) + 60 };
    try {
      await dynamo.send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.cardholderSignInGuard(phone), entity: entities.cardholderSignInGuard, ...fresh },
          ConditionExpression: 'attribute_not_exists(pk) OR windowStartedAt <= :windowFrom',
          ExpressionAttributeValues: { ':windowFrom': now - windowMs },
        }),
      );
      return fresh;
    } catch (error) {
      if (!conditionFailed(error)) throw error;
    }
  }
  throw new Error('the sign-in guard changed twice under one wrong code');
}
