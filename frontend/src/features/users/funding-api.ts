import * as fundingRoutes from '@shared/api/routes/funding-routes';
import * as moneyRoutes from '@shared/api/routes/money-routes';
import type { QueryClient } from '@tanstack/react-query';
import { callApi } from '@frontend/lib/http';
import { dashboardQueryKey, mainAccountQueryKey } from '@frontend/lib/query-keys';
import { employeesQueryKey } from './users-api';

export { mainAccountQueryKey };
export const fundingFileQueryKey = (companyId: string, fileId: string) => ['funding-file', companyId, fileId] as const;

export const fetchMainAccount = (signal?: AbortSignal) => callApi(moneyRoutes.getMainAccount, { signal });

/** One user action, one key: the dialog keeps `idempotencyKey` while the same transfer is retried. */
export const fundEmployee = (employeeId: string, amountCents: number, idempotencyKey: string) =>
  callApi(fundingRoutes.fundEmployee, { params: { employeeId }, body: { amountCents }, idempotencyKey });

export const fetchFundingTemplate = () => callApi(fundingRoutes.getFundingTemplate);
export const uploadFundingFile = (fileName: string, content: string) => callApi(fundingRoutes.uploadFundingFile, { body: { fileName, content } });
export const applyFundingFile = (fileId: string) => callApi(fundingRoutes.applyFundingFile, { params: { fileId }, body: {} });
/** Applies the rest of a failed file; one click, one key (the route is a money POST). */
export const retryFundingFile = (fileId: string) => callApi(fundingRoutes.retryFundingFile, { params: { fileId }, body: {} });
export const fetchFundingFile = (fileId: string, signal?: AbortSignal) => callApi(fundingRoutes.getFundingFile, { params: { fileId }, signal });

/**
 * What a funding changes: the main account (confirmations, the dashboard's top-up panel), the dashboard's balances,
 * and the employees' balances (the list and each user page sit under the list's key).
 */
export async function afterFunding(queryClient: QueryClient, companyId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: mainAccountQueryKey(companyId) }),
    queryClient.invalidateQueries({ queryKey: dashboardQueryKey(companyId) }),
    queryClient.invalidateQueries({ queryKey: employeesQueryKey(companyId) }),
  ]);
}
