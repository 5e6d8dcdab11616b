import { apiKeysPerCompany, type ApiKeyView, type CreateApiKeyBody } from '@shared/api-keys';
import { apiKeyRecord, hashApiKeySecret, newApiKey, type ApiKeyRecord } from '../platform/api-key-callers';
import { auditItem, type Actor } from '../platform/audit';
import { DomainError, notFound } from '../platform/errors';
import { entities, keys } from '../platform/keys';
import { conditionFailed, getItem, queryNewestOfGsi1, tableName, transact } from '../platform/table';

/** The most keys a company's list reads: its live ones (at most apiKeysPerCompany) and the newest revoked ones. */
const listedKeys = 100;

export function apiKeyView(record: ApiKeyRecord): ApiKeyView {
  return {
    keyId: record.keyId,
    name: record.name,
    scopes: record.scopes,
    hint: `bck_${record.keyId}`,
    createdAt: record.createdAt,
    createdByName: record.createdByName,
    lastUsedAt: record.lastUsedAt,
    revokedAt: record.revokedAt,
  };
}

export async function listKeys(companyId: string): Promise<ApiKeyRecord[]> {
  const { gsi1pk } = keys.apiKeysOfCompany(companyId, '', '');
  return (await queryNewestOfGsi1(gsi1pk, listedKeys)).map((item) => apiKeyRecord.parse(item));
}

/**
 * Makes a key for the company: its record (the secret's hash only) and the audit record in one transaction. The secret
 * is answered here and nowhere again. Refused when the company already has apiKeysPerCompany live keys.
 */
export async function createKey(companyId: string, actor: Actor & { userId: string; name: string }, body: CreateApiKeyBody, now = new Date()): Promise<{ record: ApiKeyRecord; secret: string }> {
  const live = (await listKeys(companyId)).filter((key) => !key.revokedAt);
  if (live.length >= apiKeysPerCompany) throw new DomainError(409, 'API_KEY_LIMIT');
  const { keyId, secret, key } = newApiKey();
  const record: ApiKeyRecord = {
    keyId,
    companyId,
    name: body.name.trim(),
    scopes: body.scopes,
    secretHash: hashApiKeySecret(secret),
    createdAt: now.toISOString(),
    createdBy: actor.userId,
    createdByName: actor.name,
    lastUsedAt: null,
    revokedAt: null,
  };
  await transact([
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.apiKey(keyId), ...keys.apiKeysOfCompany(companyId, record.createdAt, keyId), entity: entities.apiKey, ...record },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: auditItem({ companyId, actor, action: 'apiKey.create', target: { type: 'company', id: companyId }, before: {}, after: { keyId, name: record.name, scopes: record.scopes.join(' ') }, at: record.createdAt }),
      },
    },
  ]);
  return { record, secret: key };
}

/** Revokes a key of this company at once: every later request with it is answered 401 API_KEY_REVOKED. */
export async function revokeKey(companyId: string, keyId: string, actor: Actor, now = new Date()): Promise<ApiKeyRecord> {
  const item = await getItem(keys.apiKey(keyId));
  const record = item ? apiKeyRecord.parse(item) : null;
  // Another company's key is not found here, as if it did not exist.
  if (!record || record.companyId !== companyId) throw notFound('NOT_FOUND');
  if (record.revokedAt) return record;
  const revokedAt = now.toISOString();
  try {
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: keys.apiKey(keyId),
          UpdateExpression: 'SET revokedAt = :now',
          ConditionExpression: 'attribute_not_exists(revokedAt) OR revokedAt = :none',
          ExpressionAttributeValues: { ':now': revokedAt, ':none': null },
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: auditItem({ companyId, actor, action: 'apiKey.revoke', target: { type: 'company', id: companyId }, before: { keyId, name: record.name }, after: { revokedAt }, at: revokedAt }),
        },
      },
    ]);
  } catch (error) {
    // Revoked meanwhile by another request: it is revoked either way.
    if (!conditionFailed(error)) throw error;
  }
  return apiKeyRecord.parse(await getItem(keys.apiKey(keyId)));
}
