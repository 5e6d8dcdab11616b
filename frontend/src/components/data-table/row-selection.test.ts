import { describe, expect, it } from 'vitest';
import { headerCheckboxState, toggleAll, toggleRow } from './row-selection';

const page = ['a', 'b', 'c'];

describe('header checkbox', () => {
  it('is empty, partial (the dash) or checked by how many rows of the page are selected', () => {
    expect(headerCheckboxState(page, new Set())).toBe('none');
    expect(headerCheckboxState(page, new Set(['b']))).toBe('some');
    expect(headerCheckboxState(page, new Set(['a', 'b', 'c']))).toBe('all');
    expect(headerCheckboxState([], new Set())).toBe('none');
  });

  it('ignores ids that are not on the page any more', () => {
    expect(headerCheckboxState(page, new Set(['gone']))).toBe('none');
    expect(headerCheckboxState(page, new Set(['a', 'b', 'c', 'gone']))).toBe('all');
  });

  it('selects every row of the page when none is selected', () => {
    expect([...toggleAll(page, new Set())]).toEqual(page);
    expect([...toggleAll(page, new Set(['gone']))]).toEqual(page);
  });

  it('clears a partial selection instead of completing it', () => {
    expect(toggleAll(page, new Set(['a'])).size).toBe(0);
  });

  it('clears a full selection', () => {
    expect(toggleAll(page, new Set(page)).size).toBe(0);
  });
});

describe('row checkbox', () => {
  it('adds and removes one row without changing the set it was given', () => {
    const before = new Set(['a']);
    expect([...toggleRow(before, 'b', true)].sort()).toEqual(['a', 'b']);
    expect([...toggleRow(before, 'a', false)]).toEqual([]);
    expect([...before]).toEqual(['a']);
  });
});
