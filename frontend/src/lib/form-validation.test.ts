import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { zodValidate } from './form-validation';

const schema = z.object({
  name: z.string().check(z.minLength(1, { error: 'REQUIRED' }), z.minLength(2, { error: 'TOO_SHORT' })),
  contact: z.object({ email: z.string().check(z.minLength(1, { error: 'REQUIRED' })) }),
  owners: z.array(z.object({ share: z.number().check(z.gte(25, { error: 'BELOW_THRESHOLD' })) })),
});

describe('zodValidate', () => {
  it('answers no errors for valid values', () => {
    expect(zodValidate(schema)({ name: 'Al', contact: { email: 'a@b.c' }, owners: [{ share: 30 }] })).toEqual({});
  });

  it('keeps the first message of a field and nests objects and lists like formik', () => {
    expect(zodValidate(schema)({ name: '', contact: { email: '' }, owners: [{ share: 30 }, { share: 10 }] })).toEqual({
      name: 'REQUIRED',
      contact: { email: 'REQUIRED' },
      owners: [undefined, { share: 'BELOW_THRESHOLD' }],
    });
  });

  it('writes nothing below a field that already has a message, not even at another level', () => {
    const parentFirst = z.any().check(z.superRefine((_, context) => {
      context.addIssue({ code: 'custom', message: 'PARENT', path: ['a'] });
      context.addIssue({ code: 'custom', message: 'CHILD', path: ['a', 'b'] });
      context.addIssue({ code: 'custom', message: 'DEEP', path: ['a', 'b', 'c'] });
    }));
    expect(zodValidate(parentFirst)({})).toEqual({ a: 'PARENT' });
  });
});
