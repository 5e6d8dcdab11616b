import { describe, expect, it } from 'vitest';
import { initialTableState, tableReducer, type TableState } from './table-query-state';

interface Filters {
  status: string;
  groups: readonly string[];
}

const onPage3WithSelection: TableState<Filters> = {
  ...initialTableState<Filters>({ status: '', groups: [] }, { page: 3 }),
  selected: new Set(['a', 'b']),
};

describe('table query state', () => {
  it('starts on page 1 of 10 rows over 12 months, unfiltered', () => {
    expect(initialTableState<Filters>({ status: '', groups: [] }).params).toEqual({
      page: 1,
      itemsPerPage: 10,
      search: '',
      period: '1y',
      filters: { status: '', groups: [] },
    });
  });

  it.each([
    ['search', { type: 'search', search: 'anna' }],
    ['page size', { type: 'itemsPerPage', itemsPerPage: 25 }],
    ['period', { type: 'period', period: '3m' }],
    ['filters', { type: 'filters', filters: { status: 'active', groups: [] } }],
  ] as const)('goes back to page 1 and drops the selection when the %s changes', (_, action) => {
    const next = tableReducer(onPage3WithSelection, action);
    expect(next.params.page).toBe(1);
    expect(next.selected.size).toBe(0);
  });

  it('keeps everything else when the page changes, but drops the selection', () => {
    const next = tableReducer(onPage3WithSelection, { type: 'page', page: 4 });
    expect(next.params).toEqual({ ...onPage3WithSelection.params, page: 4 });
    expect(next.selected.size).toBe(0);
  });

  it.each([
    ['search', { type: 'search', search: '  ' }],
    ['page size', { type: 'itemsPerPage', itemsPerPage: 10 }],
    ['period', { type: 'period', period: '1y' }],
    ['filters', { type: 'filters', filters: { status: '', groups: [] } }],
    ['page', { type: 'page', page: 3 }],
  ] as const)('changes nothing when the %s is set to what it already is', (_, action) => {
    expect(tableReducer(onPage3WithSelection, action)).toBe(onPage3WithSelection);
  });

  it('searches for the trimmed text', () => {
    expect(tableReducer(onPage3WithSelection, { type: 'search', search: ' anna ' }).params.search).toBe('anna');
  });

  it('selects without leaving the page', () => {
    const next = tableReducer(onPage3WithSelection, { type: 'select', selected: new Set(['c']) });
    expect(next.params).toBe(onPage3WithSelection.params);
    expect([...next.selected]).toEqual(['c']);
  });
});
