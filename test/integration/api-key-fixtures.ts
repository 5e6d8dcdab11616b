import type { ApiScope } from '@shared/api-keys';
import { hashApiKeySecret, newApiKey, type ApiKeyRecord } from '@functions/platform/api-key-callers';
import { entities, keys } from '@functions/platform/keys';
import { putItems, type FixtureCloud } from './company-fixtures';

export interface FixtureKey {
  keyId: string;
  /** What the company's system sends as `Authorization: Bearer <secret>`. */
  secret: string;
}

/**
 * A key someone made for the company, written as POST /api-keys writes it (the secret's hash only), for a test that
 * needs keys of people who cannot sign in to that company: someone since demoted, about to be removed.
 */
export async function putApiKey(
  cloud: FixtureCloud,
  companyId: string,
  maker: { userId: string; name: string },
  key: { name: string; createdAt: string; scopes?: ApiScope[]; revokedAt?: string },
): Promise<FixtureKey> {
  const { keyId, secret, key: bearer } = newApiKey();
  const record: ApiKeyRecord = {
    keyId,
    companyId,
    name: key.name,
    scopes: key.scopes ?? ['employees:read'],
    secretHash: hashApiKeySecret(secret),
    createdAt: key.createdAt,
    createdBy: maker.userId,
    createdByName: maker.name,
    lastChars: bearer.slice(-4),
    lastUsedAt: null,
    revokedAt: key.revokedAt ?? null,
  };
  await putItems(cloud, [{ ...keys.apiKey(keyId), ...keys.apiKeysOfCompany(companyId, record.createdAt, keyId), entity: entities.apiKey, ...record }]);
  return { keyId, secret: bearer };
}
