import { useQuery } from '@tanstack/react-query';
import * as approvalRoutes from '@shared/api/routes/approval-routes';
import { hasRole, type Role } from '@shared/roles';
import { callApi } from './http';
import { awaitingApprovalsQueryKey } from './query-keys';

/** A request may wait days; a minute is soon enough for a badge, and a focused window asks at once. */
const awaitingPollIntervalMs = 60_000;

/**
 * How many waiting requests this person may decide (issue 35): the navigation's Approvals badge and the dashboard's
 * notice read the same query, so one request serves both. Accountants never see the queue: nothing is asked for them.
 */
export function useAwaitingYouCount(companyId: string | undefined, role: Role | undefined): number {
  return useAwaitingApprovals(companyId, role).awaitingYou;
}

/**
 * The count, and whether the company uses approvals at all (a rule set, or requests): without either the navigation
 * has no Approvals link, so a company that never set a rule sees the portal as before (issue 35).
 */
export function useAwaitingApprovals(companyId: string | undefined, role: Role | undefined): { awaitingYou: number; inUse: boolean } {
  const decides = Boolean(companyId) && role !== undefined && hasRole(role, 'manager');
  const awaiting = useQuery({
    queryKey: awaitingApprovalsQueryKey(companyId ?? ''),
    queryFn: ({ signal }) => callApi(approvalRoutes.listApprovals, { signal, query: { state: 'pending', page: 1, itemsPerPage: 10 } }),
    enabled: decides,
    refetchInterval: awaitingPollIntervalMs,
    refetchOnWindowFocus: true,
  });
  // A role lowered meanwhile keeps the cached answer: it is not shown.
  return decides ? { awaitingYou: awaiting.data?.awaitingYouCount ?? 0, inUse: awaiting.data?.inUse ?? false } : { awaitingYou: 0, inUse: false };
}
