import { describe, expect, it } from 'vitest';
import { changePasswordFailure, validateChangePassword } from './change-password';

/** An error as Amplify throws it: the service's exception name and message. */
function cognitoError(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe('validateChangePassword', () => {
  it('asks for all three passwords', () => {
    expect(validateChangePassword({ currentPassword: '', password: '', passwordRepeat: '' })).toEqual({
      currentPassword: 'REQUIRED',
      password: 'REQUIRED',
      passwordRepeat: 'REQUIRED',
    });
  });

  it('applies the password rules to the new one', () => {
    expect(validateChangePassword({ currentPassword: 'old secret', password: 'short', passwordRepeat: 'short' })).toEqual({
      password: 'PASSWORD_TOO_SHORT',
    });
    expect(validateChangePassword({ currentPassword: 'old secret', password: 'new secret', passwordRepeat: 'new secrets' })).toEqual({
      passwordRepeat: 'PASSWORDS_DO_NOT_MATCH',
    });
    expect(validateChangePassword({ currentPassword: 'same secret', password: 'same secret', passwordRepeat: 'same secret' })).toEqual({
      password: 'PASSWORD_SAME_AS_CURRENT',
    });
    expect(validateChangePassword({ currentPassword: 'old secret', password: 'new secret', passwordRepeat: 'new secret' })).toEqual({});
  });
});

describe('changePasswordFailure', () => {
  it.each([
    // Real Cognito.
    ['NotAuthorizedException', 'Incorrect username or password.'],
    // cognito-local 5.3.0 (lib/targets/changePassword.js throws InvalidPasswordError).
    ['InvalidPasswordException', 'Invalid password'],
    ['InvalidParameterException', "1 validation error detected: Value at 'previousPassword' failed to satisfy constraint"],
  ])('%s "%s" -> wrong current password', (name, message) => {
    expect(changePasswordFailure(cognitoError(name, message))).toEqual({
      fields: { currentPassword: 'WRONG_CURRENT_PASSWORD' },
      code: null,
    });
  });

  it.each([
    ['InvalidPasswordException', 'Password did not conform with policy: Password not long enough', 'PASSWORD_TOO_SHORT'],
    ['InvalidPasswordException', 'Password does not conform to policy: Password not long enough', 'PASSWORD_TOO_SHORT'],
    ['PasswordHistoryPolicyViolationException', 'The password history policy was violated.', 'PASSWORD_PREVIOUSLY_USED'],
    ['InvalidParameterException', "1 validation error detected: Value at 'proposedPassword' failed to satisfy constraint", 'INVALID_VALUE'],
  ])('%s "%s" -> %s on the new password', (name, message, code) => {
    expect(changePasswordFailure(cognitoError(name, message))).toEqual({ fields: { password: code }, code: null });
  });

  it.each([
    ['LimitExceededException', 'Attempt limit exceeded, please try after some time.', 'TOO_MANY_REQUESTS'],
    ['TooManyRequestsException', 'Rate exceeded', 'TOO_MANY_REQUESTS'],
    ['TooManyFailedAttemptsException', 'Too many failed attempts', 'TOO_MANY_REQUESTS'],
    ['NotAuthorizedException', 'Password attempts exceeded', 'TOO_MANY_REQUESTS'],
    ['NotAuthorizedException', 'Access Token has been revoked', 'TOKEN_REVOKED'],
    ['NotAuthorizedException', 'Access Token has expired', 'TOKEN_REVOKED'],
    ['UserUnAuthenticatedException', 'User needs to be authenticated to call this API.', 'TOKEN_REVOKED'],
    ['NetworkError', 'A network error has occurred.', 'NETWORK'],
    ['InvalidParameterException', 'Missing required parameter AccessToken', 'INTERNAL'],
    ['InternalErrorException', 'Internal error', 'INTERNAL'],
    ['Error', 'boom', 'INTERNAL'],
  ])('%s "%s" -> %s for the whole form', (name, message, code) => {
    expect(changePasswordFailure(cognitoError(name, message))).toEqual({ fields: {}, code });
  });

  it('reads something that is not an Error as the generic failure', () => {
    expect(changePasswordFailure('boom')).toEqual({ fields: {}, code: 'INTERNAL' });
    expect(changePasswordFailure(undefined)).toEqual({ fields: {}, code: 'INTERNAL' });
  });
});
