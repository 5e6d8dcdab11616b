import { describe, expect, it } from 'vitest';
import { ApiError } from '@frontend/lib/api-error';
import { confirmFailure } from './email-confirmation';

describe('confirmFailure', () => {
  it('reads an expired, used or foreign link and an unreadable one as links that cannot be used', () => {
    expect(confirmFailure(new ApiError(410, 'CONFIRMATION_LINK_EXPIRED', 'x'))).toEqual({
      status: 'linkFailed',
      code: 'CONFIRMATION_LINK_EXPIRED',
    });
    expect(confirmFailure(new ApiError(400, 'CONFIRMATION_LINK_INVALID', 'x'))).toEqual({
      status: 'linkFailed',
      code: 'CONFIRMATION_LINK_INVALID',
    });
  });

  it('reads a token the API refuses as malformed as a link that is not valid', () => {
    const refused = new ApiError(400, 'VALIDATION_FAILED', 'x', { token: 'INVALID_VALUE' });
    expect(confirmFailure(refused)).toEqual({ status: 'linkFailed', code: 'CONFIRMATION_LINK_INVALID' });
  });

  it('leaves failures that say nothing about the link to be tried again', () => {
    expect(confirmFailure(new ApiError(0, 'NETWORK', 'x'))).toEqual({ status: 'failed', code: 'NETWORK' });
    expect(confirmFailure(new ApiError(503, 'SERVICE_UNAVAILABLE', 'x'))).toEqual({ status: 'failed', code: 'SERVICE_UNAVAILABLE' });
    expect(confirmFailure(new Error('boom'))).toEqual({ status: 'failed', code: 'INTERNAL' });
  });
});
