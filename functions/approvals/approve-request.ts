import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { ApprovalRequest } from '@shared/approvals';
import { transferItems } from '../funding';
import { alertOnLowBalance } from '../money';
import { actorOfCaller } from '../platform/audit';
import { DomainError } from '../platform/errors';
import { IdempotencyClaimTaken } from '../platform/idempotency';
import { logger } from '../platform/logger';
import { readableError } from '../platform/readable-error';
import { conditionFailed, transactThroughConflicts } from '../platform/table';
import { useCase } from '../platform/use-case';
import { webhookEventPut } from '../webhooks';
import { approvalView, decisionItems, rulesUnchanged, type ApprovalRequestRecord } from './approval-store';
import { decidable, refusedDecision } from './decide-request';
import * as approvalRoutes from '@shared/api/routes/approval-routes';

/** The main account is shared by every transfer of the company: conflicts are expected under load. */
const conflictRetries = 8;

/**
 * Approves a waiting funding and makes it, in one transaction: the request moves from pending (once: a second
 * approver, or this one's retry, finds it decided), the rules are still those it was made under, and the transfer is
 * exactly the one previewed, from the main account's available amount, to employees who can still receive it. If any
 * of that changed, nothing moves and the answer says what (the request still waits, to be approved later or rejected).
 */
export const handler = useCase(approvalRoutes.approveRequest,
  async ({ caller, params, body, idempotency }) => {
    const now = new Date();
    const record = await decidable(caller, params.approvalId, now);
    const at = now.toISOString();
    const transfer = transferItems({
      companyId: caller.companyId,
      actor: record.requester,
      at,
      description: record.funding.credits.map((credit) => credit.name).join(', '),
      credits: record.funding.credits.map(({ employeeId, amountCents }) => ({ employeeId, amountCents })),
      source: {},
    });
    const decided: ApprovalRequestRecord = {
      ...record,
      status: 'approved',
      decidedBy: { userId: caller.userId, name: `${caller.profile.name} ${caller.profile.surname}`.trim(), viaApiKey: false },
      decidedAt: at,
      comment: body.comment === '' ? null : body.comment,
      movementId: transfer.movementId,
    };
    const answer: ApprovalRequest = approvalView(decided, now);
    const decision = await decisionItems(record, decided, actorOfCaller(caller, 'company_user'), now);
    // The idempotency item first, the request's update second: a refused one of those tells a replay or a decision
    // made first. The funding.applied events with the transfer they tell of (the outbox).
    const items = [
      idempotency.answerItem(answer),
      ...decision,
      rulesUnchanged(caller.companyId, record.ruleVersion),
      ...transfer.items,
      ...record.funding.credits.map((credit) => webhookEventPut(caller.companyId, 'funding.applied', { movementId: transfer.movementId, employeeId: credit.employeeId, amountCents: credit.amountCents, at }, now)),
    ];
    const rulesIndex = 1 + decision.length;
    const transferOffset = rulesIndex + 1;
    try {
      await transactThroughConflicts(items, {}, conflictRetries);
    } catch (error) {
      if (conditionFailed(error, 0)) throw new IdempotencyClaimTaken();
      if (conditionFailed(error, 1)) throw await refusedDecision(caller.companyId, record.approvalId);
      if (conditionFailed(error, rulesIndex)) throw new DomainError(409, 'APPROVAL_RULE_CHANGED');
      if (conditionFailed(error, transferOffset + transfer.debitIndex)) throw new DomainError(409, 'FUNDS_NOT_ENOUGH');
      if (transfer.creditIndexes.some((index) => conditionFailed(error, transferOffset + index))) throw new DomainError(409, 'FUNDING_USER_NOT_ACTIVE');
      logger.error('approved funding failed', { companyId: caller.companyId, approvalId: record.approvalId, cancelled: error instanceof TransactionCanceledException, error: await readableError(error) });
      throw new DomainError(503, 'FUNDS_TRANSFER_FAILED');
    }
    await alertOnLowBalance(caller.companyId);
    return answer;
  },
  { answerInTransaction: true },
);
