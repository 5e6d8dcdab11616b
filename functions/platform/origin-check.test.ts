import { describe, expect, it } from 'vitest';
import { originVerifyHeader } from '@shared/api/origin';
import { DomainError } from './errors';
import { refuseDirectCalls } from './origin-check';

const secret = 'a'.repeat(48);
const refusal = (headers: Record<string, string> | undefined) => {
  try {
    refuseDirectCalls({ headers: headers ?? {} }, secret);
    return null;
  } catch (error) {
    return error instanceof DomainError ? `${error.status} ${error.code}` : 'other';
  }
};

describe('refuseDirectCalls', () => {
  it('passes a request that came through CloudFront, with its exact value', () => {
    expect(refusal({ [originVerifyHeader]: secret })).toBeNull();
  });

  it('refuses one without the header, with another value, or a longer or shorter one', () => {
    expect(refusal({})).toBe('403 DIRECT_API_ACCESS_REFUSED');
    expect(refusal({ [originVerifyHeader]: 'b'.repeat(48) })).toBe('403 DIRECT_API_ACCESS_REFUSED');
    expect(refusal({ [originVerifyHeader]: `${secret}a` })).toBe('403 DIRECT_API_ACCESS_REFUSED');
    expect(refusal({ [originVerifyHeader]: secret.slice(1) })).toBe('403 DIRECT_API_ACCESS_REFUSED');
  });

  it('lets everything through where no value is set (the local cloud, whose adapter is the only way in)', () => {
    expect(() => refuseDirectCalls({ headers: {} }, undefined)).not.toThrow();
  });
});
