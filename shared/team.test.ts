import { describe, expect, it } from 'vitest';
import { apiKeysPerCompany } from './api-keys';
import { removeMemberQuerySchema, revokeApiKeyIdsParam } from './team';

const keyId = (n: number) => `key${String(n).padStart(13, '0')}`;

describe("a removal's keys to revoke", () => {
  it('reads the ids the client sends as one list, or the repeated parameter API Gateway joins with commas', () => {
    const ids = [keyId(1), keyId(2)];
    expect(removeMemberQuerySchema.parse({ revokeApiKeyIds: revokeApiKeyIdsParam(ids) })).toEqual({ revokeApiKeyIds: ids });
    expect(removeMemberQuerySchema.parse({ revokeApiKeyIds: `${keyId(1)}, ${keyId(2)}` })).toEqual({ revokeApiKeyIds: ids });
  });

  it('revokes none when the parameter is left out or empty', () => {
    expect(removeMemberQuerySchema.parse({})).toEqual({});
    expect(removeMemberQuerySchema.parse({ revokeApiKeyIds: '' })).toEqual({ revokeApiKeyIds: [] });
  });

  it('refuses an id that is no key id, an id named twice, and more ids than a company may have live keys', () => {
    expect(removeMemberQuerySchema.safeParse({ revokeApiKeyIds: `${keyId(1)},bck_${keyId(2)}` }).success).toBe(false);
    expect(removeMemberQuerySchema.safeParse({ revokeApiKeyIds: 'NOT-A-KEY-ID-123' }).success).toBe(false);
    expect(removeMemberQuerySchema.safeParse({ revokeApiKeyIds: `${keyId(1)},${keyId(1)}` }).error?.issues[0]?.message).toBe('DUPLICATE_OPTION');
    const tooMany = Array.from({ length: apiKeysPerCompany + 1 }, (_, n) => keyId(n));
    expect(removeMemberQuerySchema.safeParse({ revokeApiKeyIds: revokeApiKeyIdsParam(tooMany) }).success).toBe(false);
    expect(removeMemberQuerySchema.safeParse({ revokeApiKeyIds: revokeApiKeyIdsParam(tooMany.slice(1)) }).success).toBe(true);
  });
});
