import { useCase } from '../platform/use-case';
import { readApprovalRules } from './approval-store';
import * as approvalRoutes from '@shared/api/routes/approval-routes';

/** The company's dual-approval rules: every member reads them (a manager sees why a funding waits). */
export const handler = useCase(approvalRoutes.getApprovalRules, async ({ caller }) => readApprovalRules(caller.companyId));
