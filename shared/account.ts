import * as z from 'zod/mini';
import { languageSchema } from './languages';
import { missingOrInvalid, nameMaxLength, phonePattern, textMinLength } from './validation';

/** SPEC section 5 and 9. */
export const passwordMinLength = 8;

const email = /* @__PURE__ */ z.pipe(z.string({ error: missingOrInvalid }).check(
  z.trim(),
  z.minLength(1, { error: 'REQUIRED' }),
), z.email({ error: 'INVALID_EMAIL' }));
const personName = /* @__PURE__ */ z.string({ error: missingOrInvalid }).check(
  z.trim(),
  z.minLength(1, { error: 'REQUIRED' }),
  z.minLength(textMinLength, { error: 'TEXT_TOO_SHORT' }),
  z.maxLength(nameMaxLength, { error: 'NAME_TOO_LONG' }),
);

/**
 * 'Passwords must match' on the repeat field. zod runs a refinement only once every field is valid unless told
 * when; this one runs whenever both passwords are text, so the message shows together with the others.
 */
const passwordsMatch: [
  (values: { password: string; passwordRepeat: string }) => boolean,
  { path: string[]; error: 'PASSWORDS_DO_NOT_MATCH'; when: (payload: z.core.ParsePayload) => boolean },
] = [
  (values) => values.password === values.passwordRepeat,
  {
    path: ['passwordRepeat'],
    error: 'PASSWORDS_DO_NOT_MATCH',
    when: (payload) => {
      const value = payload.value as { password?: unknown; passwordRepeat?: unknown } | null;
      return typeof value?.password === 'string' && typeof value.passwordRepeat === 'string' && value.passwordRepeat !== '';
    },
  },
];

/** Latvian register numbers have 11 digits. */
export const registrationNumberSchema = /* @__PURE__ */ z.string({ error: () => 'REGISTRATION_NUMBER_REQUIRED' }).check(
  z.trim(),
  z.minLength(1, { error: 'REGISTRATION_NUMBER_REQUIRED' }),
  z.regex(/^\d{11}$/, { error: 'INVALID_REGISTRATION_NUMBER' }),
);

/** SPEC section 5: a phone is the country code and the number, digits only, no plus sign (E.164 without the +). */
export const phoneSchema = /* @__PURE__ */ z.string({ error: missingOrInvalid }).check(
  z.trim(),
  z.minLength(1, { error: 'REQUIRED' }),
  z.regex(phonePattern, { error: 'INVALID_PHONE' }),
);

/** /phone/setup: the phone that will receive the SMS second factor. */
export const phoneSetupSchema = /* @__PURE__ */ z.object({ phone: phoneSchema });
export type PhoneSetupValues = z.input<typeof phoneSetupSchema>;
export const phoneSetupAnswerSchema = /* @__PURE__ */ z.object({ phone: z.string() });

/** Cognito and SMS want E.164 with the plus. */
export const e164 = (phone: string) => `+${phone}`;

/** SPEC section 5: sign-up. The same schema validates the form and the API. */
export const signupSchema = /* @__PURE__ */ z.object({
    registrationNumber: registrationNumberSchema,
    email,
    phone: phoneSchema,
    password: z.string({ error: missingOrInvalid }).check(
      z.minLength(1, { error: 'REQUIRED' }),
      z.minLength(passwordMinLength, { error: 'PASSWORD_TOO_SHORT' }),
    ),
    passwordRepeat: z.string({ error: missingOrInvalid }).check(z.minLength(1, { error: 'REQUIRED' })),
    name: personName,
    surname: personName,
    termsAccepted: z.literal(true, { error: 'TERMS_REQUIRED' }),
    language: z.optional(languageSchema),
  }).check(z.refine(...passwordsMatch));
export type SignupValues = z.input<typeof signupSchema>;
export type Signup = z.output<typeof signupSchema>;

export const signupAnswerSchema = /* @__PURE__ */ z.object({ email: z.string(), companyName: z.string() });

/**
 * The token of a link that proves an e-mail (confirmation, password reset): the e-mail (base64url) and Cognito's
 * code, joined by a dot. Cognito puts the code where the trigger wrote its placeholder, so the trigger builds the
 * link without knowing the code.
 */
export const confirmationTokenSchema = /* @__PURE__ */ z.object({ token: z.string({ error: missingOrInvalid }).check(
  z.minLength(3),
  z.maxLength(600),
) });
export const confirmEmailAnswerSchema = /* @__PURE__ */ z.object({ email: z.string() });
export const resendConfirmationSchema = /* @__PURE__ */ z.object({ email });

/** SPEC section 5: the reset request takes an e-mail; the reset a new password and its repeat. */
export const passwordResetRequestSchema = /* @__PURE__ */ z.object({ email });
export const passwordResetSchema = /* @__PURE__ */ z.object({
    token: z.string({ error: missingOrInvalid }).check(z.minLength(3), z.maxLength(600)),
    password: z.string({ error: missingOrInvalid }).check(
      z.minLength(1, { error: 'REQUIRED' }),
      z.minLength(passwordMinLength, { error: 'PASSWORD_TOO_SHORT' }),
    ),
    passwordRepeat: z.string({ error: missingOrInvalid }).check(z.minLength(1, { error: 'REQUIRED' })),
  }).check(z.refine(...passwordsMatch));
export const passwordResetAnswerSchema = /* @__PURE__ */ z.object({ email: z.string() });

/** SPEC section 2 "Settings: change password": the current one, the new one and its repeat. */
export const changePasswordSchema = /* @__PURE__ */ z.object({
    currentPassword: z.string({ error: missingOrInvalid }).check(z.minLength(1, { error: 'REQUIRED' })),
    password: z.string({ error: missingOrInvalid }).check(
      z.minLength(1, { error: 'REQUIRED' }),
      z.minLength(passwordMinLength, { error: 'PASSWORD_TOO_SHORT' }),
    ),
    passwordRepeat: z.string({ error: missingOrInvalid }).check(z.minLength(1, { error: 'REQUIRED' })),
  }).check(
    z.refine(...passwordsMatch),
    z.refine((values) => values.password !== values.currentPassword, { path: ['password'], error: 'PASSWORD_SAME_AS_CURRENT' }),
  );
export type ChangePasswordValues = z.input<typeof changePasswordSchema>;

export function confirmationToken(emailAddress: string, code: string): string {
  return `${base64UrlEncode(emailAddress.trim().toLowerCase())}.${code}`;
}

export function readConfirmationToken(token: string): { email: string; code: string } | null {
  const [encoded, code, ...rest] = token.split('.');
  if (!encoded || !code || rest.length > 0 || !/^\d{6}$/.test(code)) return null;
  const emailAddress = base64UrlDecode(encoded);
  return emailAddress && z.email().safeParse(emailAddress).success ? { email: emailAddress, code } : null;
}

function base64UrlEncode(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function base64UrlDecode(encoded: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(encoded)) return null;
  try {
    const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** The e-mail and name rules of sign-up, for the other forms that ask for a person (the team's invitation). */
export const emailAddressSchema = email;
export const personNameSchema = personName;

/**
 * An invitation link's token: the e-mail and the temporary password the portal gave Cognito for the invited
 * person. The portal makes that password URL-safe (base64url), so it travels in a path without escaping.
 */
export function invitationToken(emailAddress: string, temporaryPassword: string): string {
  return `${base64UrlEncode(emailAddress.trim().toLowerCase())}.${temporaryPassword}`;
}

export function readInvitationToken(token: string): { email: string; temporaryPassword: string } | null {
  const [encoded, temporaryPassword, ...rest] = token.split('.');
  if (!encoded || !temporaryPassword || rest.length > 0 || !/^[A-Za-z0-9_-]{16,64}$/.test(temporaryPassword)) return null;
  const emailAddress = base64UrlDecode(encoded);
  return emailAddress && z.email().safeParse(emailAddress).success ? { email: emailAddress, temporaryPassword } : null;
}
