import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const valid = {
  apiUrl: 'http://localhost:5001',
  region: 'eu-west-1',
  userPoolId: 'local_pool',
  userPoolClientId: 'client',
  cognitoEndpoint: 'http://127.0.0.1:9229',
};

const serving = (status: number, body: unknown): typeof fetch => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('loadConfig', () => {
  it('parses /config.json', async () => {
    await expect(loadConfig(serving(200, valid))).resolves.toEqual(valid);
    await expect(loadConfig(serving(200, { ...valid, cognitoEndpoint: null }))).resolves.toMatchObject({ cognitoEndpoint: null });
  });

  it('refuses a config without a user pool', async () => {
    await expect(loadConfig(serving(200, { ...valid, userPoolId: '' }))).rejects.toThrow();
    await expect(loadConfig(serving(200, { apiUrl: 'x' }))).rejects.toThrow();
  });

  it('refuses a failed request', async () => {
    await expect(loadConfig(serving(404, {}))).rejects.toThrow('404');
  });
});
