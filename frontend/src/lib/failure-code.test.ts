import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { failureCode } from './failure-code';

describe('failureCode', () => {
  it('prefers the named field, then the code', () => {
    expect(failureCode(new ApiError(400, 'VALIDATION_FAILED', 'x', { email: 'INVALID_EMAIL' }), 'email')).toBe('INVALID_EMAIL');
    expect(failureCode(new ApiError(400, 'VALIDATION_FAILED', 'x'), 'email')).toBe('BAD_REQUEST');
    expect(failureCode(new ApiError(503, 'SERVICE_UNAVAILABLE', 'x'), 'email')).toBe('SERVICE_UNAVAILABLE');
    expect(failureCode(new TypeError('x'))).toBe('INTERNAL');
  });
});
