import * as z from 'zod/mini';
import { fieldMessages, type FieldMessageCode } from './errors';

/** SPEC sections 5 and 9: text length, name length, and a phone as the country code and number without a plus. */
export const textMinLength = 2;
export const textMaxLength = 100;
export const nameMaxLength = 50;
export const phonePattern = /^[1-9]\d{7,14}$/;

/** A missing value is REQUIRED; a value of the wrong type is INVALID_VALUE (SPEC section 5's generic messages). */
export const missingOrInvalid = (issue: { input?: unknown }): FieldMessageCode =>
  issue.input === undefined || issue.input === null ? 'REQUIRED' : 'INVALID_VALUE';

/** A required text field: trimmed, not empty, at most `max` characters. */
export function requiredText(max = 100) {
  return z.string({ error: missingOrInvalid }).check(z.trim(), z.minLength(1, { error: 'REQUIRED' }), z.maxLength(max, { error: 'INVALID_VALUE' }));
}

/**
 * Reports a failure from inside a transform (zod/mini hands a transform the parse payload itself): the issue carries
 * the value the transform was given, as a refinement's would.
 */
export function addIssue(payload: z.core.ParsePayload, issue: { message: FieldMessageCode; path?: PropertyKey[]; input?: unknown }): void {
  payload.issues.push({ code: 'custom', input: payload.value, ...issue });
}

export function isFieldMessageCode(message: string): message is FieldMessageCode {
  return Object.hasOwn(fieldMessages, message);
}

/**
 * The stable message code of one zod issue: the code a schema in shared/ names, else a code for zod's own kind of
 * failure. Server responses and forms both use it, so a field says the same thing on both sides.
 */
export function messageCodeOf(issue: z.core.$ZodIssue): FieldMessageCode {
  if (isFieldMessageCode(issue.message)) return issue.message;
  if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)) return 'REQUIRED';
  return 'INVALID_VALUE';
}
