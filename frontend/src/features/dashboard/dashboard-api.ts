import { queryOptions } from '@tanstack/react-query';
import { dashboardRoutes } from '@shared/api/routes/dashboard-routes';
import type { Period } from '@shared/lists';
import { callApi } from '@frontend/lib/http';

/** Per company, so a client switch never shows the previous company's numbers. */
export const dashboardQueryKey = (companyId: string) => ['dashboard', companyId] as const;

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
