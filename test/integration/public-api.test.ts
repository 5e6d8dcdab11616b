import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { apiKeyListSchema, apiKeyRequestsPerMinute, createdApiKeySchema, type ApiScope } from '@shared/api-keys';
import { employeeDetailSchema, employeeListAnswerSchema } from '@shared/employees';
import type { resolveApiKeyCaller as ResolveApiKeyCallerFn } from '@functions/platform/api-key-callers';
import { resetEnvForTests } from '@functions/platform/env';
import { createOwnCompany, type OwnCompany } from './company-fixtures';
import { putEmployees, type FixtureEmployee } from './funding-fixtures';
import { api, cloud, documents, fixtureCloud, signIn } from './support';

/**
 * The public API (issue 20): a company's own system calls /v1/... with an API key its owner made, as the company,
 * within the key's scopes; every refusal is a 4xx with a stable code and changes nothing.
 */
let company: OwnCompany;
let ownerToken: string;
let employees: FixtureEmployee[];
let resolveApiKeyCaller: typeof ResolveApiKeyCallerFn;

async function createKey(token: string, name: string, scopes: ApiScope[]) {
  const answer = await api('POST', '/api-keys', { token, body: { name, scopes } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return createdApiKeySchema.parse(answer.body);
}

beforeAll(async () => {
  Object.assign(process.env, cloud().handlerEnvironment);
  resetEnvForTests();
  ({ resolveApiKeyCaller } = await import('@functions/platform/api-key-callers'));
  company = await createOwnCompany(fixtureCloud(), { role: 'owner', availableCents: 100_000 });
  employees = await putEmployees(fixtureCloud(), company.companyId, 2);
  ownerToken = await signIn(company.email, undefined, company.phone);
});

describe('API keys', () => {
  it('are made by an owner, shown once, listed with a hint, and answer for their company within their scopes', async () => {
    const { key, secret } = await createKey(ownerToken, 'Payroll', ['employees:read']);
    expect(secret).toMatch(/^bck_[a-z0-9]{16}_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: 'Payroll', scopes: ['employees:read'], hint: `bck_${key.keyId}`, lastUsedAt: null, revokedAt: null });
    const listed = apiKeyListSchema.parse((await api('GET', '/api-keys', { token: ownerToken })).body);
    expect(listed.rows.find((row) => row.keyId === key.keyId)).toEqual(key);
    // The secret part is base64url, which may hold '_' itself: it is all that follows the key id.
    const secretPart = secret.slice(`bck_${key.keyId}_`.length);
    expect(secretPart).toHaveLength(43);
    expect(JSON.stringify(listed)).not.toContain(secretPart);

    const page = await api('GET', '/v1/employees?itemsPerPage=10', { token: secret });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const rows = employeeListAnswerSchema.parse(page.body).rows;
    expect(rows.map((row) => row.employeeId).sort()).toEqual(employees.map((employee) => employee.employeeId).sort());
    const used = apiKeyListSchema.parse((await api('GET', '/api-keys', { token: ownerToken })).body).rows.find((row) => row.keyId === key.keyId);
    expect(used?.lastUsedAt).not.toBeNull();
  });

  it('refuse a missing, malformed, unknown or wrong key, a key without the scope, and a Cognito token on the public paths', async () => {
    const { key, secret } = await createKey(ownerToken, 'Reader', ['employees:read']);
    expect(await api('GET', '/v1/employees')).toMatchObject({ status: 401, body: { code: 'API_KEY_INVALID' } });
    expect(await api('GET', '/v1/employees', { token: 'not-a-key' })).toMatchObject({ status: 401, body: { code: 'API_KEY_INVALID' } });
    expect(await api('GET', '/v1/employees', { token: `bck_0000000000000000_${'a'.repeat(43)}` })).toMatchObject({ status: 401, body: { code: 'API_KEY_INVALID' } });
    expect(await api('GET', '/v1/employees', { token: `bck_${key.keyId}_${'a'.repeat(43)}` })).toMatchObject({ status: 401, body: { code: 'API_KEY_INVALID' } });
    expect(await api('GET', '/v1/employees', { token: ownerToken })).toMatchObject({ status: 401, body: { code: 'API_KEY_INVALID' } });
    // A key is no Cognito token: the portal's paths refuse it before any function runs.
    expect((await api('GET', '/employees', { token: secret })).status).toBe(401);
    const refused = await api('POST', '/v1/employees', { token: secret, body: { name: 'Anna', surname: 'Ozola', personalCode: '010190-20001', phone: '37120000999' } });
    expect(refused).toMatchObject({ status: 403, body: { code: 'INSUFFICIENT_SCOPE' } });
    expect(employeeListAnswerSchema.parse((await api('GET', '/v1/employees', { token: secret })).body).rows).toHaveLength(employees.length);
  });

  it('stop working when revoked, for every route, while the list keeps them as revoked', async () => {
    const { key, secret } = await createKey(ownerToken, 'Old payroll', ['employees:read', 'money:write']);
    expect((await api('GET', '/v1/employees', { token: secret })).status).toBe(200);
    const revoked = await api('POST', `/api-keys/${key.keyId}/revoke`, { token: ownerToken });
    expect(revoked.status).toBe(200);
    expect(z.object({ revokedAt: z.string() }).parse(revoked.body).revokedAt).toBeTruthy();
    expect(await api('GET', '/v1/employees', { token: secret })).toMatchObject({ status: 401, body: { code: 'API_KEY_REVOKED' } });
    expect(await api('POST', `/v1/employees/${employees[0]?.employeeId}/funds`, { token: secret, body: { amountCents: 100 }, headers: { 'Idempotency-Key': randomUUID() } })).toMatchObject({ status: 401, body: { code: 'API_KEY_REVOKED' } });
    // Revoking again changes nothing; another company's owner finds no such key.
    expect((await api('POST', `/api-keys/${key.keyId}/revoke`, { token: ownerToken })).status).toBe(200);
    const other = await createOwnCompany(fixtureCloud(), { role: 'owner' });
    const otherToken = await signIn(other.email, undefined, other.phone);
    expect((await api('POST', `/api-keys/${key.keyId}/revoke`, { token: otherToken })).status).toBe(404);
  });

  it('are refused to managers and accountants, and a name or scope list that is not valid changes nothing', async () => {
    for (const role of ['manager', 'accountant'] as const) {
      const member = await createOwnCompany(fixtureCloud(), { role });
      const token = await signIn(member.email, undefined, member.phone);
      expect(await api('GET', '/api-keys', { token })).toMatchObject({ status: 403, body: { code: 'ROLE_TOO_LOW' } });
      expect(await api('POST', '/api-keys', { token, body: { name: 'Mine', scopes: ['employees:read'] } })).toMatchObject({ status: 403, body: { code: 'ROLE_TOO_LOW' } });
    }
    const before = apiKeyListSchema.parse((await api('GET', '/api-keys', { token: ownerToken })).body).rows.length;
    expect(await api('POST', '/api-keys', { token: ownerToken, body: { name: ' ', scopes: [] } })).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', fields: { name: 'REQUIRED', scopes: 'LIST_REQUIRED' } } });
    expect(await api('POST', '/api-keys', { token: ownerToken, body: { name: 'X', scopes: ['everything'] } })).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(apiKeyListSchema.parse((await api('GET', '/api-keys', { token: ownerToken })).body).rows).toHaveLength(before);
  });
});

describe('money by API key', () => {
  it('needs an Idempotency-Key, moves the money once per key, and records the key as who did it', async () => {
    const { secret } = await createKey(ownerToken, 'Payroll', ['money:write', 'employees:read']);
    const employee = employees[1] as FixtureEmployee;
    const path = `/v1/employees/${employee.employeeId}/funds`;
    expect(await api('POST', path, { token: secret, body: { amountCents: 1_500 } })).toMatchObject({ status: 400, body: { code: 'IDEMPOTENCY_KEY_REQUIRED' } });
    const idempotencyKey = randomUUID();
    const first = await api('POST', path, { token: secret, body: { amountCents: 1_500 }, headers: { 'Idempotency-Key': idempotencyKey } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await api('POST', path, { token: secret, body: { amountCents: 1_500 }, headers: { 'Idempotency-Key': idempotencyKey } });
    expect({ status: again.status, body: again.body }).toEqual({ status: first.status, body: first.body });
    const detail = employeeDetailSchema.parse((await api('GET', `/v1/employees/${employee.employeeId}`, { token: secret })).body);
    expect(detail.balanceCents).toBe(1_500);
    const main = z.object({ availableCents: z.number() }).parse((await api('GET', '/v1/accounts/main', { token: secret })).body);
    expect(main.availableCents).toBe(100_000 - 1_500);
    const audit = await documents().send(new QueryCommand({ TableName: cloud().tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `COMPANY#${company.companyId}#AUDIT` } }));
    const funded = (audit.Items ?? []).filter((item) => item.action === 'funds.add' && (item.target as { id?: string } | undefined)?.id === employee.employeeId);
    expect(funded).toHaveLength(1);
    expect(funded[0]?.actor).toEqual({ kind: 'api_key', userId: null, name: "API key 'Payroll'", role: null });
  });
});

describe('the rate limit', () => {
  it(`answers 429 with Retry-After past ${apiKeyRequestsPerMinute} requests of a key in one minute, and counts the next minute afresh`, async () => {
    const { key, secret } = await createKey(ownerToken, 'Busy', ['employees:read']);
    const event = { headers: { authorization: `Bearer ${secret}` } } as unknown as Parameters<typeof resolveApiKeyCaller>[0];
    const minute = new Date('2031-03-04T05:06:40.000Z');
    for (let request = 0; request < apiKeyRequestsPerMinute; request += 1) await resolveApiKeyCaller(event, 'employees:read', minute);
    await expect(resolveApiKeyCaller(event, 'employees:read', minute)).rejects.toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 20 });
    await expect(resolveApiKeyCaller(event, 'employees:read', new Date('2031-03-04T05:07:00.000Z'))).resolves.toMatchObject({ keyId: key.keyId });
  });
});
