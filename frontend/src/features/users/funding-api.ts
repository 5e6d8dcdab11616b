import * as fundingRoutes from '@shared/api/routes/funding-routes';
import * as moneyRoutes from '@shared/api/routes/money-routes';
import { callApi } from '@frontend/lib/http';
import { mainAccountQueryKey } from '@frontend/lib/query-keys';

export { mainAccountQueryKey };
export const fundingFileQueryKey = (companyId: string, fileId: string) => ['funding-file', companyId, fileId] as const;

export const fetchMainAccount = (signal?: AbortSignal) => callApi(moneyRoutes.getMainAccount, { signal });

/** One user action, one key: the dialog keeps `idempotencyKey` while the same transfer is retried. */
export const fundEmployee = (employeeId: string, amountCents: number, idempotencyKey: string) =>
  callApi(fundingRoutes.fundEmployee, { params: { employeeId }, body: { amountCents }, idempotencyKey });

export const uploadFundingFile = (fileName: string, content: string) => callApi(fundingRoutes.uploadFundingFile, { body: { fileName, content } });
export const applyFundingFile = (fileId: string) => callApi(fundingRoutes.applyFundingFile, { params: { fileId }, body: {} });
/** Applies the rest of a failed file; one click, one key (the route is a money POST). */
export const retryFundingFile = (fileId: string) => callApi(fundingRoutes.retryFundingFile, { params: { fileId }, body: {} });
export const fetchFundingFile = (fileId: string, signal?: AbortSignal) => callApi(fundingRoutes.getFundingFile, { params: { fileId }, signal });
