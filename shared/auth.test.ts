import { describe, expect, it } from 'vitest';
import { zodValidate } from '@frontend/lib/form-validation';
import { loginSchema, normaliseCode, smsCodeSchema } from './auth';

const validateLogin = zodValidate(loginSchema);
const validateCode = zodValidate(smsCodeSchema);

describe('login form validation', () => {
  it('requires e-mail and password', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({ email: 'REQUIRED', password: 'REQUIRED' });
  });

  it('requires a valid e-mail', () => {
    expect(validateLogin({ email: 'not-an-email', password: 'x' })).toEqual({ email: 'INVALID_EMAIL' });
  });

  it('accepts an e-mail with surrounding spaces', () => {
    expect(validateLogin({ email: ' owner@example.com ', password: 'secret' })).toEqual({});
  });
});

describe('SMS code validation', () => {
  it('requires the code', () => {
    expect(validateCode({ code: '' })).toEqual({ code: 'REQUIRED' });
  });

  it('wants six digits', () => {
    expect(validateCode({ code: '12345' })).toEqual({ code: 'INVALID_CODE' });
    expect(validateCode({ code: '123456' })).toEqual({});
  });

  it('keeps the digits of a pasted code', () => {
    expect(normaliseCode('Your code: 123 456')).toBe('123456');
    expect(normaliseCode('12-34-56-78')).toBe('123456');
  });
});
