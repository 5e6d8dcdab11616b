import { describe, expect, it } from 'vitest';
import { groupsOf, isAccessToken } from './caller';

describe('groupsOf', () => {
  it('reads the array the local adapter passes and the "[a b]" string API Gateway passes', () => {
    expect(groupsOf(['provider-admins'])).toEqual(['provider-admins']);
    expect(groupsOf('[provider-admins other]')).toEqual(['provider-admins', 'other']);
    expect(groupsOf(undefined)).toEqual([]);
  });
});

describe('isAccessToken', () => {
  it('takes a Cognito access token and refuses an ID token, which the cloud authorizer lets through too', () => {
    expect(isAccessToken({ token_use: 'access', sub: 'u1' })).toBe(true);
    expect(isAccessToken({ token_use: 'id', sub: 'u1', aud: 'client' })).toBe(false);
    expect(isAccessToken({ sub: 'u1' })).toBe(false);
    expect(isAccessToken(undefined)).toBe(false);
  });
});
