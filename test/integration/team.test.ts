import { InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { readInvitationToken } from '@shared/account';
import { profileSchema } from '@shared/api/schemas';
import * as teamRoutes from '@shared/api/routes/team-routes';
import { teamAnswerSchema, type TeamMember } from '@shared/team';
import { keys } from '@functions/platform/keys';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { createOwnCompany, type OwnCompany } from './company-fixtures';
import { api, cloud, concretePath, documents, emailedLinkToken, emulators, fixtureCloud, signIn } from './support';

const owner = 'team@test.local';
const manager = 'team-manager@test.local';

async function team(token: string): Promise<TeamMember[]> {
  const answer = await api('GET', '/team', { token });
  expect(answer.status).toBe(200);
  return teamAnswerSchema.parse(answer.body).members;
}

async function memberId(token: string, email: string): Promise<string> {
  const member = (await team(token)).find((m) => m.email === email);
  if (!member) throw new Error(`${email} is not in the team`);
  return member.userId;
}

/** What the invited person does with the e-mailed link: the temporary password, then a password of their own. */
async function acceptInvitation(email: string, password: string): Promise<string> {
  const link = readInvitationToken(await emailedLinkToken(email, '/invitation'));
  if (!link) throw new Error('the invitation link does not read');
  const client = emulators().cognito;
  const { userPoolClientId } = cloud();
  const first = await client.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: userPoolClientId,
      AuthParameters: { USERNAME: link.email, PASSWORD: link.temporaryPassword },
    }),
  );
  expect(first.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  const second = await client.send(
    new RespondToAuthChallengeCommand({
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      ClientId: userPoolClientId,
      Session: first.Session,
      ChallengeResponses: { USERNAME: link.email, NEW_PASSWORD: password },
    }),
  );
  const token = second.AuthenticationResult?.AccessToken;
  if (!token) throw new Error('no tokens after the new password');
  return token;
}

describe('team members: who may do what', () => {
  it('lets every member see the team and only owners change it', async () => {
    const managerToken = await signIn(manager);
    const members = await team(managerToken);
    expect(members.map((m) => [m.email, m.role, m.status])).toEqual([
      [owner, 'owner', 'active'],
      [manager, 'manager', 'active'],
    ]);
    const ownerOnly = Object.values(teamRoutes).filter((route) => route.access.minRole === 'owner');
    for (const route of ownerOnly) {
      const body = route.method === 'POST' && route.path === '/team/members' ? { email: 'x@example.lv', name: 'Xa', surname: 'Ya', role: 'manager' } : { role: 'manager' };
      const answer = await api(route.method, concretePath(route.path), { token: managerToken, body: 'body' in route ? body : undefined });
      expect(answer, `${route.method} ${route.path}`).toMatchObject({ status: 403, body: { code: 'ROLE_TOO_LOW' } });
    }
  });

  it("never reaches another company's members", async () => {
    const ownerToken = await signIn(owner);
    const managerId = await memberId(ownerToken, manager);
    // The owner of Baltic Logistics names a member of Liepājas Komanda: their own company has no such member.
    const otherOwner = await signIn('owner@demo.local');
    expect(await api('PATCH', `/team/members/${managerId}`, { token: otherOwner, body: { role: 'accountant' } })).toMatchObject({
      status: 404,
      body: { code: 'MEMBER_NOT_FOUND' },
    });
    expect(await api('DELETE', `/team/members/${managerId}`, { token: otherOwner })).toMatchObject({ status: 404 });
    expect((await team(otherOwner)).some((m) => m.email === manager)).toBe(false);
  });
});

describe('team members: invitations and roles', () => {
  it('invites someone new, who sets a password through the link and then has to set up a phone', async () => {
    const ownerToken = await signIn(owner);
    const invalid = await api('POST', '/team/members', { token: ownerToken, body: { email: 'not-an-email', name: 'A', surname: '', role: 'boss' } });
    expect(invalid).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { email: 'INVALID_EMAIL', name: 'TEXT_TOO_SHORT', surname: 'REQUIRED', role: 'INVALID_VALUE' } },
    });

    const invited = await api('POST', '/team/members', {
      token: ownerToken,
      body: { email: 'New.Colleague@Example.lv', name: 'Nora', surname: 'Jaunā', role: 'accountant' },
    });
    expect(invited).toMatchObject({ status: 200, body: { member: { email: 'new.colleague@example.lv', role: 'accountant', status: 'invited' } } });
    const again = await api('POST', '/team/members', {
      token: ownerToken,
      body: { email: 'new.colleague@example.lv', name: 'Nora', surname: 'Jaunā', role: 'manager' },
    });
    expect(again).toMatchObject({ status: 409, body: { code: 'ALREADY_MEMBER' } });

    const inviteeToken = await acceptInvitation('new.colleague@example.lv', 'Nora-Pass-2026');
    const profile = profileSchema.parse((await api('GET', '/users/profile', { token: inviteeToken })).body);
    expect(profile).toMatchObject({ phoneSetupRequired: true, role: 'accountant', currentClient: { name: 'Liepājas Komanda SIA' } });
    expect((await team(ownerToken)).find((m) => m.email === 'new.colleague@example.lv')?.status).toBe('active');

    // Signed in already: there is no invitation to send again.
    const inviteeId = await memberId(ownerToken, 'new.colleague@example.lv');
    expect(await api('POST', `/team/members/${inviteeId}/invitation`, { token: ownerToken })).toMatchObject({
      status: 409,
      body: { code: 'NOT_INVITED' },
    });
  });

  it('sends a new invitation link that replaces the old one', async () => {
    const ownerToken = await signIn(owner);
    const invited = await api('POST', '/team/members', {
      token: ownerToken,
      body: { email: 'late.reader@example.lv', name: 'Lauris', surname: 'Vēlais', role: 'manager' },
    });
    expect(invited.status).toBe(200);
    const firstLink = await emailedLinkToken('late.reader@example.lv', '/invitation');
    const id = await memberId(ownerToken, 'late.reader@example.lv');
    expect(await api('POST', `/team/members/${id}/invitation`, { token: ownerToken })).toMatchObject({ status: 200 });
    const secondLink = await emailedLinkToken('late.reader@example.lv', '/invitation');
    expect(secondLink).not.toBe(firstLink);
    await expect(acceptInvitation('late.reader@example.lv', 'Lauris-Pass-2026')).resolves.toEqual(expect.any(String));
  });

  it('gives an existing user the company in their client switcher, and takes it away on removal', async () => {
    const ownerToken = await signIn(owner);
    const added = await api('POST', '/team/members', {
      token: ownerToken,
      body: { email: 'accountant@demo.local', name: 'Olga', surname: 'Ivanova', role: 'manager' },
    });
    expect(added).toMatchObject({ status: 200, body: { member: { email: 'accountant@demo.local', role: 'manager', status: 'active' } } });

    const accountantToken = await signIn('accountant@demo.local');
    const clientsOf = async () =>
      profileSchema.parse((await api('GET', '/users/profile', { token: accountantToken })).body).clients.map((c) => [c.name, c.role]);
    expect(await clientsOf()).toEqual([
      ['Baltic Logistics SIA', 'accountant'],
      ['Liepājas Komanda SIA', 'manager'],
    ]);

    const id = await memberId(ownerToken, 'accountant@demo.local');
    expect(await api('DELETE', `/team/members/${id}`, { token: ownerToken })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await clientsOf()).toEqual([['Baltic Logistics SIA', 'accountant']]);
    expect(await api('DELETE', `/team/members/${id}`, { token: ownerToken })).toMatchObject({ status: 404, body: { code: 'MEMBER_NOT_FOUND' } });
  });

  it('never lets the last owner go, even when two owners step down at the same moment', async () => {
    const ownerToken = await signIn(owner);
    const ownerId = await memberId(ownerToken, owner);
    expect(await api('PATCH', `/team/members/${ownerId}`, { token: ownerToken, body: { role: 'manager' } })).toMatchObject({
      status: 409,
      body: { code: 'LAST_OWNER' },
    });
    expect(await api('DELETE', `/team/members/${ownerId}`, { token: ownerToken })).toMatchObject({ status: 409, body: { code: 'LAST_OWNER' } });

    // An invited owner does not count until they sign in: they could not manage the team before.
    const invitedOwner = await api('POST', '/team/members', {
      token: ownerToken,
      body: { email: 'future.owner@example.lv', name: 'Frīda', surname: 'Nākamā', role: 'owner' },
    });
    expect(invitedOwner).toMatchObject({ status: 200, body: { member: { role: 'owner', status: 'invited' } } });
    expect(await api('PATCH', `/team/members/${ownerId}`, { token: ownerToken, body: { role: 'manager' } })).toMatchObject({
      status: 409,
      body: { code: 'LAST_OWNER' },
    });
    const invitedOwnerId = await memberId(ownerToken, 'future.owner@example.lv');
    expect(await api('DELETE', `/team/members/${invitedOwnerId}`, { token: ownerToken })).toMatchObject({ status: 200 });

    const managerId = await memberId(ownerToken, manager);
    expect(await api('PATCH', `/team/members/${managerId}`, { token: ownerToken, body: { role: 'owner' } })).toMatchObject({
      status: 200,
      body: { member: { role: 'owner' } },
    });
    const secondOwnerToken = await signIn(manager);
    const [first, second] = await Promise.all([
      api('PATCH', `/team/members/${ownerId}`, { token: ownerToken, body: { role: 'manager' } }),
      api('PATCH', `/team/members/${managerId}`, { token: secondOwnerToken, body: { role: 'manager' } }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect((await team(ownerToken)).filter((m) => m.role === 'owner')).toHaveLength(1);
  });
});

describe('team members: the last owner stays', () => {
  async function ownerCount(companyId: string): Promise<unknown> {
    const answer = await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.company(companyId) }));
    return answer.Item?.ownerCount;
  }
  const signInTo = (company: OwnCompany) => signIn(company.email, undefined, company.phone);

  it('refuses to demote or remove the last owner with LAST_OWNER and changes nothing; with two owners one may step down or leave', async () => {
    // A company of its own, so no other test's changes of the shared team company meet this one's.
    const company = await createOwnCompany(fixtureCloud());
    const ownerToken = await signInTo(company);
    const ownerId = await memberId(ownerToken, company.email);
    const before = await team(ownerToken);
    expect(before.map((m) => [m.email, m.role, m.status])).toEqual([[company.email, 'owner', 'active']]);

    for (const role of ['manager', 'accountant'] as const) {
      expect(await api('PATCH', `/team/members/${ownerId}`, { token: ownerToken, body: { role } }), role).toMatchObject({ status: 409, body: { code: 'LAST_OWNER' } });
    }
    expect(await api('DELETE', `/team/members/${ownerId}`, { token: ownerToken })).toMatchObject({ status: 409, body: { code: 'LAST_OWNER' } });
    expect(await team(ownerToken)).toEqual(before);
    expect(await ownerCount(company.companyId)).toBe(1);
    expect(profileSchema.parse((await api('GET', '/users/profile', { token: ownerToken })).body)).toMatchObject({ role: 'owner', currentClient: { companyId: company.companyId } });

    // A second owner: someone with an account already, active at once. Now either of them may go.
    const colleague = await createOwnCompany(fixtureCloud());
    const added = await api('POST', '/team/members', { token: ownerToken, body: { email: colleague.email, name: 'Otra', surname: 'Īpašniece', role: 'owner' } });
    expect(added).toMatchObject({ status: 200, body: { member: { role: 'owner', status: 'active' } } });
    expect(await ownerCount(company.companyId)).toBe(2);
    const colleagueToken = await signInTo(colleague);
    expect(await api('POST', '/switch/client', { token: colleagueToken, body: { companyId: company.companyId } })).toMatchObject({ status: 200 });
    const colleagueId = await memberId(ownerToken, colleague.email);

    // The colleague steps down to manager: the first owner is the last again, and still cannot go.
    expect(await api('PATCH', `/team/members/${colleagueId}`, { token: colleagueToken, body: { role: 'manager' } })).toMatchObject({ status: 200, body: { member: { role: 'manager' } } });
    expect(await ownerCount(company.companyId)).toBe(1);
    expect(await api('DELETE', `/team/members/${ownerId}`, { token: ownerToken })).toMatchObject({ status: 409, body: { code: 'LAST_OWNER' } });

    // Made an owner again, the colleague leaves the company.
    expect(await api('PATCH', `/team/members/${colleagueId}`, { token: ownerToken, body: { role: 'owner' } })).toMatchObject({ status: 200 });
    expect(await api('DELETE', `/team/members/${colleagueId}`, { token: colleagueToken })).toMatchObject({ status: 200, body: { ok: true } });
    expect((await team(ownerToken)).map((m) => [m.email, m.role])).toEqual([[company.email, 'owner']]);
    expect(await ownerCount(company.companyId)).toBe(1);
    // Their own company is theirs again.
    expect(profileSchema.parse((await api('GET', '/users/profile', { token: colleagueToken })).body)).toMatchObject({ role: 'owner', currentClient: { companyId: colleague.companyId } });
  });
});
