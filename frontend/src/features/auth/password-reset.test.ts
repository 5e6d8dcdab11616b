import { describe, expect, it } from 'vitest';
import { confirmationToken } from '@shared/account';
import { ApiError } from '@frontend/lib/api-error';
import { prefilledEmail, readableResetLink, resetLinkFailure, validateNewPassword, validateResetRequest } from './password-reset';

const token = confirmationToken('anna@example.lv', '123456');

describe('validateResetRequest', () => {
  it('asks for an e-mail and refuses a malformed one', () => {
    expect(validateResetRequest({ email: '' })).toEqual({ email: 'REQUIRED' });
    expect(validateResetRequest({ email: 'anna@' })).toEqual({ email: 'INVALID_EMAIL' });
    expect(validateResetRequest({ email: ' anna@example.lv ' })).toEqual({});
  });
});

describe('validateNewPassword', () => {
  it('applies the sign-up password rules, the link token included', () => {
    expect(validateNewPassword({ token, password: 'correct horse', passwordRepeat: 'correct horse' })).toEqual({});
    expect(validateNewPassword({ token, password: '', passwordRepeat: '' })).toEqual({ password: 'REQUIRED', passwordRepeat: 'REQUIRED' });
    expect(validateNewPassword({ token, password: 'short', passwordRepeat: 'short' })).toEqual({ password: 'PASSWORD_TOO_SHORT' });
  });

  it('says the passwords differ as soon as both are typed', () => {
    expect(validateNewPassword({ token, password: 'short', passwordRepeat: 'shorts' })).toEqual({
      password: 'PASSWORD_TOO_SHORT',
      passwordRepeat: 'PASSWORDS_DO_NOT_MATCH',
    });
  });

  it('refuses a token the API would refuse', () => {
    expect(validateNewPassword({ token: '', password: 'correct horse', passwordRepeat: 'correct horse' })).toHaveProperty('token');
  });
});

describe('readableResetLink', () => {
  it('reads a link the API sent', () => {
    expect(readableResetLink(token)).toBe(true);
  });

  it.each([['some-token'], [''], ['x.123456'], [`${token}.1`], [`${confirmationToken(`${'a'.repeat(600)}@example.lv`, '123456')}`]])(
    'refuses %s',
    (unreadable) => {
      expect(readableResetLink(unreadable)).toBe(false);
    },
  );
});

describe('resetLinkFailure', () => {
  it('reads an expired or invalid link', () => {
    expect(resetLinkFailure(new ApiError(410, 'RESET_LINK_EXPIRED', 'x'))).toBe('RESET_LINK_EXPIRED');
    expect(resetLinkFailure(new ApiError(400, 'RESET_LINK_INVALID', 'x'))).toBe('RESET_LINK_INVALID');
  });

  it('reads a token the API refuses as malformed as a link that is not valid', () => {
    expect(resetLinkFailure(new ApiError(400, 'VALIDATION_FAILED', 'x', { token: 'INVALID_VALUE', password: 'REQUIRED' }))).toBe(
      'RESET_LINK_INVALID',
    );
  });

  it('leaves refused passwords and other failures to the form', () => {
    expect(resetLinkFailure(new ApiError(400, 'VALIDATION_FAILED', 'x', { password: 'PASSWORD_PREVIOUSLY_USED' }))).toBeNull();
    expect(resetLinkFailure(new ApiError(429, 'TOO_MANY_REQUESTS', 'x'))).toBeNull();
    expect(resetLinkFailure(new ApiError(0, 'NETWORK', 'x'))).toBeNull();
    expect(resetLinkFailure(new Error('boom'))).toBeNull();
  });
});

describe('prefilledEmail', () => {
  it('takes the e-mail passed in the router state, and nothing else', () => {
    expect(prefilledEmail({ email: 'anna@example.lv' })).toBe('anna@example.lv');
    expect(prefilledEmail(null)).toBe('');
    expect(prefilledEmail(undefined)).toBe('');
    expect(prefilledEmail({ email: 42 })).toBe('');
    expect(prefilledEmail('anna@example.lv')).toBe('');
  });
});
