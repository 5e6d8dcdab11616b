import { defaultPageSize, defaultPeriod, type PageSize, type Period } from '@shared/lists';
import { sameFilters, type FilterShape } from './filter-values';

/** Everything a list request depends on; the query key holds all of it, so each answer belongs to one request. */
export interface TableParams<Filters> {
  page: number;
  itemsPerPage: PageSize;
  search: string;
  filters: Filters;
  period: Period;
}

export interface TableState<Filters> {
  params: TableParams<Filters>;
  /** Row ids, as the table's rowKey gives them. */
  selected: ReadonlySet<string>;
}

export type TableAction<Filters> =
  | { type: 'page'; page: number }
  | { type: 'itemsPerPage'; itemsPerPage: PageSize }
  | { type: 'search'; search: string }
  | { type: 'filters'; filters: Filters }
  | { type: 'period'; period: Period }
  | { type: 'select'; selected: ReadonlySet<string> };

export function initialTableState<Filters>(
  filters: Filters,
  start: Partial<Omit<TableParams<Filters>, 'filters'>> = {},
): TableState<Filters> {
  return {
    params: { page: 1, itemsPerPage: defaultPageSize, search: '', period: defaultPeriod, ...start, filters },
    selected: new Set(),
  };
}

/**
 * SPEC section 2: changing the search, filters, period or page size starts again from page 1. Any change of
 * what is listed drops the selection, so a bulk action never reaches rows the user no longer sees. Setting a
 * value it already has changes nothing, so no reload and no lost selection.
 */
export function tableReducer<Filters extends FilterShape<Filters>>(
  state: TableState<Filters>,
  action: TableAction<Filters>,
): TableState<Filters> {
  const { params } = state;
  switch (action.type) {
    case 'select':
      return { ...state, selected: action.selected };
    case 'page':
      return action.page === params.page ? state : { params: { ...params, page: action.page }, selected: new Set() };
    case 'itemsPerPage':
      return action.itemsPerPage === params.itemsPerPage ? state : restart(params, { itemsPerPage: action.itemsPerPage });
    case 'search': {
      const search = action.search.trim();
      return search === params.search ? state : restart(params, { search });
    }
    case 'filters':
      return sameFilters(action.filters, params.filters) ? state : restart(params, { filters: action.filters });
    case 'period':
      return action.period === params.period ? state : restart(params, { period: action.period });
  }
}

function restart<Filters>(params: TableParams<Filters>, change: Partial<TableParams<Filters>>): TableState<Filters> {
  return { params: { ...params, ...change, page: 1 }, selected: new Set() };
}
