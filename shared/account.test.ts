import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { changePasswordSchema, confirmationToken, readConfirmationToken, signupSchema } from './account';
import { loginSchema, normaliseCode, smsCodeSchema } from './auth';

/** The first problem of each field, as the API and the forms report it. */
function codesOf(schema: z.ZodMiniType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values, { reportInput: true });
  const codes: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) codes[issue.path.join('.')] ??= issue.message;
  return codes;
}
const validateLogin = (values: unknown) => codesOf(loginSchema, values);
const validateCode = (values: unknown) => codesOf(smsCodeSchema, values);

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

describe('confirmation link token', () => {
  it('carries the e-mail and the code, and reads back', () => {
    const token = confirmationToken(' Janis.Berzins+cards@Example.lv', '123456');
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.123456$/);
    expect(readConfirmationToken(token)).toEqual({ email: 'janis.berzins+cards@example.lv', code: '123456' });
  });

  it('keeps a placeholder for Cognito to fill in', () => {
    expect(confirmationToken('a@b.lv', '{####}')).toMatch(/\.\{####\}$/);
  });

  it.each(['', 'abc', 'YUBiLmx2.12345', 'YUBiLmx2.1234567', 'bm90LWFuLWVtYWls.123456', '***.123456', 'YUBiLmx2.123456.7'])(
    'refuses %s',
    (token) => expect(readConfirmationToken(token)).toBeNull(),
  );
});

describe('signupSchema', () => {
  const valid = {
    registrationNumber: '40003555111',
    email: 'new@example.lv',
    phone: '37120001234',
    password: 'long-enough',
    passwordRepeat: 'long-enough',
    name: 'Anna',
    surname: 'Liepa',
    termsAccepted: true,
  };
  const signupCodes = (values: Record<string, unknown>) => codesOf(signupSchema, values);

  it('accepts a complete sign-up', () => expect(signupCodes(valid)).toEqual({}));

  it('says what SPEC section 5 says for each missing or wrong field', () => {
    expect(signupCodes({ ...valid, registrationNumber: '' })).toEqual({ registrationNumber: 'REGISTRATION_NUMBER_REQUIRED' });
    expect(signupCodes({ ...valid, registrationNumber: '123' })).toEqual({ registrationNumber: 'INVALID_REGISTRATION_NUMBER' });
    expect(signupCodes({ ...valid, termsAccepted: false })).toEqual({ termsAccepted: 'TERMS_REQUIRED' });
    expect(signupCodes({ ...valid, password: 'short', passwordRepeat: 'short' })).toEqual({ password: 'PASSWORD_TOO_SHORT' });
    expect(signupCodes({ ...valid, passwordRepeat: 'something-else' })).toEqual({ passwordRepeat: 'PASSWORDS_DO_NOT_MATCH' });
    // Reported together with the other problems, not only once everything else is right.
    expect(signupCodes({ ...valid, name: '', passwordRepeat: 'something-else' })).toEqual({
      name: 'REQUIRED',
      passwordRepeat: 'PASSWORDS_DO_NOT_MATCH',
    });
    expect(signupCodes({ ...valid, name: 'A' })).toEqual({ name: 'TEXT_TOO_SHORT' });
    expect(signupCodes({ ...valid, surname: 'x'.repeat(51) })).toEqual({ surname: 'NAME_TOO_LONG' });
    expect(signupCodes({ ...valid, email: 'nope' })).toEqual({ email: 'INVALID_EMAIL' });
    expect(signupCodes({ ...valid, email: undefined })).toEqual({ email: 'REQUIRED' });
    expect(signupCodes({ ...valid, phone: '+37120001234' })).toEqual({ phone: 'INVALID_PHONE' });
    expect(signupCodes({ ...valid, phone: '' })).toEqual({ phone: 'REQUIRED' });
  });
});

describe('changePasswordSchema', () => {
  const codes = (values: unknown) => codesOf(changePasswordSchema, values);
  it('wants the current password, a new one of 8 symbols that differs from it, and the same repeat', () => {
    expect(codes({ currentPassword: 'Old-Pass-1', password: 'New-Pass-1', passwordRepeat: 'New-Pass-1' })).toEqual({});
    expect(codes({ currentPassword: '', password: 'short', passwordRepeat: 'other' })).toEqual({
      currentPassword: 'REQUIRED',
      password: 'PASSWORD_TOO_SHORT',
      passwordRepeat: 'PASSWORDS_DO_NOT_MATCH',
    });
    expect(codes({ currentPassword: 'Same-Pass-1', password: 'Same-Pass-1', passwordRepeat: 'Same-Pass-1' })).toEqual({
      password: 'PASSWORD_SAME_AS_CURRENT',
    });
  });
});
