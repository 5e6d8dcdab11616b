import { ApiError, clientErrorCodes } from '@frontend/lib/api-error';

export interface StepFailure {
  /** The server's code for each refused field, by its path in the step. */
  fields: Record<string, string>;
  /** The code of the message about the whole step (errors:codes). */
  code: string;
}

/**
 * Why sending a step failed. SPEC section 7: a sign-up list submission that fails without a body shows 'Something
 * went wrong' (the code of an answer the client could not read); the HTTP client marks such an answer bodyless.
 * Anything thrown that is not an API answer at all reads the same way.
 */
export function readStepFailure(error: unknown): StepFailure {
  if (!(error instanceof ApiError)) return { fields: {}, code: clientErrorCodes.invalidAnswer };
  if (Object.keys(error.fields).length > 0) return { fields: error.fields, code: 'VALIDATION_FAILED' };
  if (error.bodyless) return { fields: {}, code: clientErrorCodes.invalidAnswer };
  return { fields: {}, code: error.code };
}
