import * as z from 'zod/mini';
import { merchantCategoryGroupSchema } from './cards';
import { positiveCentsSchema } from './employees';
import { scheduleCadenceSchema } from './funding-schedules';
import { listQuerySchema, tableAnswerSchema } from './lists';

/**
 * Dual approval (issue 35): an owner sets when a second person must approve, before anything moves. With no rule set
 * (the default), nothing waits.
 */

/** How many days a request waits for its decision before it expires, until an owner sets another (within the range). */
export const defaultApprovalExpiryDays = 7;
export const approvalExpiryDaysRange = { min: 1, max: 30 } as const;
/** A comment on a decision: required on a rejection (the requester reads why), optional on an approval. */
export const approvalCommentMaxLength = 500;

/**
 * The company's rules. `fundingAboveCents`: a funding of more than this, in one operation, waits for approval (null:
 * none waits). `version` grows with every change: a request records the version it was made under, and is refused
 * on approval when the rule changed meanwhile.
 */
export const approvalRulesSchema = /* @__PURE__ */ z.object({
  fundingAboveCents: z.nullable(z.int().check(z.positive())),
  /**
   * Optional: what the company may fund in one day (Riga time) without a second person. A funding that would take the
   * day's total of unapproved fundings above it waits (null: no per-day amount).
   */
  fundingPerDayCents: z.nullable(z.int().check(z.positive())),
  /** Changes of users that wait for a second person too, each optional (all off: none waits). */
  userChanges: z.object({ addUser: z.boolean(), changePhone: z.boolean(), raiseLimit: z.boolean() }),
  /** Days a request waits for its decision before it expires. */
  expiryDays: z.int().check(z.gte(approvalExpiryDaysRange.min), z.lte(approvalExpiryDaysRange.max)),
  version: z.int().check(z.nonnegative()),
  updatedAt: z.nullable(z.string()),
});
export type ApprovalRules = z.infer<typeof approvalRulesSchema>;
export const noUserChangeApprovals = { addUser: false, changePhone: false, raiseLimit: false } as const;
export const noApprovalRules: ApprovalRules = { fundingAboveCents: null, fundingPerDayCents: null, userChanges: { ...noUserChangeApprovals }, expiryDays: defaultApprovalExpiryDays, version: 0, updatedAt: null };

/** An owner's change of the rules: the amount in cents, or null to turn funding approval off. */
export const approvalRulesBodySchema = /* @__PURE__ */ z.object({
  fundingAboveCents: z.nullable(positiveCentsSchema('AMOUNT_REQUIRED')),
  fundingPerDayCents: z._default(z.nullable(positiveCentsSchema('AMOUNT_REQUIRED')), null),
  userChanges: z._default(z.object({ addUser: z.boolean(), changePhone: z.boolean(), raiseLimit: z.boolean() }), { ...noUserChangeApprovals }),
  expiryDays: z._default(
    z.int({ error: 'EXPIRY_DAYS_INVALID' }).check(z.gte(approvalExpiryDaysRange.min, { error: 'EXPIRY_DAYS_INVALID' }), z.lte(approvalExpiryDaysRange.max, { error: 'EXPIRY_DAYS_INVALID' })),
    defaultApprovalExpiryDays,
  ),
});
export type ApprovalRulesBody = z.input<typeof approvalRulesBodySchema>;

/**
 * Whether a funding of this total, in one operation, waits for a second person's approval under these rules, whatever
 * else was funded today: above the amount per operation, or alone above the per-day amount. (One within both may still
 * wait when the day's earlier fundings leave less room: the server knows, and answers 202.)
 */
export function fundingNeedsApproval(rules: Pick<ApprovalRules, 'fundingAboveCents' | 'fundingPerDayCents'>, totalCents: number): boolean {
  const above = (limit: number | null) => limit !== null && totalCents > limit;
  return above(rules.fundingAboveCents) || above(rules.fundingPerDayCents);
}

/**
 * What a request asks for: a funding of one employee, or a funding file (uploaded, or a scheduled run's) applied whole.
 * User changes follow.
 */
export const approvalKinds = ['funding', 'fundingFile', 'fundingSchedule', 'addUser', 'changePhone', 'raiseLimit'] as const;
export type ApprovalKind = (typeof approvalKinds)[number];

/**
 * pending -> approved (what it asked for happened, in the same transaction) | rejected (with a comment) | expired
 * (its days passed). Each decision is final.
 */
export const approvalStatuses = ['pending', 'approved', 'rejected', 'expired'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

const cents = /* @__PURE__ */ z.int().check(z.positive());

/** Who asked or decided: a person, by name (an API key asks in its owner's name, and never decides). */
export const approvalPersonSchema = /* @__PURE__ */ z.object({ userId: z.string(), name: z.string(), viaApiKey: z._default(z.boolean(), false) });
export type ApprovalPerson = z.infer<typeof approvalPersonSchema>;

/**
 * A file's rows listed in its request, at most (its count and total are whole; every row is in the file, which the
 * file's own screen lists): a request stays one small item however long the file.
 */
export const approvalListedCredits = 100;

/** The preview of a waiting funding: who receives what (a file's first rows), how many in all, and the total. */
export const approvalFundingSchema = /* @__PURE__ */ z.object({
  credits: z.array(z.object({ employeeId: z.string(), name: z.string(), amountCents: cents })),
  employeeCount: z.int().check(z.positive()),
  totalCents: cents,
});

/** The file a fundingFile request applies: its name, and for a scheduled run the rule and the run's date. */
export const approvalFileSchema = /* @__PURE__ */ z.object({
  fileId: z.string(),
  fileName: z.string(),
  scheduleName: z.nullable(z.string()),
  runDate: z.nullable(z.string()),
});
export type ApprovalFile = z.infer<typeof approvalFileSchema>;

/**
 * The scheduled-funding rule a fundingSchedule request sets running: its name, rhythm and the version asked for
 * (`updatedAt`: an edit after the request refuses its approval). Its funding is what one run would pay now.
 */
export const approvalScheduleSchema = /* @__PURE__ */ z.object({
  scheduleId: z.string(),
  name: z.string(),
  cadence: scheduleCadenceSchema,
  updatedAt: z.string(),
});
export type ApprovalSchedule = z.infer<typeof approvalScheduleSchema>;

const limitsSchema = /* @__PURE__ */ z.object({ limitCents: z.int(), annualLimitCents: z.int(), mccGroups: z.array(merchantCategoryGroupSchema) });

/**
 * The change of one user an addUser, changePhone or raiseLimit request makes, exactly as it will be made: the new
 * user's details (the id their card is ordered under), the phone from and to, or the limits from and to.
 */
export const approvalUserChangeSchema = /* @__PURE__ */ z.object({
  employeeId: z.string(),
  name: z.string(),
  newUser: z.nullable(z.object({ name: z.string(), surname: z.string(), phone: z.nullable(z.string()), email: z.nullable(z.string()), personalCode: z.nullable(z.string()) })),
  phone: z.nullable(z.object({ from: z.nullable(z.string()), to: z.string() })),
  limits: z.nullable(z.object({ from: limitsSchema, to: limitsSchema })),
});
export type ApprovalUserChange = z.infer<typeof approvalUserChangeSchema>;

/** Whether new limits widen what the card may spend: a higher monthly or annual limit, or a merchant group added. */
export function limitsRaised(from: z.infer<typeof limitsSchema>, to: z.infer<typeof limitsSchema>): boolean {
  return to.limitCents > from.limitCents || to.annualLimitCents > from.annualLimitCents || to.mccGroups.some((group) => !from.mccGroups.includes(group));
}

export const approvalRequestSchema = /* @__PURE__ */ z.object({
  approvalId: z.string(),
  kind: z.enum(approvalKinds),
  status: z.enum(approvalStatuses),
  requestedBy: approvalPersonSchema,
  requestedAt: z.string(),
  expiresAt: z.string(),
  /** What a funding, file or rule pays; null for a change of a user. */
  funding: z.nullable(approvalFundingSchema),
  file: z.nullable(approvalFileSchema),
  schedule: z.nullable(approvalScheduleSchema),
  userChange: z.nullable(approvalUserChangeSchema),
  decidedBy: z.nullable(approvalPersonSchema),
  decidedAt: z.nullable(z.string()),
  comment: z.nullable(z.string()),
  /** The movement the approval made (a funding's ledger movement), once approved. */
  movementId: z.nullable(z.string()),
  /**
   * A waiting request made under approval rules an owner has changed since: approving it is refused
   * (APPROVAL_RULE_CHANGED), so it can only be rejected, or left to expire, and asked again under the rules of now.
   */
  rulesChanged: z.boolean(),
});
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;

/** The answer of an action that waits: 202 Accepted, with the request and where to follow it. */
export const awaitingApprovalAnswerSchema = /* @__PURE__ */ z.object({
  status: z.literal('awaiting_approval'),
  approval: approvalRequestSchema,
  /** The request's own route, for a client that follows it (GET). */
  statusUrl: z.string(),
});
export type AwaitingApprovalAnswer = z.infer<typeof awaitingApprovalAnswerSchema>;

export const approvalStatusUrl = (approvalId: string) => `/approvals/${approvalId}`;

export const approvalIdParamsSchema = /* @__PURE__ */ z.object({ approvalId: z.uuid() });

/** The queue: those waiting (the default) or those decided, newest first. */
export const approvalListQuerySchema = /* @__PURE__ */ z.extend(listQuerySchema, {
  state: z._default(z.enum(['pending', 'decided']), 'pending'),
});
export const approvalListAnswerSchema = /* @__PURE__ */ z.extend(tableAnswerSchema(approvalRequestSchema), {
  /** Waiting requests the caller may decide (not their own): the navigation's badge. */
  awaitingYouCount: z.int().check(z.nonnegative()),
  /** A rule is set, or the company has requests: the navigation offers Approvals only then (no rule, no change). */
  inUse: z.boolean(),
});

const commentSchema = /* @__PURE__ */ z.string().check(z.trim(), z.maxLength(approvalCommentMaxLength, { error: 'COMMENT_TOO_LONG' }));
export const approveBodySchema = /* @__PURE__ */ z.object({ comment: z._default(commentSchema, '') });
export const rejectBodySchema = /* @__PURE__ */ z.object({ comment: commentSchema.check(z.minLength(1, { error: 'REQUIRED' })) });

/** Whether this person may decide this request: a waiting one, not their own (API keys never decide). */
export function mayDecide(request: Pick<ApprovalRequest, 'status' | 'requestedBy'>, userId: string): boolean {
  return request.status === 'pending' && request.requestedBy.userId !== userId;
}

/** Whether this person may approve it: they may decide it, and the rules it was made under still stand. */
export function mayApprove(request: Pick<ApprovalRequest, 'status' | 'requestedBy' | 'rulesChanged'>, userId: string): boolean {
  return mayDecide(request, userId) && !request.rulesChanged;
}
