import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { groupsOf } from './caller';
import { fieldErrorsOf, safeParseReportingInput } from './validation';

describe('groupsOf', () => {
  it('reads the array the local adapter passes and the "[a b]" string API Gateway passes', () => {
    expect(groupsOf(['provider-admins'])).toEqual(['provider-admins']);
    expect(groupsOf('[provider-admins other]')).toEqual(['provider-admins', 'other']);
    expect(groupsOf(undefined)).toEqual([]);
  });
});

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
