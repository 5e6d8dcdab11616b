import { InitiateAuthCommand, RevokeTokenCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '@shared/api/schemas';
import { keys } from '@functions/platform/keys';
import { demoPassword } from '../../infra/local/demo-data';
import { createOwnCompany } from './company-fixtures';
import { api, cloud, documents, emailedLinkToken, emulators, fixtureCloud, pastSessionCut, signInSession, type SessionTokens } from './support';

/** What a browser's Amplify does when its access token runs out: a new one from the refresh token. */
async function refreshed(session: SessionTokens): Promise<string> {
  const answer = await emulators().cognito.send(
    new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: cloud().userPoolClientId, AuthParameters: { REFRESH_TOKEN: session.refreshToken } }),
  );
  const token = answer.AuthenticationResult?.AccessToken;
  if (!token) throw new Error('no access token');
  return token;
}

/** What Amplify's signOut() does after POST /logout: Cognito revokes this browser's refresh token. */
async function revokeAtCognito(session: SessionTokens): Promise<void> {
  await emulators().cognito.send(new RevokeTokenCommand({ ClientId: cloud().userPoolClientId, Token: session.refreshToken }));
}

async function profileStatus(token: string): Promise<{ status: number; code?: string }> {
  const answer = await api('GET', '/users/profile', { token });
  return answer.status === 200 ? { status: 200 } : { status: answer.status, code: errorBodySchema.parse(answer.body).code };
}

const revoked = { status: 401, code: 'TOKEN_REVOKED' };

async function freshUser() {
  const owner = await createOwnCompany(fixtureCloud());
  const signIn = () => signInSession(owner.email, demoPassword, owner.phone);
  return { ...owner, signIn };
}

describe('signing out ends this session only', () => {
  it('refuses the signed-out session, refreshed or not, and keeps the other browser signed in; a new sign-in works at once', async () => {
    const user = await freshUser();
    const laptop = await user.signIn();
    const phone = await user.signIn();
    // Every token names its session (origin_jti) and the sign-in's time (auth_time), as Cognito's do.
    expect(decodeJwt(laptop.accessToken)).toMatchObject({ token_use: 'access', origin_jti: expect.any(String), auth_time: expect.any(Number) });
    expect(decodeJwt(laptop.accessToken).origin_jti).not.toBe(decodeJwt(phone.accessToken).origin_jti);

    // Before the browser reaches Cognito: a token refreshed from the signed-out session is refused all the same.
    expect((await api('POST', '/logout', { token: laptop.accessToken })).status).toBe(200);
    expect(await profileStatus(laptop.accessToken)).toEqual(revoked);
    const mintedAfter = await refreshed(laptop);
    expect(decodeJwt(mintedAfter).origin_jti).toBe(decodeJwt(laptop.accessToken).origin_jti);
    expect(await profileStatus(mintedAfter)).toEqual(revoked);
    await revokeAtCognito(laptop);
    await expect(refreshed(laptop)).rejects.toThrow();

    expect(await profileStatus(phone.accessToken)).toEqual({ status: 200 });
    expect(await profileStatus(await refreshed(phone))).toEqual({ status: 200 });

    // Signing in again right away (the old rule refused a sign-in within the second of a logout).
    const again = await user.signIn();
    expect(await profileStatus(again.accessToken)).toEqual({ status: 200 });
  });

  it('keeps the record of a signed-out session as long as its refresh token could mint tokens, no longer', async () => {
    const user = await freshUser();
    const session = await user.signIn();
    expect((await api('POST', '/logout', { token: session.accessToken })).status).toBe(200);
    const { origin_jti: originJti, auth_time: authTime } = decodeJwt(session.accessToken);
    const record = await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.endedSession(user.userId, String(originJti)) }));
    expect(record.Item).toMatchObject({ entity: 'endedSession', expiresAt: Number(authTime) + 30 * 24 * 60 * 60 + 60 });
  });
});

describe('ending every session', () => {
  it('"Sign out on all devices" refuses every session, this one too, and Cognito no longer refreshes any of them', async () => {
    const user = await freshUser();
    const laptop = await user.signIn();
    const phone = await user.signIn();
    expect((await api('POST', '/logout/all-devices', { token: phone.accessToken })).status).toBe(200);
    // After the answer: the function takes its cut from its own clock while handling the request, which on a busy
    // machine can be a second after the request left.
    const endedAt = Date.now();
    expect(await profileStatus(laptop.accessToken)).toEqual(revoked);
    expect(await profileStatus(phone.accessToken)).toEqual(revoked);
    await expect(refreshed(laptop)).rejects.toThrow();
    await expect(refreshed(phone)).rejects.toThrow();

    await pastSessionCut(endedAt);
    const again = await user.signIn();
    expect(await profileStatus(again.accessToken)).toEqual({ status: 200 });
  });

  it('judges a token by its sign-in (auth_time), not its minting: a token refreshed after the cut is still refused', async () => {
    const user = await freshUser();
    const session = await user.signIn();
    // The cut alone, as if Cognito's global sign-out had not reached the refresh token.
    const cut = Math.floor(Date.now() / 1000) + 1;
    await documents().send(
      new UpdateCommand({ TableName: cloud().tableName, Key: keys.userProfile(user.userId), UpdateExpression: 'SET tokensValidAfter = :cut', ExpressionAttributeValues: { ':cut': cut } }),
    );
    await pastSessionCut(cut * 1000 - 1);
    const minted = await refreshed(session);
    expect(Number(decodeJwt(minted).iat)).toBeGreaterThanOrEqual(cut);
    expect(await profileStatus(minted)).toEqual(revoked);
  });

  it('a password reset revokes every refresh token: a stolen one mints nothing', async () => {
    const user = await freshUser();
    const stolen = await user.signIn();
    expect((await api('POST', '/reset/password/request', { body: { email: user.email } })).status).toBe(200);
    const token = await emailedLinkToken(user.email, '/reset/password');
    expect((await api('POST', '/reset/password', { body: { token, password: 'Brand-New-Pass-7', passwordRepeat: 'Brand-New-Pass-7' } })).status).toBe(200);
    expect(await profileStatus(stolen.accessToken)).toEqual(revoked);
    await expect(refreshed(stolen)).rejects.toThrow();
  });

  it('the API takes access tokens only: an ID token of a live session is refused', async () => {
    const user = await freshUser();
    const session = await user.signIn();
    expect((await api('GET', '/users/profile', { token: session.idToken })).status).toBe(401);
    expect(await profileStatus(session.accessToken)).toEqual({ status: 200 });
  });

});
