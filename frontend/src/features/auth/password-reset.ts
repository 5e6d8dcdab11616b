import { passwordResetRequestSchema, passwordResetSchema, readConfirmationToken } from '@shared/account';
import { ApiError } from '@frontend/lib/api-error';
import { zodValidate } from '@frontend/lib/form-validation';

export interface ResetRequestValues {
  email: string;
}
export const resetRequestFields = ['email'] as const;
export const validateResetRequest = zodValidate<ResetRequestValues>(passwordResetRequestSchema);

/** The reset form's values: the token comes from the link, the two passwords from the visitor. */
export interface NewPasswordValues {
  token: string;
  password: string;
  passwordRepeat: string;
}
export const newPasswordFields = ['password', 'passwordRepeat'] as const;
export type NewPasswordField = (typeof newPasswordFields)[number];
export const validateNewPassword = zodValidate<NewPasswordValues>(passwordResetSchema);

export type ResetLinkFailureCode = 'RESET_LINK_EXPIRED' | 'RESET_LINK_INVALID';

/**
 * Whether the token of a reset link can be read the way the API reads it (the shared schema and token format).
 * One that cannot is refused whatever the password, so the screen says so before a password is typed.
 */
export function readableResetLink(token: string): boolean {
  return passwordResetSchema.shape.token.safeParse(token).success && readConfirmationToken(token) !== null;
}

/** The link's own failure in a refused POST /reset/password; null when the form shows what went wrong. */
export function resetLinkFailure(error: unknown): ResetLinkFailureCode | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'RESET_LINK_EXPIRED' || error.code === 'RESET_LINK_INVALID') return error.code;
  // The API refused the token itself: the link is not one it sent.
  if (error.fields.token !== undefined) return 'RESET_LINK_INVALID';
  return null;
}

/** What a screen passes on to the reset request in the router's state: the e-mail to prefill. */
export interface ResetRequestState {
  email: string;
}

/** The e-mail to prefill on the reset request: the one passed in the router's state, if any. */
export function prefilledEmail(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('email' in state)) return '';
  return typeof state.email === 'string' ? state.email : '';
}
