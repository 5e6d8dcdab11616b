import { ApiError } from './api-error';

/**
 * The one code that says why a call failed: a refused e-mail field says it best, else the error's own code.
 * Kept apart from submit-failure.ts: the sign-in screen needs this, not the helpers of the larger forms.
 */
export function failureCode(error: unknown, field?: string): string {
  if (!(error instanceof ApiError)) return 'INTERNAL';
  const fieldCode = field ? error.fields[field] : undefined;
  return fieldCode ?? (error.code === 'VALIDATION_FAILED' ? 'BAD_REQUEST' : error.code);
}
