import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import {
  approvalFileSchema,
  approvalKinds,
  approvalListedCredits,
  approvalScheduleSchema,
  approvalUserChangeSchema,
  approvalPersonSchema,
  approvalStatuses,
  approvalStatusUrl,
  defaultApprovalExpiryDays,
  noApprovalRules,
  noUserChangeApprovals,
  type ApprovalFile,
  type ApprovalSchedule,
  type ApprovalUserChange,
  type ApprovalRequest,
  type ApprovalRules,
  type AwaitingApprovalAnswer,
} from '@shared/approvals';
import { publicApiPrefix } from '@shared/api/public-api';
import { rigaDateOf } from '@shared/dates';
import { actorSchema, auditPut, systemActor, type Actor } from '../platform/audit';
import { DomainError } from '../platform/errors';
import { emailsPut } from '../platform/outbox';
import { approverEmails, requesterEmails } from './approval-mail';
import { entities, keys } from '../platform/keys';
import { conditionFailed, getItem, queryAll, tableName, transactThroughConflicts, type TransactItem } from '../platform/table';
import { webhookEventPut } from '../webhooks';

const rulesRecord = /* @__PURE__ */ z.object({
  fundingAboveCents: z.nullable(z.int()),
  fundingPerDayCents: z._default(z.nullable(z.int()), null),
  userChanges: z._default(z.object({ addUser: z.boolean(), changePhone: z.boolean(), raiseLimit: z.boolean() }), { ...noUserChangeApprovals }),
  expiryDays: z._default(z.int(), defaultApprovalExpiryDays),
  version: z.int(),
  updatedAt: z.nullable(z.string()),
});

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
  funding: z.nullable(
    z.object({
      credits: z.array(z.object({ employeeId: z.string(), name: z.string(), amountCents: z.int() })),
      /** Every user it pays (a file's request lists only its first rows); absent on the first requests, which listed all. */
      employeeCount: z.optional(z.int()),
      totalCents: z.int(),
    }),
  ),
  file: z._default(z.nullable(approvalFileSchema), null),
  schedule: z._default(z.nullable(approvalScheduleSchema), null),
  userChange: z._default(z.nullable(approvalUserChangeSchema), null),
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

/**
 * The request as the API shows it at `now`, the company's approval rules being at `rulesVersion`: routes that read
 * requests pass the version of now; a request just made or just decided is shown under its own.
 */
export function approvalView(record: ApprovalRequestRecord, now: Date, rulesVersion = record.ruleVersion): ApprovalRequest {
  const status = effectiveStatus(record, now);
  return {
    approvalId: record.approvalId,
    kind: record.kind,
    status,
    requestedBy: record.requestedBy,
    requestedAt: record.requestedAt,
    expiresAt: record.expiresAt,
    funding: record.funding && { ...record.funding, employeeCount: record.funding.employeeCount ?? record.funding.credits.length },
    file: record.file,
    schedule: record.schedule,
    userChange: record.userChange,
    decidedBy: record.decidedBy,
    decidedAt: record.decidedAt,
    comment: record.comment,
    movementId: record.movementId,
    rulesChanged: status === 'pending' && record.ruleVersion !== rulesVersion,
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
    totalCents: record.funding?.totalCents ?? null,
    requestedBy: record.requestedBy.name,
    decidedBy: record.decidedBy?.name ?? null,
    comment: record.comment,
    movementId: record.movementId,
  };
}

/** The request as its audit records name it (amounts in cents, ids hidden as ids are). */
const auditedRequest = (record: ApprovalRequestRecord) => ({
  approvalId: record.approvalId,
  ...(record.funding ? { totalCents: record.funding.totalCents, employeeCount: record.funding.employeeCount ?? record.funding.credits.length } : {}),
  ...(record.userChange ? { name: record.userChange.name } : {}),
  ...(record.file ? { fileName: record.file.fileName } : {}),
  ...(record.schedule ? { scheduleName: record.schedule.name } : {}),
});

/** Who asks, under which rules and when: what every request records. */
interface RequestBase {
  companyId: string;
  requester: Actor;
  requesterUserId: string;
  viaApiKey: boolean;
  rules: ApprovalRules;
  at: Date;
}

export interface FundingRequest extends RequestBase {
  /** Every credit it asks for (a file's request lists the first approvalListedCredits of them). */
  credits: { employeeId: string; name: string; amountCents: number }[];
  /** The file it applies whole, if it is a file's (uploaded or a scheduled run's). */
  file?: ApprovalFile;
  /** The scheduled-funding rule it sets running, if it is a rule's (its credits: what one run would pay now). */
  schedule?: ApprovalSchedule;
}

type RequestItems = { items: TransactItem[]; answer: AwaitingApprovalAnswer; record: ApprovalRequestRecord };

/**
 * A funding that waits: the request with its whole preview, its audit record and `approval.requested`, as items of
 * the transaction the caller adds its exactly-once item to. Answers them with the 202 answer.
 */
export function fundingRequestItems(request: FundingRequest): Promise<RequestItems> {
  return requestItems(request, {
    kind: request.file ? 'fundingFile' : request.schedule ? 'fundingSchedule' : 'funding',
    funding: {
      credits: request.credits.slice(0, approvalListedCredits),
      employeeCount: request.credits.length,
      totalCents: request.credits.reduce((sum, credit) => sum + credit.amountCents, 0),
    },
    file: request.file ?? null,
    schedule: request.schedule ?? null,
    userChange: null,
  });
}

/** A change of a user that waits (adding one, a phone, raised limits): its request, as a funding's. */
export function userChangeRequestItems(request: RequestBase & { kind: 'addUser' | 'changePhone' | 'raiseLimit'; change: ApprovalUserChange }): Promise<RequestItems> {
  return requestItems(request, { kind: request.kind, funding: null, file: null, schedule: null, userChange: request.change });
}

async function requestItems(request: RequestBase, subject: Pick<ApprovalRequestRecord, 'kind' | 'funding' | 'file' | 'schedule' | 'userChange'>): Promise<RequestItems> {
  const approvalId = randomUUID();
  const requestedAt = request.at.toISOString();
  const record: ApprovalRequestRecord = {
    companyId: request.companyId,
    approvalId,
    ...subject,
    status: 'pending',
    requestedBy: { userId: request.requesterUserId, name: request.requester.name ?? '', viaApiKey: request.viaApiKey },
    requester: request.requester,
    requestedAt,
    expiresAt: new Date(request.at.getTime() + request.rules.expiryDays * 86_400_000).toISOString(),
    ruleVersion: request.rules.version,
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

/** How long a day's total of unapproved fundings is kept: past any day it could still be counted on. */
const fundedDayKeptSeconds = 3 * 86_400;

/**
 * The per-day amount's part of a funding that moves without approval: its amount added to the company's total of
 * unapproved fundings for the day (Riga time), under the condition that the total stays within the per-day amount, in
 * the funding's own transaction. So two fundings at once cannot both slip under the day's amount. Null when no per-day
 * amount is set. A transaction cancelled on this item means: the funding waits for approval instead.
 */
export function unapprovedFundingItem(companyId: string, rules: ApprovalRules, amountCents: number, at: Date): TransactItem | null {
  if (rules.fundingPerDayCents === null) return null;
  const day = rigaDateOf(at);
  return {
    Update: {
      TableName: tableName(),
      Key: keys.fundedWithoutApproval(companyId, day),
      UpdateExpression: 'SET entity = :entity, companyId = :companyId, #day = :day, expiresAt = :expires ADD fundedCents :amount',
      ConditionExpression: 'attribute_not_exists(fundedCents) OR fundedCents <= :room',
      ExpressionAttributeNames: { '#day': 'day' },
      ExpressionAttributeValues: {
        ':entity': entities.fundedWithoutApproval,
        ':companyId': companyId,
        ':day': day,
        ':expires': Math.floor(at.getTime() / 1000) + fundedDayKeptSeconds,
        ':amount': amountCents,
        ':room': rules.fundingPerDayCents - amountCents,
      },
    },
  };
}

/**
 * A decision written: the request moved from pending under the condition that it still waits (and, for an approval,
 * that its days have not passed), its audit record and `approval.decided`, and what the decision does to what waited
 * (`effects`: a waiting file declined). The first item is the request's update.
 */
export async function decisionItems(record: ApprovalRequestRecord, decided: ApprovalRequestRecord, actor: Actor, at: Date, effects: TransactItem[] = []): Promise<TransactItem[]> {
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
    ...effects,
  ];
}

/**
 * An owner's new rules, with their audit record: the version grows by one under the condition that it is still the
 * one read, so two owners saving at once both count (the second reads again and saves on top).
 */
export async function setApprovalRules(companyId: string, change: Pick<ApprovalRules, 'fundingAboveCents' | 'fundingPerDayCents' | 'userChanges' | 'expiryDays'>, actor: Actor): Promise<ApprovalRules> {
  for (let attempt = 0; ; attempt += 1) {
    const current = await readApprovalRules(companyId);
    const updatedAt = new Date().toISOString();
    const next: ApprovalRules = { ...change, version: current.version + 1, updatedAt };
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
          auditPut({ companyId, actor, action: 'approval.rules_change', target: { type: 'company', id: companyId }, before: { thresholdCents: current.fundingAboveCents, perDayCents: current.fundingPerDayCents, expiryDays: current.expiryDays },
            after: { thresholdCents: change.fundingAboveCents, perDayCents: change.fundingPerDayCents, expiryDays: change.expiryDays },
            at: updatedAt,
          }),
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
export async function expireApprovalRequest(companyId: string, approvalId: string, now: Date, effects: (record: ApprovalRequestRecord) => Promise<TransactItem[]>): Promise<boolean> {
  const record = await readApprovalRequest(companyId, approvalId);
  if (record.status !== 'pending' || record.expiresAt > now.toISOString()) return false;
  const expired: ApprovalRequestRecord = { ...record, status: 'expired', decidedAt: now.toISOString() };
  try {
    await transactThroughConflicts(await decisionItems(record, expired, systemActor, now, await effects(record)), {}, 8);
    return true;
  } catch (error) {
    if (conditionFailed(error, 0)) return false;
    throw error;
  }
}
