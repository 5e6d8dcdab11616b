import { describe, expect, it } from 'vitest';
import { ApiError } from '@frontend/lib/api-error';
import { codeErrorKey, profileErrorKey, signInErrorKey } from './auth-errors';

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

describe('profileErrorKey', () => {
  it.each([
    [new ApiError(403, 'FORBIDDEN', 'You do not have access to this'), 'login.userBlocked'],
    [new ApiError(403, 'PROFILE_NOT_FOUND', 'Your profile was not found'), 'login.profileNotFound'],
    [new ApiError(401, 'UNAUTHORIZED', 'Sign in to continue'), 'generic.somethingWrong'],
    [new ApiError(500, 'INTERNAL', 'Unexpected error occurred.'), 'generic.somethingWrong'],
    [new Error('boom'), 'generic.somethingWrong'],
  ] as const)('%o -> %s', (error, key) => {
    expect(profileErrorKey(error)).toBe(key);
  });
});
