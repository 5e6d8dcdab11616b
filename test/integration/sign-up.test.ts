import { AdminGetUserCommand, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { errorBodySchema, profileSchema } from '@shared/api/schemas';
import { keys } from '@functions/platform/keys';
import { api, cloud, documents, emailedLinkToken, emulators, signIn } from './support';

async function cognitoUser(email: string) {
  try {
    return await emulators().cognito.send(new AdminGetUserCommand({ UserPoolId: cloud().userPoolId, Username: email }));
  } catch (error) {
    if (error instanceof UserNotFoundException) return null;
    throw error;
  }
}

const confirmationTokenFor = (email: string) => emailedLinkToken(email, '/users/email/confirm');

/** Each company's owner gets a phone of their own, derived from the registration number. */
const phoneFor = (registrationNumber: string) => `3712${registrationNumber.slice(-7)}`;

function signup(overrides: Record<string, unknown> = {}) {
  const registrationNumber = String(overrides.registrationNumber ?? '40003555111');
  return {
    registrationNumber,
    phone: phoneFor(registrationNumber),
    email: 'gauja.owner@example.lv',
    password: 'Gauja-Pass-1',
    passwordRepeat: 'Gauja-Pass-1',
    name: 'Gints',
    surname: 'Gauja',
    termsAccepted: true,
    language: 'lv',
    ...overrides,
  };
}

describe('POST /signup', () => {
  it('refuses a registration number the register does not know, creating nothing', async () => {
    const answer = await api('POST', '/signup', { body: signup({ registrationNumber: '40003000000', email: 'ghost@example.lv' }) });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'COMPANY_NOT_IN_REGISTER', fields: { registrationNumber: 'COMPANY_NOT_IN_REGISTER' } });
    expect(await cognitoUser('ghost@example.lv')).toBeNull();
  });

  it('refuses a company already in the portal with its own message, creating no account', async () => {
    const answer = await api('POST', '/signup', { body: signup({ registrationNumber: '40003012345', email: 'second.owner@example.lv' }) });
    expect(answer.status).toBe(409);
    expect(errorBodySchema.parse(answer.body).code).toBe('COMPANY_ALREADY_REGISTERED');
    expect(await cognitoUser('second.owner@example.lv')).toBeNull();
  });

  it('answers bad input with the field messages of SPEC section 5', async () => {
    const answer = await api('POST', '/signup', {
      body: signup({ registrationNumber: '', termsAccepted: false, passwordRepeat: 'different', name: 'A' }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        registrationNumber: 'REGISTRATION_NUMBER_REQUIRED',
        termsAccepted: 'TERMS_REQUIRED',
        name: 'TEXT_TOO_SHORT',
      },
    });
  });

  it('creates the company from the register with its owner, and e-mails a link that confirms the account once', async () => {
    const answer = await api('POST', '/signup', { body: signup() });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ email: 'gauja.owner@example.lv', companyName: 'Gauja Foods SIA' });

    const user = await cognitoUser('gauja.owner@example.lv');
    expect(user?.UserStatus).toBe('UNCONFIRMED');
    const userId = user?.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? '';
    const { tableName } = cloud();
    const profile = (await documents().send(new GetCommand({ TableName: tableName, Key: keys.userProfile(userId) }))).Item;
    expect(profile).toMatchObject({ email: 'gauja.owner@example.lv', status: 'created', language: 'lv' });
    const company = (await documents().send(new GetCommand({ TableName: tableName, Key: keys.company(String(profile?.currentCompanyId)) }))).Item;
    expect(company).toMatchObject({
      name: 'Gauja Foods SIA',
      status: 'onboarding',
      kycStatus: 'not_filled',
      topUpAccountIBAN: null,
      legalAddress: { city: 'Sigulda', street: 'Rīgas iela', houseNumber: '9' },
    });
    const membership = (await documents().send(new GetCommand({ TableName: tableName, Key: keys.membership(userId, String(company?.companyId)) }))).Item;
    expect(membership?.role).toBe('owner');

    const token = await confirmationTokenFor('gauja.owner@example.lv');
    const confirmed = await api('POST', '/users/email/confirm', { body: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ email: 'gauja.owner@example.lv' });
    const after = await cognitoUser('gauja.owner@example.lv');
    expect(after?.UserStatus).toBe('CONFIRMED');
    expect(after?.UserAttributes?.find((a) => a.Name === 'email_verified')?.Value).toBe('true');
    const active = (await documents().send(new GetCommand({ TableName: tableName, Key: keys.userProfile(userId) }))).Item;
    expect(active?.status).toBe('active');

    // Used again, the link answers as any link that cannot be used: nobody learns the address is confirmed.
    const again = await api('POST', '/users/email/confirm', { body: { token } });
    expect(again.status).toBe(410);
    expect(errorBodySchema.parse(again.body).code).toBe('CONFIRMATION_LINK_EXPIRED');
  });

  it('refuses an e-mail that already has an account, and leaves the company free for someone else', async () => {
    const taken = await api('POST', '/signup', { body: signup({ registrationNumber: '40103555222', email: 'owner@demo.local' }) });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'EMAIL_TAKEN', fields: { email: 'EMAIL_TAKEN' } });
    const free = await api('POST', '/signup', { body: signup({ registrationNumber: '40103555222', email: 'kurzeme@example.lv' }) });
    expect(free.status).toBe(200);
  });

  it('lets exactly one of two simultaneous sign-ups for one company through, and removes the loser account', async () => {
    const [first, second] = await Promise.all([
      api('POST', '/signup', { body: signup({ registrationNumber: '40203555333', email: 'latgale.one@example.lv' }) }),
      api('POST', '/signup', { body: signup({ registrationNumber: '40203555333', email: 'latgale.two@example.lv' }) }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const loser = first.status === 409 ? 'latgale.one@example.lv' : 'latgale.two@example.lv';
    expect(await cognitoUser(loser)).toBeNull();
  });

  it('refuses a phone that belongs to another user, creating no account', async () => {
    const answer = await api('POST', '/signup', { body: signup({ registrationNumber: '40203555999', email: 'cesis@example.lv', phone: '37120000001' }) });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'PHONE_TAKEN', fields: { phone: 'PHONE_TAKEN' } });
    expect(await cognitoUser('cesis@example.lv')).toBeNull();
  });

  it('lets the confirmed owner sign in with the SMS code sent to the phone given at sign-up, into onboarding', async () => {
    const body = signup({ registrationNumber: '40203555999', email: 'cesis.owner@example.lv' });
    expect((await api('POST', '/signup', { body })).status).toBe(200);
    await expect(signIn(body.email, body.password, body.phone)).rejects.toThrow();
    expect((await api('POST', '/users/email/confirm', { body: { token: await confirmationTokenFor(body.email) } })).status).toBe(200);
    const token = await signIn(body.email, body.password, body.phone);
    const profile = profileSchema.parse((await api('GET', '/users/profile', { token })).body);
    expect(profile).toMatchObject({ role: 'owner', status: 'active', currentKycStatus: 'not_filled', language: 'lv' });
    expect(profile.currentClient?.name).toBe('Cēsu Dizains SIA');
  });
});

describe('confirmation links', () => {
  it('sends a new link on request; the old link then reads as expired and the new one works', async () => {
    await api('POST', '/signup', { body: signup({ registrationNumber: '40003555444', email: 'jurmala@example.lv' }) });
    const oldToken = await confirmationTokenFor('jurmala@example.lv');
    const resent = await api('POST', '/users/email/resend', { body: { email: 'jurmala@example.lv' } });
    expect(resent.status).toBe(200);
    const newToken = await confirmationTokenFor('jurmala@example.lv');
    expect(newToken).not.toBe(oldToken);

    const expired = await api('POST', '/users/email/confirm', { body: { token: oldToken } });
    expect(expired.status).toBe(410);
    expect(errorBodySchema.parse(expired.body).code).toBe('CONFIRMATION_LINK_EXPIRED');
    expect((await api('POST', '/users/email/confirm', { body: { token: newToken } })).status).toBe(200);
  });

  it('answers a resend for an unknown e-mail like a known one', async () => {
    const answer = await api('POST', '/users/email/resend', { body: { email: 'nobody-here@example.lv' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
  });

  it('refuses an unreadable token as invalid', async () => {
    const answer = await api('POST', '/users/email/confirm', { body: { token: 'garbage' } });
    expect(answer.status).toBe(400);
    expect(errorBodySchema.parse(answer.body).code).toBe('CONFIRMATION_LINK_INVALID');
  });

  it('answers a crafted link alike for an unknown, a confirmed and an unconfirmed address (no account enumeration)', async () => {
    const linkFor = (email: string) => `${Buffer.from(email).toString('base64url')}.123456`;
    expect((await api('POST', '/signup', { body: signup({ registrationNumber: '40103556010', email: 'latgale@example.lv' }) })).status).toBe(200);
    const answers = await Promise.all(
      ['nobody@example.lv', 'owner@demo.local', 'latgale@example.lv'].map(async (email) => {
        const answer = await api('POST', '/users/email/confirm', { body: { token: linkFor(email) } });
        return { status: answer.status, code: errorBodySchema.parse(answer.body).code };
      }),
    );
    expect(answers).toEqual(Array.from({ length: 3 }, () => ({ status: 410, code: 'CONFIRMATION_LINK_EXPIRED' })));
  });
});
