import { apiKeyShownLastChars, apiKeysPerCompany, type ApiKeyView, type CreateApiKeyBody } from '@shared/api-keys';
import { apiKeyRecord, hashApiKeySecret, newApiKey, type ApiKeyRecord } from '../platform/api-key-callers';
import { auditItem, type Actor } from '../platform/audit';
import { DomainError, notFound } from '../platform/errors';
import { entities, keys } from '../platform/keys';
import { batchGetItems, conditionFailed, getItem, itemId, queryAll, queryNewestOfGsi1, tableName, transact, type TransactItem } from '../platform/table';
import { peopleOfCompany } from '../users';

/** The most keys a company's list reads: its live ones (at most apiKeysPerCompany) and the newest revoked ones. */
const listedKeys = 100;

/**
 * The keys as an owner sees them, each with its maker as the company knows them now (issue 30): their current name and
 * e-mail, and whether they still belong to the company. One batch read of the makers, however many keys they made.
 */
export async function apiKeyViews(companyId: string, records: readonly ApiKeyRecord[]): Promise<ApiKeyView[]> {
  const people = await peopleOfCompany(companyId, records.map((record) => record.createdBy));
  return records.map((record) => {
    const person = people.get(record.createdBy);
    return {
      keyId: record.keyId,
      name: record.name,
      scopes: record.scopes,
      hint: `bck_${record.keyId}`,
      lastChars: record.lastChars,
      createdAt: record.createdAt,
      createdBy: { userId: record.createdBy, name: person?.name ?? record.createdByName, email: person?.email ?? null, inCompany: person?.activeMember ?? false },
      lastUsedAt: record.lastUsedAt,
      revokedAt: record.revokedAt,
    };
  });
}

export async function apiKeyViewOf(companyId: string, record: ApiKeyRecord): Promise<ApiKeyView> {
  const [view] = await apiKeyViews(companyId, [record]);
  if (!view) throw new Error('a key without its view');
  return view;
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
    lastChars: key.slice(-apiKeyShownLastChars),
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

/**
 * A live key's revocation as transaction items: the key, on the condition that nobody revoked it meanwhile, and its
 * audit record. A revoked key answers every later request 401 API_KEY_REVOKED.
 */
function revocationItems(record: ApiKeyRecord, actor: Actor, revokedAt: string): TransactItem[] {
  return [
    {
      Update: {
        TableName: tableName(),
        Key: keys.apiKey(record.keyId),
        UpdateExpression: 'SET revokedAt = :now',
        ConditionExpression: 'attribute_not_exists(revokedAt) OR revokedAt = :none',
        ExpressionAttributeValues: { ':now': revokedAt, ':none': null },
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: auditItem({ companyId: record.companyId, actor, action: 'apiKey.revoke', target: { type: 'company', id: record.companyId }, before: { keyId: record.keyId, name: record.name }, after: { revokedAt }, at: revokedAt }),
      },
    },
  ];
}

/** Revokes a key of this company at once: every later request with it is answered 401 API_KEY_REVOKED. */
export async function revokeKey(companyId: string, keyId: string, actor: Actor, now = new Date()): Promise<ApiKeyRecord> {
  const item = await getItem(keys.apiKey(keyId));
  const record = item ? apiKeyRecord.parse(item) : null;
  // Another company's key is not found here, as if it did not exist.
  if (!record || record.companyId !== companyId) throw notFound('NOT_FOUND');
  if (record.revokedAt) return record;
  try {
    await transact(revocationItems(record, actor, now.toISOString()));
  } catch (error) {
    // Revoked meanwhile by another request: it is revoked either way.
    if (!conditionFailed(error)) throw error;
  }
  return apiKeyRecord.parse(await getItem(keys.apiKey(keyId)));
}

/**
 * The live keys a person made for the company, newest first. Every key of the company is read (a company has at most
 * apiKeysPerCompany live ones, and the revoked ones it keeps are small items), so a live key is found however many
 * newer revoked ones the company has.
 */
export async function liveKeysMadeBy(companyId: string, userId: string): Promise<ApiKeyRecord[]> {
  const { gsi1pk } = keys.apiKeysOfCompany(companyId, '', '');
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    FilterExpression: 'createdBy = :userId',
    ExpressionAttributeValues: { ':pk': gsi1pk, ':userId': userId },
    ScanIndexForward: false,
  });
  return items.map((item) => apiKeyRecord.parse(item)).filter((record) => !record.revokedAt);
}

/**
 * The revocation of the named keys a person made for the company, as items for the transaction that removes them from
 * it (issue 30), with the ids it revokes. A key already revoked is left out (it is revoked either way); an id that is
 * not a key this person made for this company (another company's, another member's, none) refuses the whole
 * request with 404 MEMBER_API_KEY_NOT_FOUND, so nothing is changed.
 */
export async function revocationsOfKeysMadeBy(companyId: string, userId: string, keyIds: readonly string[], actor: Actor, now = new Date()): Promise<{ items: TransactItem[]; keyIds: string[] }> {
  const found = await batchGetItems(keyIds.map((keyId) => keys.apiKey(keyId)));
  const records = keyIds.map((keyId) => {
    const item = found.get(itemId(keys.apiKey(keyId)));
    const record = item ? apiKeyRecord.parse(item) : null;
    if (!record || record.companyId !== companyId || record.createdBy !== userId) throw new DomainError(404, 'MEMBER_API_KEY_NOT_FOUND');
    return record;
  });
  const live = records.filter((record) => !record.revokedAt);
  const revokedAt = now.toISOString();
  return { items: live.flatMap((record) => revocationItems(record, actor, revokedAt)), keyIds: live.map((record) => record.keyId) };
}
