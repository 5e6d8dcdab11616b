import { beforeAll, describe, expect, it } from 'vitest';
import { companyHeader } from '@shared/api/route-definition';
import { profileSchema } from '@shared/api/schemas';
import { createdApiKeySchema } from '@shared/api-keys';
import { createOwnCompany } from './company-fixtures';
import { api, fixtureCloud, signIn } from './support';

/**
 * DESIGN section 6 (issue 30): the request names the company it acts on, the tab's company header, and the server checks
 * the caller's membership and role in that company on every request. owner@demo.local owns Baltic Logistics and is a
 * manager of Riga Bakery; nothing here switches their last company, so other files see it as seeded.
 */
let ownerToken = '';
let baltic = '';
let bakery = '';

const profileOf = async (token: string, headers: Record<string, string> = {}) => profileSchema.parse((await api('GET', '/users/profile', { token, headers })).body);
const employeeIdsOf = async (token: string, headers: Record<string, string>) => {
  const answer = await api('GET', '/employees?itemsPerPage=100', { token, headers });
  expect(answer.status).toBe(200);
  return (answer.body as { rows: { employeeId: string }[] }).rows.map((row) => row.employeeId);
};

beforeAll(async () => {
  ownerToken = await signIn('owner@demo.local');
  const profile = await profileOf(ownerToken);
  const byName = (name: string) => profile.clients.find((client) => client.name.includes(name))?.companyId ?? '';
  baltic = byName('Baltic');
  bakery = byName('Bakery');
  expect(baltic && bakery).toBeTruthy();
});

describe('a request that names its company', () => {
  it('acts on that company with the role held there, and leaves the last company as it was', async () => {
    const last = await profileOf(ownerToken);
    const asBakery = await profileOf(ownerToken, { [companyHeader]: bakery });
    expect(asBakery.currentClient).toMatchObject({ companyId: bakery, role: 'manager' });
    expect(asBakery.role).toBe('manager');
    const asBaltic = await profileOf(ownerToken, { [companyHeader]: baltic });
    expect(asBaltic.currentClient).toMatchObject({ companyId: baltic, role: 'owner' });

    const bakeryEmployees = await employeeIdsOf(ownerToken, { [companyHeader]: bakery });
    const balticEmployees = await employeeIdsOf(ownerToken, { [companyHeader]: baltic });
    expect(bakeryEmployees.length).toBeGreaterThan(0);
    expect(bakeryEmployees.filter((id) => balticEmployees.includes(id))).toEqual([]);
    // Owner in Baltic, manager in Riga Bakery: an owner's route answers by the named company's role.
    expect((await api('GET', '/api-keys', { token: ownerToken, headers: { [companyHeader]: baltic } })).status).toBe(200);
    expect(await api('GET', '/api-keys', { token: ownerToken, headers: { [companyHeader]: bakery } })).toMatchObject({ status: 403, body: { code: 'ROLE_TOO_LOW' } });

    expect((await profileOf(ownerToken)).currentClient?.companyId).toBe(last.currentClient?.companyId);
  });

  it('without the header acts on the profile\'s last company, as an older client or a script does', async () => {
    const last = await profileOf(ownerToken);
    const named = await employeeIdsOf(ownerToken, { [companyHeader]: last.currentClient?.companyId ?? '' });
    expect(await employeeIdsOf(ownerToken, {})).toEqual(named);
  });

  it('refuses a malformed company, a company of others and a company the caller was removed from, never falling back', async () => {
    for (const malformed of ['', 'a b', '../baltic', 'x'.repeat(101)]) {
      expect(await api('GET', '/employees', { token: ownerToken, headers: { [companyHeader]: malformed } }), JSON.stringify(malformed)).toMatchObject({
        status: 400,
        body: { code: 'COMPANY_ID_INVALID' },
      });
    }
    const cloud = fixtureCloud();
    const [stranger, other] = await Promise.all([createOwnCompany(cloud), createOwnCompany(cloud)]);
    expect(await api('GET', '/employees', { token: ownerToken, headers: { [companyHeader]: stranger.companyId } })).toMatchObject({ status: 403, body: { code: 'NOT_A_MEMBER' } });
    expect(await api('GET', '/users/profile', { token: ownerToken, headers: { [companyHeader]: 'no-such-company' } })).toMatchObject({ status: 403, body: { code: 'NOT_A_MEMBER' } });

    // The owner of one company is invited into another, works there, and is removed.
    const strangerToken = await signIn(stranger.email, undefined, stranger.phone);
    const otherToken = await signIn(other.email, undefined, other.phone);
    const invited = await api('POST', '/team/members', { token: otherToken, body: { email: stranger.email, name: 'Test', surname: 'Stranger', role: 'manager' } });
    expect(invited.status).toBe(200);
    const asMember = await profileOf(strangerToken, { [companyHeader]: other.companyId });
    expect(asMember.currentClient).toMatchObject({ companyId: other.companyId, role: 'manager' });
    const strangerId = asMember.userId;
    expect((await api('DELETE', `/team/members/${strangerId}`, { token: otherToken })).status).toBe(200);
    expect(await api('GET', '/employees', { token: strangerToken, headers: { [companyHeader]: other.companyId } })).toMatchObject({ status: 403, body: { code: 'NOT_A_MEMBER' } });
    expect(await api('POST', '/employees', { token: strangerToken, headers: { [companyHeader]: other.companyId }, body: {} })).toMatchObject({ status: 403, body: { code: 'NOT_A_MEMBER' } });
    // Their own company is still theirs, named or not.
    expect((await profileOf(strangerToken, { [companyHeader]: stranger.companyId })).currentClient?.companyId).toBe(stranger.companyId);
  });

  it('is refused on a provider admin route, which acts on no company', async () => {
    const adminToken = await signIn('admin@demo.local');
    expect((await api('GET', '/admin/applications', { token: adminToken })).status).toBe(200);
    expect(await api('GET', '/admin/applications', { token: adminToken, headers: { [companyHeader]: baltic } })).toMatchObject({ status: 400, body: { code: 'COMPANY_HEADER_NOT_ALLOWED' } });
  });

  it("lets an API key name only its own company", async () => {
    const created = createdApiKeySchema.parse((await api('POST', '/api-keys', { token: ownerToken, headers: { [companyHeader]: baltic }, body: { name: 'company header', scopes: ['employees:read'] } })).body);
    const path = '/v1/employees';
    expect((await api('GET', path, { token: created.secret })).status).toBe(200);
    expect((await api('GET', path, { token: created.secret, headers: { [companyHeader]: baltic } })).status).toBe(200);
    expect(await api('GET', path, { token: created.secret, headers: { [companyHeader]: bakery } })).toMatchObject({ status: 403, body: { code: 'NOT_THE_KEYS_COMPANY' } });
    await api('POST', `/api-keys/${created.key.keyId}/revoke`, { token: ownerToken, headers: { [companyHeader]: baltic } });
  });
});
