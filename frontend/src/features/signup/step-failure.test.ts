import { describe, expect, it } from 'vitest';
import { errorMessages } from '@shared/errors';
import { ApiError } from '@frontend/lib/api-error';
import { readStepFailure } from './step-failure';

describe('readStepFailure', () => {
  it('shows refused fields on the fields, with "Please fix errors above" for the step', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'x', { 'owners.0.sharePercent': 'OWNER_SHARE_TOO_LOW' });
    expect(readStepFailure(error)).toEqual({ fields: { 'owners.0.sharePercent': 'OWNER_SHARE_TOO_LOW' }, code: 'VALIDATION_FAILED' });
  });

  it('keeps the code of an answer with a body', () => {
    expect(readStepFailure(new ApiError(409, 'STEP_NOT_OPEN', errorMessages.STEP_NOT_OPEN))).toEqual({ fields: {}, code: 'STEP_NOT_OPEN' });
    expect(readStepFailure(new ApiError(500, 'INTERNAL', errorMessages.INTERNAL))).toEqual({ fields: {}, code: 'INTERNAL' });
    expect(readStepFailure(new ApiError(0, 'NETWORK', 'Failed to fetch'))).toEqual({ fields: {}, code: 'NETWORK' });
  });

  it('says "Something went wrong" (INVALID_ANSWER) for a failure without a body (SPEC section 7)', () => {
    // What the HTTP client makes of an error status whose body is empty or not the API's: INTERNAL, marked bodyless.
    expect(readStepFailure(new ApiError(502, 'INTERNAL', 'Bad Gateway', {}, true))).toEqual({ fields: {}, code: 'INVALID_ANSWER' });
    expect(readStepFailure(new ApiError(500, 'INTERNAL', 'Request failed', {}, true))).toEqual({ fields: {}, code: 'INVALID_ANSWER' });
    expect(readStepFailure(new Error('boom'))).toEqual({ fields: {}, code: 'INVALID_ANSWER' });
  });
});
