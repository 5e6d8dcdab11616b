import { describe, expect, it } from 'vitest';
import { profileSchema } from '@shared/api/schemas';
import { isValidIban } from '@shared/iban';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@functions/platform/keys';
import { api, cloud, documents, signIn } from './support';

describe('GET /users/profile', () => {
  it('answers the session user of a company owner with both companies and the current one lifted up', async () => {
    const token = await signIn('owner@demo.local');
    const answer = await api('GET', '/users/profile', { token });
    expect(answer.status).toBe(200);
    const profile = profileSchema.parse(answer.body);
    expect(profile).toMatchObject({
      email: 'owner@demo.local',
      name: 'Anna',
      role: 'owner',
      status: 'active',
      currency: 'EUR',
      currentKycStatus: 'filled',
      provider: 'Bonus Card',
      isProviderAdmin: false,
    });
    expect(profile.clients.map((c) => [c.name, c.role])).toEqual([
      ['Baltic Logistics SIA', 'owner'],
      ['Riga Bakery SIA', 'manager'],
    ]);
    expect(profile.currentClient?.name).toBe('Baltic Logistics SIA');
    expect(profile.availableFeatures.reporting.available).toBe(true);
    expect(isValidIban(profile.topUpAccountIBAN ?? '')).toBe(true);
  });

  it('gives an accountant the accountant role', async () => {
    const profile = profileSchema.parse((await api('GET', '/users/profile', { token: await signIn('accountant@demo.local') })).body);
    expect(profile.role).toBe('accountant');
    expect(profile.clients).toHaveLength(1);
  });

  it('shows a company in onboarding with its KYC status and no IBAN yet', async () => {
    const profile = profileSchema.parse((await api('GET', '/users/profile', { token: await signIn('onboarding@demo.local') })).body);
    expect(profile.currentKycStatus).toBe('general');
    expect(profile.topUpAccountIBAN).toBeNull();
  });

  it('marks a provider admin, who has no company, as such', async () => {
    const profile = profileSchema.parse((await api('GET', '/users/profile', { token: await signIn('admin@demo.local') })).body);
    expect(profile.isProviderAdmin).toBe(true);
    expect(profile.role).toBe('guest');
    expect(profile.clients).toEqual([]);
  });
});

describe('PATCH /users/language', () => {
  it('accepts LV, EN and RU in any case and falls back to en otherwise', async () => {
    const token = await signIn('accountant@demo.local');
    for (const [sent, kept] of [['LV', 'lv'], ['ru', 'ru'], ['En', 'en'], ['de', 'en']] as const) {
      const answer = await api('PATCH', '/users/language', { token, body: { language: sent } });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ language: kept });
      const profile = profileSchema.parse((await api('GET', '/users/profile', { token })).body);
      expect(profile.language).toBe(kept);
    }
  });

  it('refuses a body without a language, changing nothing', async () => {
    const token = await signIn('accountant@demo.local');
    await api('PATCH', '/users/language', { token, body: { language: 'lv' } });
    const answer = await api('PATCH', '/users/language', { token, body: {} });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { language: 'REQUIRED' } });
    expect(profileSchema.parse((await api('GET', '/users/profile', { token })).body).language).toBe('lv');
  });
});

describe('POST /switch/client', () => {
  it('switches the current company, role, features and IBAN', async () => {
    const token = await signIn('owner@demo.local');
    const before = profileSchema.parse((await api('GET', '/users/profile', { token })).body);
    const bakery = before.clients.find((c) => c.name === 'Riga Bakery SIA');
    const answer = await api('POST', '/switch/client', { token, body: { companyId: bakery?.companyId } });
    expect(answer.status).toBe(200);
    const after = profileSchema.parse((await api('GET', '/users/profile', { token })).body);
    expect(after.currentClient?.name).toBe('Riga Bakery SIA');
    expect(after.role).toBe('manager');
    expect(after.availableFeatures.reporting.available).toBe(false);
    expect(after.topUpAccountIBAN).toBe(bakery?.topUpAccountIBAN);
    await api('POST', '/switch/client', { token, body: { companyId: before.currentClient?.companyId } });
  });

  it('refuses a company the user does not belong to with 404 (not a 403 that would end the session), keeping the current one', async () => {
    const token = await signIn('manager@demo.local');
    const answer = await api('POST', '/switch/client', { token, body: { companyId: 'company-bakery' } });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'NOT_A_MEMBER' });
    const profile = profileSchema.parse((await api('GET', '/users/profile', { token })).body);
    expect(profile.currentClient?.name).toBe('Baltic Logistics SIA');
  });
});

describe('a current company the user no longer belongs to', () => {
  it('falls back to a company the user still belongs to instead of locking them out', async () => {
    const token = await signIn('owner@demo.local');
    const { userIds, tableName } = cloud();
    await documents().send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.userProfile(userIds['owner@demo.local'] ?? ''),
        UpdateExpression: 'SET currentCompanyId = :gone',
        ExpressionAttributeValues: { ':gone': 'company-removed' },
      }),
    );
    const profile = profileSchema.parse((await api('GET', '/users/profile', { token })).body);
    const current = profile.clients.find((c) => c.companyId === profile.currentClient?.companyId);
    expect(current).toBeDefined();
    expect(profile.role).toBe(current?.role);
    expect(profile.topUpAccountIBAN).toBe(current?.topUpAccountIBAN);
    await api('POST', '/switch/client', { token, body: { companyId: 'company-baltic' } });
  });
});

describe('POST /logout', () => {
  it('revokes the tokens issued before it', async () => {
    const token = await signIn('manager@demo.local');
    expect((await api('POST', '/logout', { token })).status).toBe(200);
    const answer = await api('GET', '/users/profile', { token });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 'TOKEN_REVOKED' });
  });
});
