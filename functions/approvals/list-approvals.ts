import { mayDecide } from '@shared/approvals';
import { pageOf } from '@shared/lists';
import { useCase } from '../platform/use-case';
import { approvalView, listApprovalRequests, readApprovalRules } from './approval-store';
import * as approvalRoutes from '@shared/api/routes/approval-routes';

/**
 * The approval queue: the requests that wait, or those decided (approved, rejected, expired), newest first, with how
 * many wait for this caller's decision (not their own): the navigation's badge.
 */
export const handler = useCase(approvalRoutes.listApprovals, async ({ caller, query }) => {
  const now = new Date();
  const [records, rules] = await Promise.all([listApprovalRequests(caller.companyId), readApprovalRules(caller.companyId)]);
  const requests = records.map((record) => approvalView(record, now, rules.version)).sort((a, b) => b.requestedAt.localeCompare(a.requestedAt));
  const shown = requests.filter((request) => (query.state === 'pending' ? request.status === 'pending' : request.status !== 'pending'));
  return { ...pageOf(shown, query), awaitingYouCount: requests.filter((request) => mayDecide(request, caller.userId)).length, inUse: rules.fundingAboveCents !== null || requests.length > 0 };
});
