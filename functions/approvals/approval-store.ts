import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import {
  approvalFundingSchema,
  approvalKinds,
  approvalPersonSchema,
  approvalStatuses,
  approvalStatusUrl,
  defaultApprovalExpiryDays,
  noApprovalRules,
  type ApprovalRequest,
  type ApprovalRules,
  type AwaitingApprovalAnswer,
} from '@shared/approvals';
import { publicApiPrefix } from '@shared/api/public-api';
import { actorSchema, auditPut, systemActor, type Actor } from '../platform/audit';
import { DomainError } from '../platform/errors';
import { emailsPut } from '../platform/outbox';
import { approverEmails, requesterEmails } from './approval-mail';
import { entities, keys } from '../platform/keys';
import { conditionFailed, getItem, queryAll, tableName, transactThroughConflicts, type TransactItem } from '../platform/table';
import { webhookEventPut } from '../webhooks';

const rulesRecord = /* @__PURE__ */ z.object({ fundingAboveCents: z.nullable(z.int()), version: z.int(), updatedAt: z.nullable(z.string()) });

/** The company's rules; none set: nothing waits. Strongly consistent: a rule just set holds for the next request. */
export async function readApprovalRules(companyId: string): Promise<ApprovalRules> {
  const item = await getItem(keys.approvalRules(companyId), { consistent: true });
  return item ? rulesRecord.parse(item) : noApprovalRules;
}

/**
 * That the rules are still those of `version` when a decision is written: a rule changed since the request was made
 * refuses its approval (the owner's new rule decides what needs a second person).
 */
export function rulesUnchanged(companyId: string, version: number): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.approvalRules(companyId),
      ConditionExpression: version === 0 ? 'attribute_not_exists(pk) OR version = :version' : 'version = :version',
      ExpressionAttributeValues: { ':version': version },
    },
  };
}

export const approvalRequestRecord = /* @__PURE__ */ z.object({
  companyId: z.string(),
  approvalId: z.string(),
  kind: z.enum(approvalKinds),
  status: z.enum(approvalStatuses),
  requestedBy: approvalPersonSchema,
  /** The requester as the audit names them: the money moves in their name once approved. */
  requester: actorSchema,
  requestedAt: z.string(),
  expiresAt: z.string(),
  ruleVersion: z.int(),
  funding: approvalFundingSchema,
  decidedBy: z._default(z.nullable(approvalPersonSchema), null),
  decidedAt: z._default(z.nullable(z.string()), null),
  comment: z._default(z.nullable(z.string()), null),
  movementId: z._default(z.nullable(z.string()), null),
});
export type ApprovalRequestRecord = z.infer<typeof approvalRequestRecord>;

/** A waiting request whose days have passed is expired, whether or not the expiry has been written yet. */
export function effectiveStatus(record: Pick<ApprovalRequestRecord, 'status' | 'expiresAt'>, now: Date): ApprovalRequest['status'] {
  return record.status === 'pending' && record.expiresAt <= now.toISOString() ? 'expired' : record.status;
}

export function approvalView(record: ApprovalRequestRecord, now: Date = new Date()): ApprovalRequest {
  return {
    approvalId: record.approvalId,
    kind: record.kind,
    status: effectiveStatus(record, now),
    requestedBy: record.requestedBy,
    requestedAt: record.requestedAt,
    expiresAt: record.expiresAt,
    funding: record.funding,
    decidedBy: record.decidedBy,
    decidedAt: record.decidedAt,
    comment: record.comment,
    movementId: record.movementId,
  };
}

export async function readApprovalRequest(companyId: string, approvalId: string): Promise<ApprovalRequestRecord> {
  const item = await getItem(keys.approvalRequest(companyId, approvalId), { consistent: true });
  if (!item) throw new DomainError(404, 'APPROVAL_NOT_FOUND');
  return approvalRequestRecord.parse(item);
}

export async function listApprovalRequests(companyId: string): Promise<ApprovalRequestRecord[]> {
  const { pk } = keys.approvalRequests(companyId);
  const items = await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } });
  return items.map((item) => approvalRequestRecord.parse(item));
}

/** The webhook events' data: the request as it stands. */
export function approvalEventData(record: ApprovalRequestRecord) {
  return {
    approvalId: record.approvalId,
    kind: record.kind,
    status: record.status,
    totalCents: record.funding.totalCents,
    requestedBy: record.requestedBy.name,
    decidedBy: record.decidedBy?.name ?? null,
    comment: record.comment,
    movementId: record.movementId,
  };
}

/** The request as its audit records name it (amounts in cents, ids hidden as ids are). */
const auditedRequest = (record: ApprovalRequestRecord) => ({ approvalId: record.approvalId, totalCents: record.funding.totalCents, employeeCount: record.funding.credits.length });

export interface FundingRequest {
  companyId: string;
  requester: Actor;
  requesterUserId: string;
  viaApiKey: boolean;
  credits: { employeeId: string; name: string; amountCents: number }[];
  rules: ApprovalRules;
  at: Date;
}

/**
 * A funding that waits: the request with its whole preview, its audit record and `approval.requested`, as items of
 * the transaction the caller adds its exactly-once item to. Answers them with the 202 answer.
 */
export async function fundingRequestItems(request: FundingRequest): Promise<{ items: TransactItem[]; answer: AwaitingApprovalAnswer; record: ApprovalRequestRecord }> {
  const approvalId = randomUUID();
  const requestedAt = request.at.toISOString();
  const record: ApprovalRequestRecord = {
    companyId: request.companyId,
    approvalId,
    kind: 'funding',
    status: 'pending',
    requestedBy: { userId: request.requesterUserId, name: request.requester.name ?? '', viaApiKey: request.viaApiKey },
    requester: request.requester,
    requestedAt,
    expiresAt: new Date(request.at.getTime() + defaultApprovalExpiryDays * 86_400_000).toISOString(),
    ruleVersion: request.rules.version,
    funding: { credits: request.credits, totalCents: request.credits.reduce((sum, credit) => sum + credit.amountCents, 0) },
    decidedBy: null,
    decidedAt: null,
    comment: null,
    movementId: null,
  };
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.approvalRequest(request.companyId, approvalId), ...keys.pendingApproval(record.expiresAt, request.companyId, approvalId), entity: entities.approvalRequest, ...record },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    auditPut({ companyId: request.companyId, actor: request.requester, action: 'approval.request', target: { type: 'company', id: request.companyId }, before: {}, after: auditedRequest(record), at: requestedAt }),
    webhookEventPut(request.companyId, 'approval.requested', approvalEventData(record), request.at),
    // Those who may decide it are e-mailed with the request (the outbox): exactly when it is recorded.
    ...emailsPut(await approverEmails(record), request.at),
  ];
  // A key's system follows the request on the public API, a person on the portal's.
  const statusUrl = `${request.viaApiKey ? publicApiPrefix : ''}${approvalStatusUrl(approvalId)}`;
  return { items, record, answer: { status: 'awaiting_approval', approval: approvalView(record, request.at), statusUrl } };
}

/**
 * A decision written: the request moved from pending under the condition that it still waits (and, for an approval,
 * that its days have not passed), its audit record and `approval.decided`. The first item is the request's update.
 */
export async function decisionItems(record: ApprovalRequestRecord, decided: ApprovalRequestRecord, actor: Actor, at: Date): Promise<TransactItem[]> {
  const action = decided.status === 'approved' ? 'approval.approve' : decided.status === 'rejected' ? 'approval.reject' : 'approval.expire';
  return [
    {
      Update: {
        TableName: tableName(),
        Key: keys.approvalRequest(record.companyId, record.approvalId),
        // Out of the pending index: the expiry job has nothing more to do with it.
        UpdateExpression: 'SET #status = :to, decidedBy = :decidedBy, decidedAt = :decidedAt, #comment = :comment, movementId = :movementId REMOVE gsi2pk, gsi2sk',
        ConditionExpression: decided.status === 'expired' ? '#status = :pending' : '#status = :pending AND expiresAt > :now',
        ExpressionAttributeNames: { '#status': 'status', '#comment': 'comment' },
        ExpressionAttributeValues: {
          ':to': decided.status,
          ':pending': 'pending',
          ':decidedBy': decided.decidedBy,
          ':decidedAt': decided.decidedAt,
          ':comment': decided.comment,
          ':movementId': decided.movementId,
          ...(decided.status === 'expired' ? {} : { ':now': at.toISOString() }),
        },
      },
    },
    auditPut({ companyId: record.companyId, actor, action, target: { type: 'company', id: record.companyId }, before: { status: record.status }, after: { ...auditedRequest(record), status: decided.status, comment: decided.comment }, at: at.toISOString() }),
    webhookEventPut(record.companyId, 'approval.decided', approvalEventData(decided), at),
    // The asker learns the outcome by e-mail too, with the decision.
    ...emailsPut(await requesterEmails(decided), at),
  ];
}

/**
 * An owner's new rules, with their audit record: the version grows by one under the condition that it is still the
 * one read, so two owners saving at once both count (the second reads again and saves on top).
 */
export async function setApprovalRules(companyId: string, fundingAboveCents: number | null, actor: Actor): Promise<ApprovalRules> {
  for (let attempt = 0; ; attempt += 1) {
    const current = await readApprovalRules(companyId);
    const updatedAt = new Date().toISOString();
    const next: ApprovalRules = { fundingAboveCents, version: current.version + 1, updatedAt };
    try {
      await transactThroughConflicts(
        [
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.approvalRules(companyId), entity: entities.approvalRules, companyId, ...next },
              ConditionExpression: current.version === 0 ? 'attribute_not_exists(pk)' : 'version = :version',
              ...(current.version === 0 ? {} : { ExpressionAttributeValues: { ':version': current.version } }),
            },
          },
          auditPut({ companyId, actor, action: 'approval.rules_change', target: { type: 'company', id: companyId }, before: { thresholdCents: current.fundingAboveCents }, after: { thresholdCents: fundingAboveCents }, at: updatedAt }),
        ],
        {},
        8,
      );
      return next;
    } catch (error) {
      if (!conditionFailed(error, 0) || attempt >= 4) throw error;
    }
  }
}

/**
 * Writes the expiry of a request whose days passed unanswered, as the system: its audit record and `approval.decided`.
 * Answers whether this call expired it (a decision made meanwhile wins: the condition wants it still pending).
 */
export async function expireApprovalRequest(companyId: string, approvalId: string, now: Date): Promise<boolean> {
  const record = await readApprovalRequest(companyId, approvalId);
  if (record.status !== 'pending' || record.expiresAt > now.toISOString()) return false;
  const expired: ApprovalRequestRecord = { ...record, status: 'expired', decidedAt: now.toISOString() };
  try {
    await transactThroughConflicts(await decisionItems(record, expired, systemActor, now), {}, 8);
    return true;
  } catch (error) {
    if (conditionFailed(error, 0)) return false;
    throw error;
  }
}
