import { describe, expect, it } from 'vitest';
import { api, latestSmsCode, pastSessionCut, signIn, signInWithoutSecondFactor } from './support';

const phoneless = 'phone-api@test.local';
const newPhone = '37129990001';

describe('/phone/setup through the API', () => {
  it('lets a user without a phone set one up, ends the session, and asks for the SMS code from then on', async () => {
    const token = await signInWithoutSecondFactor(phoneless);

    const profile = await api('GET', '/users/profile', { token });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ email: phoneless, phoneSetupRequired: true });

    // Without the second factor nothing but the phone setup, the profile, the language and logout answers.
    const elsewhere = await api('POST', '/switch/client', { token, body: { companyId: 'company-baltic' } });
    expect(elsewhere).toMatchObject({ status: 403, body: { code: 'PHONE_SETUP_REQUIRED' } });

    const malformed = await api('POST', '/users/phone', { token, body: { phone: '+371 2999' } });
    expect(malformed).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', fields: { phone: 'INVALID_PHONE' } } });
    const taken = await api('POST', '/users/phone', { token, body: { phone: '37120000001' } });
    expect(taken).toMatchObject({ status: 409, body: { code: 'PHONE_TAKEN', fields: { phone: 'PHONE_TAKEN' } } });

    const sent = await api('POST', '/users/phone', { token, body: { phone: newPhone } });
    expect(sent).toMatchObject({ status: 200, body: { phone: newPhone } });
    const code = await latestSmsCode(newPhone);

    const wrong = await api('POST', '/users/phone/verify', { token, body: { code: code === '000000' ? '111111' : '000000' } });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', fields: { code: 'INVALID_CODE' } } });
    // A refused code changed nothing: the user still has to set the phone up.
    expect((await api('GET', '/users/profile', { token })).body).toMatchObject({ phoneSetupRequired: true });

    const confirmed = await api('POST', '/users/phone/verify', { token, body: { code } });
    expect(confirmed).toMatchObject({ status: 200, body: { ok: true } });

    // 'You need to setup phone and sign in again': the session that set the phone up is over.
    expect(await api('GET', '/users/profile', { token })).toMatchObject({ status: 401, body: { code: 'TOKEN_REVOKED' } });

    await pastSessionCut(Date.now());
    const secondFactorToken = await signIn(phoneless, undefined, newPhone);
    const after = await api('GET', '/users/profile', { token: secondFactorToken });
    expect(after).toMatchObject({ status: 200, body: { phoneSetupRequired: false } });
    expect(await api('POST', '/users/phone', { token: secondFactorToken, body: { phone: newPhone } })).toMatchObject({
      status: 409,
      body: { code: 'PHONE_SAME', fields: { phone: 'PHONE_SAME' } },
    });
    // With the factor on, nobody moves it without proving the old one: setup is for a user who has none.
    expect(await api('POST', '/users/phone', { token: secondFactorToken, body: { phone: '37129990009' } })).toMatchObject({
      status: 409,
      body: { code: 'PHONE_ALREADY_SET' },
    });
    expect(await api('POST', '/users/phone/verify', { token: secondFactorToken, body: { code: '123456' } })).toMatchObject({
      status: 409,
      body: { code: 'PHONE_ALREADY_SET' },
    });
  });

  it('refuses a code that was never requested', async () => {
    const token = await signInWithoutSecondFactor('phone-setup@test.local');
    const answer = await api('POST', '/users/phone/verify', { token, body: { code: '123456' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ fields: { code: 'INVALID_CODE' } });
  });
});
