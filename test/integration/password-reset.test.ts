import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '@shared/api/schemas';
import { demoPassword } from '../../infra/local/demo-data';
import { api, emailedLinkToken, outbox, signIn } from './support';

const resetTokenFor = (email: string) => emailedLinkToken(email, '/reset/password');

describe('password reset', () => {
  it('resets by e-mailed link: the new password works, the old one and the old sessions do not, the link works once', async () => {
    const oldSession = await signIn('reset@test.local');
    expect((await api('POST', '/reset/password/request', { body: { email: 'Reset@Test.local' } })).status).toBe(200);
    const token = await resetTokenFor('reset@test.local');

    const reset = await api('POST', '/reset/password', { body: { token, password: 'Brand-New-Pass-9', passwordRepeat: 'Brand-New-Pass-9' } });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ email: 'reset@test.local' });

    const revoked = await api('GET', '/users/profile', { token: oldSession });
    expect(revoked.status).toBe(401);
    expect(errorBodySchema.parse(revoked.body).code).toBe('TOKEN_REVOKED');
    await expect(signIn('reset@test.local', demoPassword)).rejects.toThrow();
    await expect(signIn('reset@test.local', 'Brand-New-Pass-9')).resolves.toEqual(expect.any(String));

    const reused = await api('POST', '/reset/password', { body: { token, password: 'Another-Pass-99', passwordRepeat: 'Another-Pass-99' } });
    expect(reused.status).toBe(410);
    expect(errorBodySchema.parse(reused.body).code).toBe('RESET_LINK_EXPIRED');
  });

  it('answers a crafted reset link alike for an unknown and a known address (no account enumeration)', async () => {
    const linkFor = (email: string) => `${Buffer.from(email).toString('base64url')}.123456`;
    const answers = await Promise.all(
      ['nobody-at-all@example.lv', 'accountant@demo.local'].map(async (email) => {
        const answer = await api('POST', '/reset/password', { body: { token: linkFor(email), password: 'Long-Enough-1', passwordRepeat: 'Long-Enough-1' } });
        return { status: answer.status, code: errorBodySchema.parse(answer.body).code };
      }),
    );
    expect(answers).toEqual([
      { status: 410, code: 'RESET_LINK_EXPIRED' },
      { status: 410, code: 'RESET_LINK_EXPIRED' },
    ]);
  });

  it('answers an unknown e-mail like a known one', async () => {
    const answer = await api('POST', '/reset/password/request', { body: { email: 'nobody-at-all@example.lv' } });
    expect(answer.status).toBe(200);
  });

  it('answers a user whose e-mail is not confirmed yet like anyone, and sends the confirmation link again', async () => {
    await api('POST', '/signup', {
      body: {
        registrationNumber: '40103555555',
        email: 'vidzeme@example.lv',
        phone: '37123555555',
        password: 'Vidzeme-Pass-1',
        passwordRepeat: 'Vidzeme-Pass-1',
        name: 'Viktors',
        surname: 'Vidzeme',
        termsAccepted: true,
      },
    });
    const confirmations = async () => (await outbox()).filter((entry) => entry.channel === 'email' && entry.to === 'vidzeme@example.lv' && entry.body.includes('/users/email/confirm/')).length;
    const before = await confirmations();
    const answer = await api('POST', '/reset/password/request', { body: { email: 'vidzeme@example.lv' } });
    expect(answer).toMatchObject({ status: 200, body: (await api('POST', '/reset/password/request', { body: { email: 'nobody-at-all@example.lv' } })).body });
    await expect.poll(confirmations).toBe(before + 1);
  });

  it('refuses a malformed link and a new password that breaks the rules, changing nothing', async () => {
    const bad = await api('POST', '/reset/password', { body: { token: 'garbage', password: 'Long-Enough-1', passwordRepeat: 'Long-Enough-1' } });
    expect(bad.status).toBe(400);
    expect(errorBodySchema.parse(bad.body).code).toBe('RESET_LINK_INVALID');
    const rules = await api('POST', '/reset/password', { body: { token: 'garbage', password: 'short', passwordRepeat: 'other' } });
    expect(rules.status).toBe(400);
    expect(rules.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { password: 'PASSWORD_TOO_SHORT' } });
  });
});
