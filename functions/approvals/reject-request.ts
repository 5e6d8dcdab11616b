import type { ApprovalRequest } from '@shared/approvals';
import { actorOfCaller } from '../platform/audit';
import { DomainError } from '../platform/errors';
import { IdempotencyClaimTaken } from '../platform/idempotency';
import { conditionFailed, transactThroughConflicts } from '../platform/table';
import { useCase } from '../platform/use-case';
import { approvalView, decisionItems, type ApprovalRequestRecord } from './approval-store';
import { decidable, declineEffects, refusedDecision } from './decide-request';
import * as approvalRoutes from '@shared/api/routes/approval-routes';

/** Rejects a waiting request with a comment the requester reads: nothing it asked for happens. */
export const handler = useCase(approvalRoutes.rejectRequest,
  async ({ caller, params, body, idempotency }) => {
    const now = new Date();
    const record = await decidable(caller, params.approvalId, now);
    const decided: ApprovalRequestRecord = { ...record, status: 'rejected', decidedBy: { userId: caller.userId, name: `${caller.profile.name} ${caller.profile.surname}`.trim(), viaApiKey: false }, decidedAt: now.toISOString(), comment: body.comment };
    const answer: ApprovalRequest = approvalView(decided, now);
    const items = [idempotency.answerItem(answer), ...(await decisionItems(record, decided, actorOfCaller(caller, 'company_user'), now, await declineEffects(record, now)))];
    try {
      await transactThroughConflicts(items, {}, 8);
    } catch (error) {
      if (conditionFailed(error, 0)) throw new IdempotencyClaimTaken();
      if (conditionFailed(error, 1)) throw await refusedDecision(caller.companyId, record.approvalId);
      // What waited changed between the read and the write (a rule edited that moment): read again on a retry.
      if (conditionFailed(error, items.length - 1)) throw new DomainError(409, 'CONFLICT');
      throw error;
    }
    return answer;
  },
  { answerInTransaction: true },
);
