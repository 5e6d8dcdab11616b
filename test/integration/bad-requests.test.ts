import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '@shared/api/schemas';
import { api, cloud, forgeToken, signIn } from './support';

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('requests the API refuses', () => {
  it('answers an unknown route with a JSON 404', async () => {
    const answer = await api('GET', '/no/such/route');
    expect(answer.status).toBe(404);
    expect(errorBodySchema.parse(answer.body).code).toBe('ROUTE_NOT_FOUND');
  });

  it('answers a known path with the wrong method with 405', async () => {
    const answer = await api('DELETE', '/users/profile');
    expect(answer.status).toBe(405);
    expect(errorBodySchema.parse(answer.body).code).toBe('METHOD_NOT_ALLOWED');
  });

  it('answers malformed JSON with 400', async () => {
    const token = await signIn('accountant@demo.local');
    const answer = await api('PATCH', '/users/language', { token, rawBody: '{"language": ' });
    expect(answer.status).toBe(400);
    expect(errorBodySchema.parse(answer.body).code).toBe('MALFORMED_JSON');
  });

  it('answers a body of the wrong shape with field messages: missing is REQUIRED, wrong type INVALID_VALUE', async () => {
    const token = await signIn('accountant@demo.local');
    const wrongType = await api('POST', '/switch/client', { token, body: { companyId: 42 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { companyId: 'INVALID_VALUE' } });
    const missing = await api('POST', '/switch/client', { token, body: {} });
    expect(missing.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { companyId: 'REQUIRED' } });
  });

  it('answers a body over the Lambda payload limit with 413', async () => {
    const token = await signIn('accountant@demo.local');
    const answer = await api('PATCH', '/users/language', { token, rawBody: JSON.stringify({ language: 'x'.repeat(7 * 1024 * 1024) }) });
    expect(answer.status).toBe(413);
    expect(errorBodySchema.parse(answer.body).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it.each(['*', '//[', '//evil.example/users/profile'])('answers the request target %s with a JSON 404, never a 500', async (target) => {
    const { apiUrl } = cloud();
    const { hostname, port } = new URL(apiUrl);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect({ host: hostname, port: Number(port) }, () => socket.end(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 404/);
    expect(reply).toContain('"code":"ROUTE_NOT_FOUND"');
  });

  it.each([
    ['no token', undefined],
    ['a garbage token', 'not-a-jwt'],
  ])('answers %s with 401', async (_name, token) => {
    const answer = await api('GET', '/users/profile', { token });
    expect(answer.status).toBe(401);
    expect(errorBodySchema.parse(answer.body).code).toBe('UNAUTHORIZED');
  });

  it('answers an expired token with 401', async () => {
    const { userIds, userPoolClientId } = cloud();
    const token = await forgeToken(
      { sub: userIds['owner@demo.local'], token_use: 'access', client_id: userPoolClientId },
      { expiresAt: nowSeconds() - 60 },
    );
    expect((await api('GET', '/users/profile', { token })).status).toBe(401);
  });

  it('answers a token of another issuer or app client with 401, and the same claims valid with 200', async () => {
    const { userIds, userPoolClientId } = cloud();
    const claims = { sub: userIds['owner@demo.local'], token_use: 'access', client_id: userPoolClientId };
    const foreignIssuer = await forgeToken(claims, { expiresAt: nowSeconds() + 600, issuer: 'http://127.0.0.1:1/other' });
    const foreignClient = await forgeToken({ ...claims, client_id: 'other-client' }, { expiresAt: nowSeconds() + 600 });
    const idToken = await forgeToken({ ...claims, token_use: 'id' }, { expiresAt: nowSeconds() + 600 });
    const valid = await forgeToken(claims, { expiresAt: nowSeconds() + 600 });
    expect((await api('GET', '/users/profile', { token: foreignIssuer })).status).toBe(401);
    expect((await api('GET', '/users/profile', { token: foreignClient })).status).toBe(401);
    expect((await api('GET', '/users/profile', { token: idToken })).status).toBe(401);
    expect((await api('GET', '/users/profile', { token: valid })).status).toBe(200);
  });

  it('answers a token that names no session (origin_jti) or no sign-in time (auth_time) with 401', async () => {
    const { userIds, userPoolClientId } = cloud();
    const claims = { sub: userIds['owner@demo.local'], token_use: 'access', client_id: userPoolClientId };
    for (const missing of ['origin_jti', 'auth_time']) {
      const token = await forgeToken({ ...claims, [missing]: undefined }, { expiresAt: nowSeconds() + 600 });
      expect((await api('GET', '/users/profile', { token })).status, missing).toBe(401);
    }
  });

  it('answers a valid token of a user without a profile with 403', async () => {
    const { userPoolClientId } = cloud();
    const token = await forgeToken({ sub: 'nobody', token_use: 'access', client_id: userPoolClientId }, { expiresAt: nowSeconds() + 600 });
    const answer = await api('GET', '/users/profile', { token });
    expect(answer.status).toBe(403);
    expect(errorBodySchema.parse(answer.body).code).toBe('PROFILE_NOT_FOUND');
  });
});
