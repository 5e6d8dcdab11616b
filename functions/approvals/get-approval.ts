import { useCase } from '../platform/use-case';
import { approvalView, readApprovalRequest, readApprovalRules } from './approval-store';
import * as approvalRoutes from '@shared/api/routes/approval-routes';

/** One request as it stands: what a 202's `statusUrl` names, so a client follows its decision. */
export const handler = useCase(approvalRoutes.getApproval, async ({ caller, params }) => {
  const [record, rules] = await Promise.all([readApprovalRequest(caller.companyId, params.approvalId), readApprovalRules(caller.companyId)]);
  return approvalView(record, new Date(), rules.version);
});
