/** Every failed API call surfaces as this: the status, the stable code to translate, and field codes. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  /** The server failed without an error body we could read (a gateway's bare 502, an empty 500). */
  readonly bodyless: boolean;
  /** A 429's wait before trying again, when the server said it. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}, bodyless = false, retryAfterSeconds: number | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.bodyless = bodyless;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Codes the client itself produces when there is no server answer to read. */
export const clientErrorCodes = { network: 'NETWORK', invalidAnswer: 'INVALID_ANSWER' } as const;

/**
 * The code to show for a failed call: an ApiError's own, else INTERNAL. (failureCode in failure-code.ts says it
 * for a form instead: a refused field's code first, and VALIDATION_FAILED read as BAD_REQUEST.)
 */
export function errorCodeOf(error: unknown): string {
  return error instanceof ApiError ? error.code : 'INTERNAL';
}
