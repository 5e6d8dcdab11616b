import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { setApprovalRules } from './approval-store';
import * as approvalRoutes from '@shared/api/routes/approval-routes';

/**
 * Owners set above which amount a funding waits for a second person's approval (or turn it off: null), and after how
 * many days a request expires.
 */
export const handler = useCase(approvalRoutes.setApprovalRules, async ({ caller, body }) => setApprovalRules(caller.companyId, body, actorOfCaller(caller, 'company_user')));
