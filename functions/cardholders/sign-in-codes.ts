import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { signInCodeRules } from '@shared/cardholder';
import { dynamo } from '../platform/aws/dynamo';
import { DomainError } from '../platform/errors';
import { entities, keys } from '../platform/keys';
import { cardholderSignInCodeRecord, type CardholderSignInCodeRecord } from './cardholder-records';
import { conditionFailed, tableName } from '../platform/table';

export function newSignInCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

function hashOf(code: string, salt: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

/** No employee language is known: one short text in Latvian and English. */
export function signInCodeText(code: string, provider: string): string {
  return `${provider}: ${code} ir jūsu kartes pieslēgšanās kods (${signInCodeRules.validMinutes} min). ${code} is your card sign-in code (${signInCodeRules.validMinutes} min).`;
}

/**
 * Stores the phone's new code, replacing an older one; null stores a code no answer matches. A code asked for
 * within resendAfterSeconds of the last is refused (429), for every phone alike.
 */
export async function storeSignInCode(phone: string, code: string | null): Promise<CardholderSignInCodeRecord> {
  const now = Date.now();
  const salt = randomBytes(16).toString('hex');
  const record: CardholderSignInCodeRecord = {
    phone,
    codeHash: code === null ? null : hashOf(code, salt),
    salt,
    attempts: 0,
    requestedAt: now,
    expiresAt: Math.floor(now / 1000) + signInCodeRules.validMinutes * 60,
  };
  try {
    await dynamo.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.cardholderSignInCode(phone), entity: entities.cardholderSignInCode, ...record },
        ConditionExpression: 'attribute_not_exists(pk) OR requestedAt <= :resendFrom',
        ExpressionAttributeValues: { ':resendFrom': now - signInCodeRules.resendAfterSeconds * 1000 },
      }),
    );
  } catch (error) {
    if (conditionFailed(error)) throw new DomainError(429, 'TOO_MANY_REQUESTS');
    throw error;
  }
  return record;
}

/** Forgets a code that could not be sent, so the employee may ask again at once; a newer code stays. */
export async function forgetSignInCode(record: CardholderSignInCodeRecord): Promise<void> {
  await dynamo
    .send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.cardholderSignInCode(record.phone),
        ConditionExpression: 'requestedAt = :requestedAt',
        ExpressionAttributeValues: { ':requestedAt': record.requestedAt },
      }),
    )
    .catch((error: unknown) => {
      if (!conditionFailed(error)) throw error;
    });
}

export const codeExpired = () => new DomainError(410, 'PHONE_CODE_EXPIRED');
export const codeInvalid = () => new DomainError(400, 'CARDHOLDER_CODE_INVALID', { code: 'INVALID_CODE' });

/** A typed code: the stored one it matched, or a wrong one (`burnt` when it was the code's last try). */
export type CodeCheck = { right: true; code: CardholderSignInCodeRecord } | { right: false; burnt: boolean };

/**
 * Checks a typed code. The try is counted before the comparison, in one conditional write, so parallel guesses
 * get maxAttempts tries in all; after the last wrong one the code is burnt. No code to try (none asked for, expired,
 * burnt) is 410, as an expired one.
 */
export async function trySignInCode(phone: string, code: string): Promise<CodeCheck> {
  let counted: CardholderSignInCodeRecord;
  try {
    const answer = await dynamo.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.cardholderSignInCode(phone),
        UpdateExpression: 'SET attempts = attempts + :one',
        ConditionExpression: 'attribute_exists(pk) AND attempts < :max AND expiresAt > :now',
        ExpressionAttributeValues: { ':one': 1, ':max': signInCodeRules.maxAttempts, ':now': Math.floor(Date.now() / 1000) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    counted = cardholderSignInCodeRecord.parse(answer.Attributes);
  } catch (error) {
    if (conditionFailed(error)) throw codeExpired();
    throw error;
  }
  if (counted.codeHash !== null && sameHash(counted.codeHash, hashOf(code, counted.salt))) return { right: true, code: counted };
  return { right: false, burnt: counted.attempts >= signInCodeRules.maxAttempts };
}

function sameHash(stored: string, typed: string): boolean {
  return stored.length === typed.length && timingSafeEqual(Buffer.from(stored), Buffer.from(typed));
}
