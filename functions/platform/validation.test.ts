import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { fieldErrorsOf, safeParseReportingInput } from './validation';

describe('fieldErrorsOf', () => {
  it('keeps message codes the schema names and gives stable codes for the rest', () => {
    const schema = z.object({
      name: z.string({ error: 'REQUIRED' }),
      age: z.number(),
      nested: z.object({ email: z.email() }),
    });
    const result = safeParseReportingInput(schema, { age: 'x', nested: { email: 'nope' } });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrorsOf(result.error)).toEqual({ name: 'REQUIRED', age: 'INVALID_VALUE', 'nested.email': 'INVALID_VALUE' });
    }
  });
});
