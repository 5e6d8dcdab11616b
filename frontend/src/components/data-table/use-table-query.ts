import { useMemo, useReducer } from 'react';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { PageSize, Period, TableAnswer } from '@shared/lists';
import type { FilterShape } from './filter-values';
import { initialTableState, tableReducer, type TableParams } from './table-query-state';

export type { TableParams } from './table-query-state';

interface UseTableQueryOptions<Row, Filters> {
  /** The list's own key, e.g. `['users', companyId]`; the params are appended, so invalidating this key reloads every page. */
  queryKey: QueryKey;
  /** Pass the signal to the request, so a page the user has already left is not downloaded to the end. */
  fetch: (params: TableParams<Filters>, signal: AbortSignal) => Promise<TableAnswer<Row>>;
  /** The filters with nothing chosen: where the list starts and what the filter popover's reset goes back to. */
  emptyFilters: Filters;
  /** Where the list starts otherwise (a default period, a remembered page size); page 1 unless told. */
  initial?: Partial<Omit<TableParams<Filters>, 'filters'>>;
  enabled?: boolean;
  /**
   * Asks the current page again after this many milliseconds, judged on each answer (e.g. while a row is still
   * being made); false stops. The same params' answer replaces the page in place, without the skeleton.
   */
  refetchInterval?: (answer: TableAnswer<Row> | undefined) => number | false;
}

export interface TableQuery<Row, Filters> {
  params: TableParams<Filters>;
  /** The rows of the current params; empty while they load, never the rows of an earlier request. */
  rows: Row[];
  /** From the latest answer, kept while the next page loads, so the pagination stays where it is. */
  totalPages: number;
  totalRecords: number;
  totalSumCents: number | undefined;
  /** SPEC section 2: true while the rows of the current params are not there yet; show the skeleton. */
  loading: boolean;
  isError: boolean;
  refetch: () => void;
  emptyFilters: Filters;
  setPage: (page: number) => void;
  setItemsPerPage: (itemsPerPage: PageSize) => void;
  setSearch: (search: string) => void;
  setFilters: (filters: Filters) => void;
  setPeriod: (period: Period) => void;
  selected: ReadonlySet<string>;
  setSelected: (selected: ReadonlySet<string>) => void;
  clearSelection: () => void;
}

/**
 * The state of one list screen (page, page size, search, filters, period, selected rows) and its data.
 * Every param is part of the query key, so whatever order answers arrive in, only the answer to the params on
 * screen is shown (SPEC section 2: only the latest request's result is applied).
 */
export function useTableQuery<Row, Filters extends FilterShape<Filters>>({
  queryKey,
  fetch,
  emptyFilters,
  initial,
  enabled = true,
  refetchInterval,
}: UseTableQueryOptions<Row, Filters>): TableQuery<Row, Filters> {
  const [state, dispatch] = useReducer(tableReducer<Filters>, undefined, () => initialTableState(emptyFilters, initial));
  const { params } = state;
  const query = useQuery({
    queryKey: [...queryKey, params],
    queryFn: ({ signal }) => fetch(params, signal),
    // The previous answer stays only for its totals (the pagination does not vanish and come back); its rows are
    // not shown, the skeleton is.
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: refetchInterval ? (current) => refetchInterval(current.state.data) : undefined,
  });
  const answer = query.data;
  const current = answer && !query.isPlaceholderData ? answer : undefined;

  // Rows deleted elsewhere (or by a bulk action) can leave the page past the end: show the last page instead
  // of an empty one. Set during render, as React advises for state that follows other state.
  const lastPage = current ? Math.max(1, current.totalPages) : params.page;
  if (params.page > lastPage) dispatch({ type: 'page', page: lastPage });

  const actions = useMemo(
    () => ({
      setPage: (page: number) => dispatch({ type: 'page', page }),
      setItemsPerPage: (itemsPerPage: PageSize) => dispatch({ type: 'itemsPerPage', itemsPerPage }),
      setSearch: (search: string) => dispatch({ type: 'search', search }),
      setFilters: (filters: Filters) => dispatch({ type: 'filters', filters }),
      setPeriod: (period: Period) => dispatch({ type: 'period', period }),
      setSelected: (selected: ReadonlySet<string>) => dispatch({ type: 'select', selected }),
      clearSelection: () => dispatch({ type: 'select', selected: new Set() }),
    }),
    [],
  );

  return {
    params,
    rows: current?.rows ?? [],
    totalPages: answer?.totalPages ?? 0,
    totalRecords: answer?.totalRecords ?? 0,
    totalSumCents: current?.totalSumCents,
    loading: query.isPending || query.isPlaceholderData,
    isError: query.isError,
    refetch: () => void query.refetch(),
    emptyFilters,
    selected: state.selected,
    ...actions,
  };
}
