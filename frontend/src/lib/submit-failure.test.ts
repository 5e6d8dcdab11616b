import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { firstInvalid, readSubmitFailure } from './submit-failure';

const fields = ['registrationNumber', 'email'] as const;

describe('readSubmitFailure', () => {
  it('shows a refused field on the field alone', () => {
    const error = new ApiError(404, 'COMPANY_NOT_IN_REGISTER', 'x', { registrationNumber: 'COMPANY_NOT_IN_REGISTER' });
    expect(readSubmitFailure(error, fields)).toEqual({ fields: { registrationNumber: 'COMPANY_NOT_IN_REGISTER' }, code: null });
  });

  it('shows validation failures on their fields', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'x', { email: 'INVALID_EMAIL', registrationNumber: 'REQUIRED' });
    expect(readSubmitFailure(error, fields)).toEqual({
      fields: { email: 'INVALID_EMAIL', registrationNumber: 'REQUIRED' },
      code: null,
    });
  });

  it('says a code without fields for the whole form', () => {
    expect(readSubmitFailure(new ApiError(409, 'COMPANY_ALREADY_REGISTERED', 'x'), fields)).toEqual({
      fields: {},
      code: 'COMPANY_ALREADY_REGISTERED',
    });
  });

  it('covers a field the form does not have with a form-level message that is not "fix errors above"', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'x', { language: 'INVALID_VALUE', email: 'INVALID_EMAIL' });
    expect(readSubmitFailure(error, fields)).toEqual({ fields: { email: 'INVALID_EMAIL' }, code: 'BAD_REQUEST' });
    expect(readSubmitFailure(new ApiError(400, 'VALIDATION_FAILED', 'x', { language: 'INVALID_VALUE' }), fields)).toEqual({
      fields: {},
      code: 'BAD_REQUEST',
    });
  });

  it('keeps client codes and reads anything else as an unexpected failure', () => {
    expect(readSubmitFailure(new ApiError(0, 'NETWORK', 'x'), fields)).toEqual({ fields: {}, code: 'NETWORK' });
    expect(readSubmitFailure(new Error('boom'), fields)).toEqual({ fields: {}, code: 'INTERNAL' });
  });
});

describe('firstInvalid', () => {
  const passwordFields = ['password', 'passwordRepeat'] as const;

  it('follows the order of the form, not of the messages', () => {
    expect(firstInvalid(passwordFields, { passwordRepeat: 'PASSWORDS_DO_NOT_MATCH', password: 'PASSWORD_TOO_SHORT' })).toBe('password');
    expect(firstInvalid(passwordFields, { passwordRepeat: 'REQUIRED' })).toBe('passwordRepeat');
  });

  it('skips empty messages and fields the form does not have', () => {
    expect(firstInvalid(passwordFields, { password: '', token: 'INVALID_VALUE' } as Record<string, string>)).toBeUndefined();
    expect(firstInvalid(passwordFields, {})).toBeUndefined();
  });
});
