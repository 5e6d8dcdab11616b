import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import * as z from 'zod/mini';
import { apiKeyPattern, apiKeyPrefix, apiKeyRequestsPerMinute, apiScopeSchema, type ApiScope } from '@shared/api-keys';
import { publicApiPrefix } from '@shared/api/public-api';
import { dynamo } from './aws/dynamo';
import { DomainError, forbidden, RateLimited } from './errors';
import { entities, keys } from './keys';
import { conditionFailed, getItem, tableName } from './table';

/** A company API key as the table holds it (functions/integrations writes it). */
export const apiKeyRecord = /* @__PURE__ */ z.object({
  keyId: z.string(),
  companyId: z.string(),
  name: z.string(),
  scopes: z.array(apiScopeSchema),
  secretHash: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  createdByName: z.string(),
  /** The secret's last characters, shown beside the key's prefix so an owner can match the key a system holds; keys before issue 32 have none. */
  lastChars: z._default(z.nullable(z.string()), null),
  lastUsedAt: z._default(z.nullable(z.string()), null),
  revokedAt: z._default(z.nullable(z.string()), null),
});
export type ApiKeyRecord = z.infer<typeof apiKeyRecord>;

/** The secret's hash: only this is stored, so the table never holds a usable key. The secret is 256 random bits. */
export function hashApiKeySecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A new key: its id (lower-case, as the key's pattern says) and its secret. */
export function newApiKey(): { keyId: string; secret: string; key: string } {
  const keyId = randomBytes(10).toString('hex').slice(0, 16);
  const secret = randomBytes(32).toString('base64url');
  return { keyId, secret, key: `${apiKeyPrefix}${keyId}_${secret}` };
}

/** Whether a request came in on the public API's paths (an API key's), rather than the portal's (a Cognito token's). */
export function isPublicApiRequest(event: Pick<APIGatewayProxyEventV2WithJWTAuthorizer, 'routeKey'>): boolean {
  return event.routeKey.split(' ')[1]?.startsWith(`${publicApiPrefix}/`) ?? false;
}

export interface ApiKeyCaller {
  keyId: string;
  name: string;
  /** The person who made the key. */
  createdBy: string;
  companyId: string;
  scopes: ApiScope[];
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The company and scopes behind a public API request's key: 401 for no key, a malformed, unknown or revoked one, 403
 * INSUFFICIENT_SCOPE for a key without the route's scope, 429 with `retryAfterSeconds` past the key's requests of
 * this minute. Every request counts once towards the minute (one conditional update, which also starts the minute's
 * count and, once a minute, records when the key was last used).
 */
export async function resolveApiKeyCaller(event: APIGatewayProxyEventV2WithJWTAuthorizer, scope: ApiScope, now = new Date()): Promise<ApiKeyCaller> {
  const header = event.headers?.authorization ?? event.headers?.Authorization;
  const token = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const parts = token?.match(apiKeyPattern);
  if (!parts) throw new DomainError(401, 'API_KEY_INVALID');
  const [, keyId = '', secret = ''] = parts;
  const item = await getItem(keys.apiKey(keyId));
  const record = item ? apiKeyRecord.safeParse(item) : null;
  if (!record?.success || !sameHash(record.data.secretHash, hashApiKeySecret(secret))) throw new DomainError(401, 'API_KEY_INVALID');
  if (record.data.revokedAt) throw new DomainError(401, 'API_KEY_REVOKED');
  if (!record.data.scopes.includes(scope)) throw forbidden('INSUFFICIENT_SCOPE');
  await countRequest(record.data, now);
  return { keyId, name: record.data.name, createdBy: record.data.createdBy, companyId: record.data.companyId, scopes: record.data.scopes };
}

async function countRequest(key: ApiKeyRecord, now: Date): Promise<void> {
  const minute = now.toISOString().slice(0, 16);
  const retryAfterSeconds = 60 - now.getUTCSeconds();
  let count: number;
  try {
    const answer = await dynamo.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.apiKeyMinute(key.keyId, minute),
        UpdateExpression: 'SET entity = :entity, expiresAt = :expires ADD requests :one',
        ConditionExpression: 'attribute_not_exists(requests) OR requests < :limit',
        ExpressionAttributeValues: { ':entity': entities.apiKeyMinute, ':expires': Math.floor(now.getTime() / 1000) + 300, ':one': 1, ':limit': apiKeyRequestsPerMinute },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    count = Number(answer.Attributes?.requests ?? 1);
  } catch (error) {
    if (conditionFailed(error)) throw new RateLimited(retryAfterSeconds);
    throw error;
  }
  // The minute's first request says the key is in use; the rest of the minute adds nothing to say.
  if (count === 1) {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.apiKey(key.keyId),
        UpdateExpression: 'SET lastUsedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': now.toISOString() },
      }),
    ).catch(() => undefined);
  }
}
