import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { actorOfCaller } from '../platform/audit';
import { findEmployee } from '../employees';
import { DomainError } from '../platform/errors';
import { IdempotencyClaimTaken } from '../platform/idempotency';
import { logger } from '../platform/logger';
import { readableError } from '../platform/readable-error';
import { conditionFailed, transactThroughConflicts } from '../platform/table';
import { useCase } from '../platform/use-case';
import { webhookEventPut } from '../webhooks';
import { fundingNeedsApproval } from '@shared/approvals';
import { canReceiveFunds } from '@shared/cards';
import { fundingRequestItems, readApprovalRules, unapprovedFundingItem } from '../approvals';
import type { FundingAnswer } from '@shared/funding';
import { transferItems } from './funding-store';
import { alertOnLowBalance } from '../money';
import * as fundingRoutes from '@shared/api/routes/funding-routes';

/** The main account is shared by every transfer, fee and top-up of the company: conflicts are expected under load. */
const conflictRetries = 8;

/**
 * Add funds to one employee (SPEC section 4): one TransactWriteItems moves the money, writes the ledger lines, the
 * audit record and the Idempotency-Key's answer, so a retried request can neither pay twice nor half. Above the
 * company's approval amount (issue 35) nothing moves: the request waits for a second person, answered 202 (the same
 * key again answers the same request).
 */
export const handler = useCase(fundingRoutes.fundEmployee,
  async ({ caller, params, body, idempotency }) => {
    const employee = await findEmployee(caller.companyId, params.employeeId);
    if (!employee) throw new DomainError(404, 'FUNDING_USER_NOT_ACTIVE');
    if (!canReceiveFunds(employee.cardStatus)) throw new DomainError(409, 'FUNDING_USER_NOT_ACTIVE');

    const rules = await readApprovalRules(caller.companyId);
    const name = `${employee.name} ${employee.surname}`.trim();
    const awaitApproval = async () => {
      const request = await fundingRequestItems({
        companyId: caller.companyId,
        requester: actorOfCaller(caller, 'company_user'),
        // What a key asks, its maker asked: they may not approve it themselves.
        requesterUserId: caller.apiKey?.createdBy ?? caller.userId,
        viaApiKey: caller.apiKey !== undefined,
        credits: [{ employeeId: employee.employeeId, name, amountCents: body.amountCents }],
        rules,
        at: new Date(),
      });
      try {
        await transactThroughConflicts([idempotency.answerItem(request.answer, 202), ...request.items], {}, conflictRetries);
      } catch (error) {
        if (conditionFailed(error, 0)) throw new IdempotencyClaimTaken();
        throw error;
      }
      return request.answer;
    };
    if (fundingNeedsApproval(rules, body.amountCents)) return awaitApproval();

    const now = new Date();
    const at = now.toISOString();
    const transfer = transferItems({
      companyId: caller.companyId,
      actor: actorOfCaller(caller, 'company_user'),
      at,
      description: name,
      credits: [{ employeeId: employee.employeeId, amountCents: body.amountCents }],
      source: {},
    });
    const answer: FundingAnswer = { movementId: transfer.movementId, employeeId: employee.employeeId, amountCents: body.amountCents, at };
    // Within the per-day amount only with the day's earlier unapproved fundings: counted in the same transaction.
    const dayTotal = unapprovedFundingItem(caller.companyId, rules, body.amountCents, now);
    // The idempotency item first: when it is the one refused, the request is a replay, whatever else failed with it.
    // The event with the transfer it tells of (the outbox): once, as a replay of the key commits nothing.
    const items = [idempotency.answerItem(answer), ...transfer.items, webhookEventPut(caller.companyId, 'funding.applied', { ...answer }), ...(dayTotal ? [dayTotal] : [])];
    const offset = 1;
    try {
      await transactThroughConflicts(items, {}, conflictRetries);
    } catch (error) {
      if (conditionFailed(error, 0)) throw new IdempotencyClaimTaken();
      // The day's unapproved fundings leave no room for it: it waits, as one above the amount does.
      if (dayTotal && conditionFailed(error, items.length - 1)) return awaitApproval();
      if (conditionFailed(error, offset + transfer.debitIndex)) throw new DomainError(409, 'FUNDS_NOT_ENOUGH');
      if (transfer.creditIndexes.some((index) => conditionFailed(error, offset + index))) throw new DomainError(409, 'FUNDING_USER_NOT_ACTIVE');
      logger.error('funds transfer failed', { companyId: caller.companyId, employeeId: employee.employeeId, cancelled: error instanceof TransactionCanceledException, error: await readableError(error) });
      throw new DomainError(503, 'FUNDS_TRANSFER_FAILED');
    }
    await alertOnLowBalance(caller.companyId);
    return answer;
  },
  { answerInTransaction: true },
);
