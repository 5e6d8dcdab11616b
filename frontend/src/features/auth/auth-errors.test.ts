import { describe, expect, it } from 'vitest';
import { codeErrorKey, signInErrorKey } from './auth-errors';

describe('signInErrorKey', () => {
  it.each([
    ['NotAuthorizedException', 'Incorrect username or password.', 'login.wrongCredentials'],
    ['UserNotFoundException', 'User does not exist.', 'login.wrongCredentials'],
    ['InvalidPasswordException', 'Invalid password', 'login.wrongCredentials'],
    ['NotAuthorizedException', 'Password attempts exceeded', 'login.maxAttempts'],
    ['NotAuthorizedException', 'User is disabled.', 'login.userBlocked'],
    ['UserNotConfirmedException', 'User is not confirmed.', 'login.emailNotConfirmed'],
    ['TooManyRequestsException', 'Rate exceeded', 'login.maxAttempts'],
    ['InvalidParameterException', 'Missing required parameter USERNAME', 'login.wrongData'],
    ['UserLambdaValidationException', 'PreAuthentication failed with error User is blocked.', 'login.userBlocked'],
    ['NetworkError', 'Failed to fetch', 'generic.somethingWrong'],
  ] as const)('%s "%s" -> %s', (name, message, key) => {
    expect(signInErrorKey({ name, message })).toBe(key);
  });
});

describe('codeErrorKey', () => {
  it.each([
    ['CodeMismatchException', 'Invalid code provided, please request a code again.', 'verify.invalidCode'],
    ['ExpiredCodeException', 'Invalid code provided', 'verify.invalidCode'],
    ['NotAuthorizedException', 'Invalid session for the user, session is expired.', 'verify.sessionExpired'],
    ['SignInException', 'An error occurred during the sign in process.', 'verify.sessionExpired'],
    ['Unknown', 'boom', 'generic.somethingWrong'],
  ] as const)('%s "%s" -> %s', (name, message, key) => {
    expect(codeErrorKey({ name, message })).toBe(key);
  });
});
