import { describe, expect, it } from 'vitest';
import { creatorLeftTone } from './key-creator';

const creator = (inCompany: boolean) => ({ userId: 'user-1', name: 'Anna Ozola', email: 'anna@example.lv', inCompany });

describe("a key's mark for a maker who left", () => {
  it('is none while the maker belongs to the company, whether or not the key is revoked', () => {
    expect(creatorLeftTone({ createdBy: creator(true), revokedAt: null })).toBeNull();
    expect(creatorLeftTone({ createdBy: creator(true), revokedAt: '2026-03-01T10:00:00.000Z' })).toBeNull();
  });

  it('stands out on a live key, which still acts for the company, and is plain on a revoked one', () => {
    expect(creatorLeftTone({ createdBy: creator(false), revokedAt: null })).toBe('negative');
    expect(creatorLeftTone({ createdBy: creator(false), revokedAt: '2026-03-01T10:00:00.000Z' })).toBe('neutral');
  });
});
