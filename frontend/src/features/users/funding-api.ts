import * as approvalRoutes from '@shared/api/routes/approval-routes';
import * as fundingRoutes from '@shared/api/routes/funding-routes';
import * as moneyRoutes from '@shared/api/routes/money-routes';
import { callApi } from '@frontend/lib/http';
import { approvalRulesQueryKey, approvalsQueryKey, mainAccountQueryKey } from '@frontend/lib/query-keys';

export { approvalRulesQueryKey, approvalsQueryKey, mainAccountQueryKey };
export const fundingFileQueryKey = (companyId: string, fileId: string) => ['funding-file', companyId, fileId] as const;

export const fetchMainAccount = (signal?: AbortSignal) => callApi(moneyRoutes.getMainAccount, { signal });

/** The company's approval rule (issue 35): whether an amount waits for a second person. */
export const fetchApprovalRules = (signal?: AbortSignal) => callApi(approvalRoutes.getApprovalRules, { signal });

/**
 * One user action, one key: the dialog keeps `idempotencyKey` while the same transfer is retried. Above the company's
 * approval amount the answer is the request that waits (202, `status: 'awaiting_approval'`), not a movement.
 */
export const fundEmployee = (employeeId: string, amountCents: number, idempotencyKey: string) =>
  callApi(fundingRoutes.fundEmployee, { params: { employeeId }, body: { amountCents }, idempotencyKey });

export const uploadFundingFile = (fileName: string, content: string) => callApi(fundingRoutes.uploadFundingFile, { body: { fileName, content } });
/** Money POSTs: the dialog keeps `idempotencyKey` while the same apply (or retry) is retried. */
export const applyFundingFile = (fileId: string, idempotencyKey: string) => callApi(fundingRoutes.applyFundingFile, { params: { fileId }, body: {}, idempotencyKey });
/** Applies the rest of a failed file. */
export const retryFundingFile = (fileId: string, idempotencyKey: string) => callApi(fundingRoutes.retryFundingFile, { params: { fileId }, body: {}, idempotencyKey });
export const fetchFundingFile = (fileId: string, signal?: AbortSignal) => callApi(fundingRoutes.getFundingFile, { params: { fileId }, signal });
