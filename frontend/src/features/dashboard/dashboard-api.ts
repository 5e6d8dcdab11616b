import { queryOptions } from '@tanstack/react-query';
import * as dashboardRoutes from '@shared/api/routes/dashboard-routes';
import * as transactionRoutes from '@shared/api/routes/transaction-routes';
import type { MerchantCategoryGroup } from '@shared/cards';
import type { Language } from '@shared/languages';
import { defaultPeriod, type Period } from '@shared/lists';
import { callApi } from '@frontend/lib/http';
import { dashboardQueryKey } from '@frontend/lib/query-keys';

export { dashboardQueryKey };

export const summaryQuery = (companyId: string) =>
  queryOptions({
    queryKey: [...dashboardQueryKey(companyId), 'summary'],
    queryFn: ({ signal }) => callApi(dashboardRoutes.getSummary, { signal }),
  });

export const turnoverQuery = (companyId: string, period: Period) =>
  queryOptions({
    queryKey: [...dashboardQueryKey(companyId), 'turnover', period],
    queryFn: ({ signal }) => callApi(dashboardRoutes.getTurnover, { query: { dateLimit: period }, signal }),
  });

/** How many of the newest card payments the dashboard shows. */
const lastTransactionsCount = 10;

/** The newest card payments of the default period, of one merchant group when `group` is set. */
export const lastTransactionsQuery = (companyId: string, group: MerchantCategoryGroup | '') =>
  queryOptions({
    queryKey: [...dashboardQueryKey(companyId), 'transactions', group],
    queryFn: ({ signal }) =>
      callApi(transactionRoutes.listTransactions, {
        signal,
        query: { page: 1, itemsPerPage: lastTransactionsCount, dateLimit: defaultPeriod, mccGroups: group || undefined },
      }),
  });

/** The CSV of the same list (all of the period, not only the ten shown) through the background-file protocol. */
export function requestLastTransactionsFile(group: MerchantCategoryGroup | '', lang: Language) {
  return callApi(transactionRoutes.exportTransactions, { query: { dateLimit: defaultPeriod, mccGroups: group || undefined, lang } });
}
