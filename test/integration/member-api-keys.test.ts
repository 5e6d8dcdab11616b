import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityAnswerSchema } from '@shared/activity';
import { apiKeyListSchema, createdApiKeySchema, type ApiKeyView, type ApiScope } from '@shared/api-keys';
import { companyHeader } from '@shared/api/route-definition';
import { memberRemovedSchema, revokeApiKeyIdsParam, teamAnswerSchema } from '@shared/team';
import { keys } from '@functions/platform/keys';
import { createOwnCompany, type OwnCompany } from './company-fixtures';
import { api, cloud, documents, fixtureCloud, signIn } from './support';

/**
 * The API keys of a member who leaves (issue 30): the key list names each key's maker and whether they still belong to
 * the company; removing a member revokes the keys of theirs the owner names, in the removal's own transaction, with
 * the revocations' audit records, and a refused removal changes nothing.
 */
const signInTo = (company: OwnCompany) => signIn(company.email, undefined, company.phone);

/** A company of the test's own with its owner signed in, so no other test's keys or members meet this one's. */
async function ownCompany(): Promise<{ company: OwnCompany; token: string }> {
  const company = await createOwnCompany(fixtureCloud());
  return { company, token: await signInTo(company) };
}

/**
 * Someone with an account of their own (and a company of their own) whom the owner adds as an owner: active at once,
 * so they can make keys; their token names the company they act on, as a browser tab does.
 */
async function addOwner(owner: { company: OwnCompany; token: string }): Promise<{ person: OwnCompany; act: (method: string, path: string, body?: unknown) => ReturnType<typeof api> }> {
  const person = await createOwnCompany(fixtureCloud());
  const added = await api('POST', '/team/members', { token: owner.token, body: { email: person.email, name: 'Kārlis', surname: 'Atslēdznieks', role: 'owner' } });
  expect(added, JSON.stringify(added.body)).toMatchObject({ status: 200, body: { member: { role: 'owner', status: 'active' } } });
  const token = await signInTo(person);
  return { person, act: (method, path, body) => api(method, path, { token, body, headers: { [companyHeader]: owner.company.companyId } }) };
}

async function makeKey(act: (method: string, path: string, body?: unknown) => ReturnType<typeof api>, name: string, scopes: ApiScope[] = ['employees:read']): Promise<{ key: ApiKeyView; secret: string }> {
  const answer = await act('POST', '/api-keys', { name, scopes });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return createdApiKeySchema.parse(answer.body);
}

const keyList = async (token: string) => apiKeyListSchema.parse((await api('GET', '/api-keys', { token })).body).rows;
const memberKeys = (token: string, userId: string) => api('GET', `/team/members/${userId}/api-keys`, { token });
const removal = (token: string, userId: string, keyIds?: readonly string[]) =>
  api('DELETE', `/team/members/${userId}${keyIds ? `?revokeApiKeyIds=${revokeApiKeyIdsParam(keyIds)}` : ''}`, { token });
/** What the company's own system gets with the key: 200 while it works, 401 API_KEY_REVOKED once revoked. */
const useKey = (secret: string) => api('GET', '/v1/employees', { token: secret });
const teamEmails = async (token: string) => teamAnswerSchema.parse((await api('GET', '/team', { token })).body).members.map((member) => member.email);

async function ownerCount(companyId: string): Promise<unknown> {
  return (await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.company(companyId) }))).Item?.ownerCount;
}

async function revocationsInLog(token: string): Promise<{ key: unknown; actor: unknown }[]> {
  const answer = await api('GET', '/activity?type=integrations&itemsPerPage=100', { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return activityAnswerSchema
    .parse(answer.body)
    .rows.filter((row) => row.action === 'apiKey.revoke')
    .map((row) => ({ key: row.before.name, actor: row.actor }));
}

describe("the key list's makers", () => {
  it("names each key's maker, with their e-mail, and says whether they still belong to the company, demoted or not", async () => {
    const owner = await ownCompany();
    const colleague = await addOwner(owner);
    const theirs = await makeKey(colleague.act, 'Payroll');
    // Their account had a name before the invitation named them: the portal goes on calling them by it.
    const own = await makeKey((method, path, body) => api(method, path, { token: owner.token, body }), 'Reports');
    expect(theirs.key.createdBy).toEqual({ userId: colleague.person.userId, name: colleague.person.fullName, email: colleague.person.email, inCompany: true });

    // Only owners make keys, but a maker may be demoted since: they still belong to the company.
    expect(await api('PATCH', `/team/members/${colleague.person.userId}`, { token: owner.token, body: { role: 'manager' } })).toMatchObject({ status: 200 });
    const listed = await keyList(owner.token);
    expect(listed.find((row) => row.keyId === theirs.key.keyId)?.createdBy).toEqual(theirs.key.createdBy);
    expect(listed.find((row) => row.keyId === own.key.keyId)?.createdBy).toEqual({ userId: owner.company.userId, name: owner.company.fullName, email: owner.company.email, inCompany: true });

    // The removal dialog's list: the member's live keys only.
    expect(apiKeyListSchema.parse((await memberKeys(owner.token, colleague.person.userId)).body).rows.map((row) => row.keyId)).toEqual([theirs.key.keyId]);
    expect((await removal(owner.token, colleague.person.userId)).status).toBe(200);
    const after = await keyList(owner.token);
    expect(after.find((row) => row.keyId === theirs.key.keyId)?.createdBy).toEqual({ ...theirs.key.createdBy, inCompany: false });
    expect(after.find((row) => row.keyId === own.key.keyId)?.createdBy.inCompany).toBe(true);
  });
});

describe('removing a member who made API keys', () => {
  it('revokes the keys the owner names in the same change, which writes their audit records; the kept key still works', async () => {
    const owner = await ownCompany();
    const colleague = await addOwner(owner);
    const payroll = await makeKey(colleague.act, 'Payroll');
    const hr = await makeKey(colleague.act, 'HR sync');
    const earlier = await makeKey(colleague.act, 'Old export');
    expect(await colleague.act('POST', `/api-keys/${earlier.key.keyId}/revoke`)).toMatchObject({ status: 200 });
    expect(await ownerCount(owner.company.companyId)).toBe(2);

    // Newest first, and a revoked key is not offered again.
    const offered = apiKeyListSchema.parse((await memberKeys(owner.token, colleague.person.userId)).body).rows;
    expect(offered.map((row) => row.name)).toEqual(['HR sync', 'Payroll']);

    const removed = await removal(owner.token, colleague.person.userId, [payroll.key.keyId]);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(memberRemovedSchema.parse(removed.body)).toEqual({ ok: true, revokedApiKeyIds: [payroll.key.keyId] });
    expect(await teamEmails(owner.token)).toEqual([owner.company.email]);
    expect(await ownerCount(owner.company.companyId)).toBe(1);

    expect(await useKey(payroll.secret)).toMatchObject({ status: 401, body: { code: 'API_KEY_REVOKED' } });
    expect((await useKey(hr.secret)).status).toBe(200);
    const listed = await keyList(owner.token);
    expect(listed.find((row) => row.keyId === payroll.key.keyId)).toMatchObject({ revokedAt: expect.any(String), createdBy: { inCompany: false } });
    expect(listed.find((row) => row.keyId === hr.key.keyId)).toMatchObject({ revokedAt: null, createdBy: { inCompany: false } });

    // The removal's revocation is recorded as any revocation is, by the owner who removed; the earlier one by its maker.
    expect(await revocationsInLog(owner.token)).toEqual([
      { key: 'Payroll', actor: { kind: 'company_user', name: owner.company.fullName, role: 'owner' } },
      { key: 'Old export', actor: { kind: 'company_user', name: colleague.person.fullName, role: 'owner' } },
    ]);
  });

  it('removes a demoted maker with every key of theirs revoked, or with their keys kept when none is named', async () => {
    const owner = await ownCompany();
    const demoted = await addOwner(owner);
    const demotedKeys = [await makeKey(demoted.act, 'Time clock'), await makeKey(demoted.act, 'Payroll', ['money:write', 'employees:read'])];
    expect(await api('PATCH', `/team/members/${demoted.person.userId}`, { token: owner.token, body: { role: 'accountant' } })).toMatchObject({ status: 200 });
    const kept = await addOwner(owner);
    const keptKey = await makeKey(kept.act, 'Ledger');

    const ids = apiKeyListSchema.parse((await memberKeys(owner.token, demoted.person.userId)).body).rows.map((row) => row.keyId);
    expect(ids.sort()).toEqual(demotedKeys.map(({ key }) => key.keyId).sort());
    expect(memberRemovedSchema.parse((await removal(owner.token, demoted.person.userId, ids)).body).revokedApiKeyIds.sort()).toEqual([...ids].sort());
    for (const { secret } of demotedKeys) expect(await useKey(secret)).toMatchObject({ status: 401, body: { code: 'API_KEY_REVOKED' } });

    expect(memberRemovedSchema.parse((await removal(owner.token, kept.person.userId)).body)).toEqual({ ok: true, revokedApiKeyIds: [] });
    expect((await useKey(keptKey.secret)).status).toBe(200);
    expect((await keyList(owner.token)).find((row) => row.keyId === keptKey.key.keyId)).toMatchObject({ revokedAt: null, createdBy: { userId: kept.person.userId, inCompany: false } });
    expect(await teamEmails(owner.token)).toEqual([owner.company.email]);
  });
});

describe('a removal that names keys it may not revoke', () => {
  let owner: { company: OwnCompany; token: string };
  let colleague: Awaited<ReturnType<typeof addOwner>>;
  let colleagueKey: { key: ApiKeyView; secret: string };
  let ownerKey: { key: ApiKeyView; secret: string };
  let stranger: { company: OwnCompany; token: string };
  let strangerKey: { key: ApiKeyView; secret: string };

  beforeAll(async () => {
    owner = await ownCompany();
    colleague = await addOwner(owner);
    colleagueKey = await makeKey(colleague.act, 'Payroll');
    ownerKey = await makeKey((method, path, body) => api(method, path, { token: owner.token, body }), 'Reports');
    stranger = await ownCompany();
    strangerKey = await makeKey((method, path, body) => api(method, path, { token: stranger.token, body }), 'Their payroll');
  });

  /** Nothing changed: the colleague is still a member, and every key still works. */
  async function nothingChanged(): Promise<void> {
    expect(await teamEmails(owner.token)).toContain(colleague.person.email);
    for (const { secret } of [colleagueKey, ownerKey, strangerKey]) expect((await useKey(secret)).status).toBe(200);
    expect(await ownerCount(owner.company.companyId)).toBe(2);
  }

  it("refuses another company's key, another member's, an unknown one, and a list holding one of them, with 404 MEMBER_API_KEY_NOT_FOUND", async () => {
    const unknown = 'zzzzzzzzzzzzzzzz';
    for (const keyIds of [[strangerKey.key.keyId], [ownerKey.key.keyId], [unknown], [colleagueKey.key.keyId, strangerKey.key.keyId]]) {
      expect(await removal(owner.token, colleague.person.userId, keyIds), keyIds.join()).toMatchObject({ status: 404, body: { code: 'MEMBER_API_KEY_NOT_FOUND' } });
    }
    await nothingChanged();
  });

  it('refuses ids that are no key ids, or one named twice, with 400 VALIDATION_FAILED', async () => {
    const refusals = [
      ['not-a-key', { 'revokeApiKeyIds.0': 'INVALID_VALUE' }],
      [`${colleagueKey.key.keyId},bck_${colleagueKey.key.keyId}`, { 'revokeApiKeyIds.1': 'INVALID_VALUE' }],
      [`${colleagueKey.key.keyId},${colleagueKey.key.keyId}`, { revokeApiKeyIds: 'DUPLICATE_OPTION' }],
    ] as const;
    for (const [query, fields] of refusals) {
      expect(await api('DELETE', `/team/members/${colleague.person.userId}?revokeApiKeyIds=${query}`, { token: owner.token }), query).toEqual(
        expect.objectContaining({ status: 400, body: expect.objectContaining({ code: 'VALIDATION_FAILED', fields }) }),
      );
    }
    await nothingChanged();
  });

  it("refuses another company's member, to the owner of either company, and a manager, and keeps the last owner with their keys", async () => {
    expect(await memberKeys(stranger.token, colleague.person.userId)).toMatchObject({ status: 404, body: { code: 'MEMBER_NOT_FOUND' } });
    expect(await removal(stranger.token, colleague.person.userId, [colleagueKey.key.keyId])).toMatchObject({ status: 404, body: { code: 'MEMBER_NOT_FOUND' } });
    expect(await memberKeys(owner.token, stranger.company.userId)).toMatchObject({ status: 404, body: { code: 'MEMBER_NOT_FOUND' } });
    expect(await removal(owner.token, stranger.company.userId, [strangerKey.key.keyId])).toMatchObject({ status: 404, body: { code: 'MEMBER_NOT_FOUND' } });

    const manager = await createOwnCompany(fixtureCloud(), { role: 'manager' });
    const managerToken = await signInTo(manager);
    expect(await memberKeys(managerToken, manager.userId)).toMatchObject({ status: 403, body: { code: 'ROLE_TOO_LOW' } });
    expect(await removal(managerToken, manager.userId, [])).toMatchObject({ status: 403, body: { code: 'ROLE_TOO_LOW' } });
    await nothingChanged();

    // All or nothing: the last owner stays, and so does the key the refused removal named.
    const alone = await ownCompany();
    const aloneKey = await makeKey((method, path, body) => api(method, path, { token: alone.token, body }), 'Solo');
    expect(await removal(alone.token, alone.company.userId, [aloneKey.key.keyId])).toMatchObject({ status: 409, body: { code: 'LAST_OWNER' } });
    expect((await useKey(aloneKey.secret)).status).toBe(200);
    expect(await ownerCount(alone.company.companyId)).toBe(1);
  });
});
