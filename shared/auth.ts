import * as z from 'zod/mini';

/** SPEC section 5: e-mail required and valid; the password only required here (its rules apply at sign-up). */
export const loginSchema = /* @__PURE__ */ z.object({
  email: z.pipe(z.string().check(z.trim(), z.minLength(1, { error: 'REQUIRED' })), z.email({ error: 'INVALID_EMAIL' })),
  password: z.string().check(z.minLength(1, { error: 'REQUIRED' })),
});
export type LoginValues = z.input<typeof loginSchema>;

/** SPEC section 5: the two-factor code is required and must be valid: Cognito sends six digits. */
export const smsCodeSchema = /* @__PURE__ */ z.object({
  code: z.string().check(z.trim(), z.minLength(1, { error: 'REQUIRED' }), z.regex(/^\d{6}$/, { error: 'INVALID_CODE' })),
});
export type SmsCodeValues = z.input<typeof smsCodeSchema>;

export { normaliseCode } from './sms-code';
