import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { failureCode, readSubmitFailure } from './submit-failure';

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

describe('failureCode', () => {
  it('prefers the named field, then the code', () => {
    expect(failureCode(new ApiError(400, 'VALIDATION_FAILED', 'x', { email: 'INVALID_EMAIL' }), 'email')).toBe('INVALID_EMAIL');
    expect(failureCode(new ApiError(400, 'VALIDATION_FAILED', 'x'), 'email')).toBe('BAD_REQUEST');
    expect(failureCode(new ApiError(503, 'SERVICE_UNAVAILABLE', 'x'), 'email')).toBe('SERVICE_UNAVAILABLE');
    expect(failureCode(new TypeError('x'))).toBe('INTERNAL');
  });
});
