import { queryOptions } from '@tanstack/react-query';
import type { ActivityActor, ActivityRow, ActivityType, cardPaymentsChoices } from '@shared/activity';
import * as activityRoutes from '@shared/api/routes/activity-routes';
import * as employeeRoutes from '@shared/api/routes/employee-routes';
import type { Language } from '@shared/languages';
import type { TableAnswer } from '@shared/lists';
import type { TableParams } from '@frontend/components/data-table/use-table-query';
import { callApi } from '@frontend/lib/http';
import { knownPages, type CursorBook } from './cursor-book';

/** Per company, so a client switch never shows the previous company's log. */
export const activityQueryKey = (companyId: string) => ['activity', companyId] as const;

/**
 * Issue 31: the nightly check of the company's log against its sealed daily digests. It changes once a night, so one
 * read a visit is enough.
 */
export function activityVerificationQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: ['activity-verification', companyId] as const,
    queryFn: ({ signal }) => callApi(activityRoutes.getActivityVerification, { signal }),
    staleTime: 5 * 60_000,
    enabled: companyId !== '',
  });
}

type CardPaymentsChoice = (typeof cardPaymentsChoices)[number];

export interface ActivityFilterValues {
  actor: '' | ActivityActor;
  type: '' | ActivityType;
  /** One checkbox: ['include'] when ticked. Off by default: the network's authorizations belong to Transactions. */
  cardPayments: readonly CardPaymentsChoice[];
  employeeId: string;
  dateFrom: string;
  dateTo: string;
}
export const emptyActivityFilters: ActivityFilterValues = { actor: '', type: '', cardPayments: [], employeeId: '', dateFrom: '', dateTo: '' };

/** The filters as the list and its download send them: empty values are left out. */
function filterQuery(params: TableParams<ActivityFilterValues>) {
  const { filters } = params;
  return {
    actor: filters.actor || undefined,
    type: filters.type || undefined,
    cardPayments: filters.cardPayments.includes('include') ? ('include' as const) : undefined,
    employeeId: filters.employeeId || undefined,
    dateLimit: params.period,
    dateFrom: filters.dateFrom || undefined,
    dateTo: filters.dateTo || undefined,
  };
}

/** One list of the book: what the cursors depend on (not the page). */
export function listOf(params: TableParams<ActivityFilterValues>): string {
  return JSON.stringify({ ...filterQuery(params), itemsPerPage: params.itemsPerPage });
}

export async function fetchActivity(book: CursorBook, params: TableParams<ActivityFilterValues>, signal: AbortSignal): Promise<TableAnswer<ActivityRow>> {
  const list = listOf(params);
  // A page no answer leads to (none before it was read in this visit) starts the list again.
  const page = book.reaches(list, params.page) ? params.page : 1;
  const answer = await callApi(activityRoutes.listActivity, { signal, query: { itemsPerPage: params.itemsPerPage, cursor: book.cursorOf(list, page), ...filterQuery(params) } });
  book.remember(list, page, answer);
  return { rows: answer.rows, totalPages: knownPages(page, answer.nextCursor), totalRecords: answer.rows.length };
}

export function requestActivityFile(params: TableParams<ActivityFilterValues>, lang: Language) {
  return callApi(activityRoutes.exportActivity, { query: { ...filterQuery(params), lang } });
}

/** Employees whose name, personal code or phone contains the text: the first ten, for the employee filter. */
export async function findEmployees(search: string, signal: AbortSignal): Promise<{ employeeId: string; name: string }[]> {
  const answer = await callApi(employeeRoutes.listEmployees, { signal, query: { search, itemsPerPage: 10 } });
  return answer.rows.map((row) => ({ employeeId: row.employeeId, name: `${row.name} ${row.surname}`.trim() }));
}
