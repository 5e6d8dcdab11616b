import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { ApprovalPerson, ApprovalRequest, ApprovalUserChange } from '@shared/approvals';
import { changeEmployeePhone, createEmployee, limitsOf, limitsSettable, phoneChangeable, setEmployeeLimits, type EmployeeChange } from '../employees';
import { approvedFileItems, approvedScheduleItem, queueApprovedFile, transferItems } from '../funding';
import { alertOnLowBalance } from '../money';
import { actorOfCaller, type Actor } from '../platform/audit';
import { DomainError } from '../platform/errors';
import { IdempotencyClaimTaken, type IdempotentRequest } from '../platform/idempotency';
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
    const decider = { userId: caller.userId, name: `${caller.profile.name} ${caller.profile.surname}`.trim(), viaApiKey: false };
    const comment = body.comment === '' ? null : body.comment;
    const decision = { decider, comment, actor: actorOfCaller(caller, 'company_user'), now, idempotency };
    if (record.file) return approveFile(caller.companyId, record, record.file.fileId, decision);
    if (record.schedule) return approveSchedule(caller.companyId, record, record.schedule.scheduleId, decision);
    if (record.userChange) return approveUserChange(caller.companyId, record, record.userChange, decision);
    if (!record.funding) throw new Error(`approval ${record.approvalId} asks for nothing`);
    const { funding } = record;

    const transfer = transferItems({
      companyId: caller.companyId,
      actor: record.requester,
      at,
      description: funding.credits.map((credit) => credit.name).join(', '),
      credits: funding.credits.map(({ employeeId, amountCents }) => ({ employeeId, amountCents })),
      source: {},
    });
    const decided: ApprovalRequestRecord = { ...record, status: 'approved', decidedBy: decider, decidedAt: at, comment, movementId: transfer.movementId };
    const answer: ApprovalRequest = approvalView(decided, now);
    const decisionWrites = await decisionItems(record, decided, decision.actor, now);
    // The idempotency item first, the request's update second: a refused one of those tells a replay or a decision
    // made first. The funding.applied events with the transfer they tell of (the outbox).
    const items = [
      idempotency.answerItem(answer),
      ...decisionWrites,
      rulesUnchanged(caller.companyId, record.ruleVersion),
      ...transfer.items,
      ...funding.credits.map((credit) => webhookEventPut(caller.companyId, 'funding.applied', { movementId: transfer.movementId, employeeId: credit.employeeId, amountCents: credit.amountCents, at }, now)),
    ];
    const rulesIndex = 1 + decisionWrites.length;
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

/** The items a change of a user adds to its own transaction, each with what its failed condition means. */
type ExtraItems = NonNullable<EmployeeChange['extra']>;

/** Who decides, how, and the exactly-once answer of their request. */
interface Decision {
  decider: ApprovalPerson;
  comment: string | null;
  actor: Actor;
  now: Date;
  idempotency: Pick<IdempotentRequest, 'answerItem'>;
}

/**
 * Approves a waiting file: in one transaction the request is decided, the rules are unchanged, the file is queued and
 * its whole total set aside on the main account (refused, with nothing written, when the available amount no longer
 * covers it); the funding worker then pays each row from that hold, in the requester's name.
 */
async function approveFile(companyId: string, record: ApprovalRequestRecord, fileId: string, decision: Decision): Promise<ApprovalRequest> {
  const at = decision.now.toISOString();
  const file = await approvedFileItems(companyId, fileId, at);
  const decided: ApprovalRequestRecord = { ...record, status: 'approved', decidedBy: decision.decider, decidedAt: at, comment: decision.comment };
  const answer = approvalView(decided, decision.now);
  const decisionWrites = await decisionItems(record, decided, decision.actor, decision.now);
  const rulesIndex = 1 + decisionWrites.length;
  const fileOffset = rulesIndex + 1;
  try {
    await transactThroughConflicts([decision.idempotency.answerItem(answer), ...decisionWrites, rulesUnchanged(companyId, record.ruleVersion), ...file.items], {}, conflictRetries);
  } catch (error) {
    if (conditionFailed(error, 0)) throw new IdempotencyClaimTaken();
    if (conditionFailed(error, 1)) throw await refusedDecision(companyId, record.approvalId);
    if (conditionFailed(error, rulesIndex)) throw new DomainError(409, 'APPROVAL_RULE_CHANGED');
    if (conditionFailed(error, fileOffset + file.holdIndex)) throw new DomainError(409, 'FUNDS_NOT_ENOUGH');
    throw error;
  }
  await queueApprovedFile(companyId, fileId);
  // Setting the file's total aside lowers the available amount now.
  await alertOnLowBalance(companyId);
  return answer;
}

/**
 * Approves a waiting scheduled-funding rule: in one transaction the request is decided, the approval rules are
 * unchanged and the rule becomes active on its next date, if it is still the version asked for. Each of its runs above
 * the amount still waits for its own approval: this approves the plan, not the money of every run.
 */
async function approveSchedule(companyId: string, record: ApprovalRequestRecord, scheduleId: string, decision: Decision): Promise<ApprovalRequest> {
  const at = decision.now.toISOString();
  const ruleItem = await approvedScheduleItem(companyId, scheduleId, record.approvalId, at);
  const decided: ApprovalRequestRecord = { ...record, status: 'approved', decidedBy: decision.decider, decidedAt: at, comment: decision.comment };
  const answer = approvalView(decided, decision.now);
  const decisionWrites = await decisionItems(record, decided, decision.actor, decision.now);
  const rulesIndex = 1 + decisionWrites.length;
  try {
    await transactThroughConflicts([decision.idempotency.answerItem(answer), ...decisionWrites, rulesUnchanged(companyId, record.ruleVersion), ruleItem], {}, conflictRetries);
  } catch (error) {
    if (conditionFailed(error, 0)) throw new IdempotencyClaimTaken();
    if (conditionFailed(error, 1)) throw await refusedDecision(companyId, record.approvalId);
    if (conditionFailed(error, rulesIndex)) throw new DomainError(409, 'APPROVAL_RULE_CHANGED');
    if (conditionFailed(error, rulesIndex + 1)) throw new DomainError(409, 'APPROVAL_SUBJECT_CHANGED');
    throw error;
  }
  return answer;
}

type Limits = NonNullable<ApprovalUserChange['limits']>['from'];
const sameLimits = (a: Limits, b: Limits) =>
  a.limitCents === b.limitCents && a.annualLimitCents === b.annualLimitCents && [...a.mccGroups].sort().join() === [...b.mccGroups].sort().join();

/**
 * Approves a waiting change of a user and makes it, in one transaction with the decision: the user added (their card
 * ordered under the id the request recorded, so a retry orders the same card), the phone moved, or the limits set.
 * If the user changed since the request (another phone, other limits), nothing is done: what was approved would not be
 * what happens.
 */
async function approveUserChange(companyId: string, record: ApprovalRequestRecord, change: ApprovalUserChange, decision: Decision): Promise<ApprovalRequest> {
  const at = decision.now.toISOString();
  const decided: ApprovalRequestRecord = { ...record, status: 'approved', decidedBy: decision.decider, decidedAt: at, comment: decision.comment };
  const answer = approvalView(decided, decision.now);
  const decisionWrites = await decisionItems(record, decided, decision.actor, decision.now);
  const extra: ExtraItems = [
    { item: decision.idempotency.answerItem(answer), refusal: new IdempotencyClaimTaken() },
    ...decisionWrites.map((item, index) => (index === 0 ? { item, refusal: new DomainError(409, 'APPROVAL_NOT_PENDING') } : { item })),
    { item: rulesUnchanged(companyId, record.ruleVersion), refusal: new DomainError(409, 'APPROVAL_RULE_CHANGED') },
  ];
  const changed = new DomainError(409, 'APPROVAL_SUBJECT_CHANGED');
  if (change.newUser) {
    await createEmployee(companyId, change.employeeId, change.newUser, record.requester, extra);
  } else if (change.phone) {
    const employee = await phoneChangeable(companyId, change.employeeId, change.phone.to);
    if (employee.phone !== change.phone.from) throw changed;
    await changeEmployeePhone(employee, change.phone.to, record.requester, extra);
  } else if (change.limits) {
    const employee = await limitsSettable(companyId, change.employeeId);
    if (!sameLimits(limitsOf(employee), change.limits.from)) throw changed;
    await setEmployeeLimits(employee, change.limits.to, record.requester, extra);
  }
  return answer;
}
