import { errorMessages, type ErrorCode } from '@shared/errors';

/** A failure the caller caused or may see; the error mapper turns it into a 4xx with a stable code. */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 429 | 503,
    readonly code: ErrorCode,
    readonly fields?: Record<string, string>,
    message?: string,
  ) {
    super(message ?? errorMessages[code]);
    this.name = 'DomainError';
  }
}

export const unauthorized = (code: 'UNAUTHORIZED' | 'TOKEN_REVOKED' = 'UNAUTHORIZED') => new DomainError(401, code);
export const forbidden = (code: ErrorCode = 'FORBIDDEN') => new DomainError(403, code);
export const notFound = (code: ErrorCode = 'NOT_FOUND') => new DomainError(404, code);
export const validationFailed = (fields: Record<string, string>) => new DomainError(400, 'VALIDATION_FAILED', fields);

/**
 * 429: the caller may try again after `retryAfterSeconds`, sent as the Retry-After header and in the body (a browser
 * reads no Retry-After across origins unless it is exposed; the body needs nothing of CORS).
 */
export class RateLimited extends DomainError {
  constructor(
    readonly retryAfterSeconds: number,
    code: 'TOO_MANY_REQUESTS' | 'CARDHOLDER_SIGN_IN_LOCKED' = 'TOO_MANY_REQUESTS',
  ) {
    super(429, code);
  }
}
