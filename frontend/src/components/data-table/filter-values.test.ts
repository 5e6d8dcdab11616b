import { describe, expect, it } from 'vitest';
import { countActiveFilters, sameFilters } from './filter-values';

interface Filters {
  status: string;
  groups: readonly string[];
  phone?: string;
}

const empty: Filters = { status: '', groups: [] };

describe('countActiveFilters', () => {
  it('is zero when nothing is filtered, which is what a reset leaves', () => {
    expect(countActiveFilters(empty)).toBe(0);
    expect(countActiveFilters({ status: '  ', groups: [], phone: undefined })).toBe(0);
  });

  it('counts each set filter once, however many values a multi-choice filter holds', () => {
    expect(countActiveFilters({ status: 'active', groups: [] })).toBe(1);
    expect(countActiveFilters({ status: 'active', groups: ['food', 'fuel', 'travel'] })).toBe(2);
    expect(countActiveFilters({ status: 'active', groups: ['food'], phone: '+371' })).toBe(3);
  });
});

describe('sameFilters', () => {
  it('treats unset values alike, whether empty or missing', () => {
    expect(sameFilters(empty, { status: '', groups: [], phone: undefined })).toBe(true);
    expect(sameFilters(empty, { status: '', groups: [], phone: '' })).toBe(true);
  });

  it('ignores the order of multi-choice values', () => {
    expect(sameFilters({ status: '', groups: ['a', 'b'] }, { status: '', groups: ['b', 'a'] })).toBe(true);
  });

  it('sees a changed value', () => {
    expect(sameFilters(empty, { status: 'active', groups: [] })).toBe(false);
    expect(sameFilters({ status: '', groups: ['a'] }, { status: '', groups: ['a', 'b'] })).toBe(false);
    expect(sameFilters({ status: '', groups: ['a'] }, { status: '', groups: ['b'] })).toBe(false);
    expect(sameFilters(empty, { ...empty, phone: '+371' })).toBe(false);
  });
});
