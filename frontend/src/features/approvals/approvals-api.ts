import * as approvalRoutes from '@shared/api/routes/approval-routes';
import type { TableParams } from '@frontend/components/data-table/use-table-query';
import { callApi } from '@frontend/lib/http';
import { approvalsQueryKey } from '@frontend/lib/query-keys';

export { approvalsQueryKey };

/** Which part of the queue the screen lists: the requests still waiting, or those decided (the API's `state`). */
export type ApprovalState = 'pending' | 'decided';
export const approvalStates: readonly ApprovalState[] = ['pending', 'decided'];

/** Under the queue's key, so a decision (or a funding sent for approval) reloads both parts and the badge. */
export const approvalListQueryKey = (companyId: string, state: ApprovalState) => [...approvalsQueryKey(companyId), 'list', state] as const;

/** The list has no filters: the state is the screen's switch, part of the query key. */
export type ApprovalFilters = Record<string, never>;
export const noApprovalFilters: ApprovalFilters = {};

export function fetchApprovals(state: ApprovalState, params: TableParams<ApprovalFilters>, signal: AbortSignal) {
  return callApi(approvalRoutes.listApprovals, { signal, query: { state, page: params.page, itemsPerPage: params.itemsPerPage } });
}

/** Money moves on approval: one dialog, one key, so a retried or double-clicked approval is one transfer. */
export const approveRequest = (approvalId: string, comment: string, idempotencyKey: string) =>
  callApi(approvalRoutes.approveRequest, { params: { approvalId }, body: { comment }, idempotencyKey });

export const rejectRequest = (approvalId: string, comment: string, idempotencyKey: string) =>
  callApi(approvalRoutes.rejectRequest, { params: { approvalId }, body: { comment }, idempotencyKey });
