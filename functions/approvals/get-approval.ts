import { useCase } from '../platform/use-case';
import { approvalView, readApprovalRequest } from './approval-store';
import * as approvalRoutes from '@shared/api/routes/approval-routes';

/** One request as it stands: what a 202's `statusUrl` names, so a client follows its decision. */
export const handler = useCase(approvalRoutes.getApproval, async ({ caller, params }) => approvalView(await readApprovalRequest(caller.companyId, params.approvalId)));
