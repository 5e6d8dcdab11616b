import { fundingRoutes } from '@shared/api/routes/funding-routes';
import { moneyRoutes } from '@shared/api/routes/money-routes';
import { callApi } from '@frontend/lib/http';

/** The main account per company: the funding confirmations show what stays on it. */
export const mainAccountQueryKey = (companyId: string) => ['main-account', companyId] as const;
export const fundingFileQueryKey = (companyId: string, fileId: string) => ['funding-file', companyId, fileId] as const;

export const fetchMainAccount = (signal?: AbortSignal) => callApi(moneyRoutes.getMainAccount, { signal });

/** One user action, one key: the dialog keeps `idempotencyKey` while the same transfer is retried. */
export const fundEmployee = (employeeId: string, amountCents: number, idempotencyKey: string) =>
  callApi(fundingRoutes.fundEmployee, { params: { employeeId }, body: { amountCents }, idempotencyKey });

export const fetchFundingTemplate = () => callApi(fundingRoutes.getFundingTemplate);
export const uploadFundingFile = (fileName: string, content: string) => callApi(fundingRoutes.uploadFundingFile, { body: { fileName, content } });
export const applyFundingFile = (fileId: string) => callApi(fundingRoutes.applyFundingFile, { params: { fileId }, body: {} });
export const fetchFundingFile = (fileId: string, signal?: AbortSignal) => callApi(fundingRoutes.getFundingFile, { params: { fileId }, signal });
