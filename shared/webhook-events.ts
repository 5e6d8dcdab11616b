import * as z from 'zod/mini';
import { approvalKinds, approvalStatuses } from './approvals';
import { reportTypeSchema } from './reports';
import { cardStatuses, employeeStatuses, statusChangers } from './statuses';
import type { WebhookDeliveryEventType } from './webhooks';

/**
 * The webhook event catalogue (issue 32): each event's `data` as its producer writes it (webhookEventPut is typed by
 * these schemas, so a producer cannot drift from them), what it means, and an example. The OpenAPI document's
 * `webhooks` and the API reference's event section are generated from it.
 */
const cents = /* @__PURE__ */ z.int().check(z.minimum(0));

/** How an authorization ended, told the same way whether it was settled or reversed. */
const authorizationOutcome = /* @__PURE__ */ z.object({
  authorizationId: z.string(),
  employeeId: z.string(),
  authorizedCents: cents,
  spentCents: cents,
  releasedCents: cents,
  reason: z.enum(['settled', 'reversed', 'expired']),
});

/** A funding file's outcome, told the same way whether it was applied or failed. */
const fundingFileOutcome = /* @__PURE__ */ z.object({
  fileId: z.string(),
  fileName: z.string(),
  status: z.enum(['applied', 'failed']),
  appliedCount: z.int(),
  appliedCents: cents,
  failedCount: z.int(),
  failedRows: z.array(z.object({ rowNumber: z.int(), employeeId: z.nullable(z.string()), reason: z.string() })),
});
const cardStatus = /* @__PURE__ */ z.enum(cardStatuses);

/** A request for a second person's approval (issue 35), told the same way when it waits and when it is decided. */
const approvalEvent = /* @__PURE__ */ z.object({
  approvalId: z.string(),
  kind: z.enum(approvalKinds),
  status: z.enum(approvalStatuses),
  /** What a funding, file or rule pays; null for a change of a user. */
  totalCents: z.nullable(cents),
  requestedBy: z.string(),
  decidedBy: z.nullable(z.string()),
  comment: z.nullable(z.string()),
  /** The ledger movement an approved funding made. */
  movementId: z.nullable(z.string()),
});

export const webhookEventDataSchemas = {
  'employee.created': z.object({
    employeeId: z.string(),
    name: z.string(),
    surname: z.string(),
    phone: z.nullable(z.string()),
    cardStatus,
    status: z.enum(employeeStatuses),
  }),
  'card.status_changed': z.object({
    employeeId: z.string(),
    cardStatus,
    previousCardStatus: cardStatus,
    /** Who changed it: the employee, the provider, a company user, the system or an API key. */
    changedBy: z.enum(statusChangers),
    /** The audit action that changed it, e.g. `card.block`. */
    action: z.string(),
  }),
  'funding.applied': z.object({ movementId: z.string(), employeeId: z.string(), amountCents: cents, at: z.string() }),
  'funding_file.applied': fundingFileOutcome,
  'funding_file.failed': fundingFileOutcome,
  'transaction.authorized': z.object({ authorizationId: z.string(), employeeId: z.string(), amountCents: cents, merchantCategoryCode: z.string() }),
  'transaction.settled': authorizationOutcome,
  'transaction.reversed': authorizationOutcome,
  'top_up.received': z.object({ bankTransactionId: z.string(), amountCents: cents, reference: z.string(), bookingDate: z.string(), creditedAt: z.string() }),
  'report.ready': z.object({ reportId: z.string(), type: reportTypeSchema, dateFrom: z.string(), dateTo: z.string(), rows: z.int() }),
  'webhook.test': z.object({ endpointId: z.string(), test: z.literal(true) }),
  'approval.requested': approvalEvent,
  'approval.decided': approvalEvent,
} as const satisfies Record<WebhookDeliveryEventType, z.ZodMiniType>;

export type WebhookEventData<T extends WebhookDeliveryEventType> = z.input<(typeof webhookEventDataSchemas)[T]>;

const employeeId = 'emp_01JD3K7Q2W8X9Y0Z1A2B3C4D5E';
const authorizationId = 'auth_7f3c2a9e1b4d';

/** What each event tells, and an example of its `data`. */
export const webhookEventCatalogue: { readonly [T in WebhookDeliveryEventType]: { readonly description: string; readonly example: WebhookEventData<T> } } = {
  'employee.created': {
    description: 'An employee was added, in the portal or through the API. Their card is ordered with them.',
    example: { employeeId, name: 'Anna', surname: 'Bērziņa', phone: '+37120000000', cardStatus: 'ordered', status: 'created' },
  },
  'card.status_changed': {
    description: "An employee's card changed status: activated, blocked, unblocked, replaced, closed, or delivered by the issuer.",
    example: { employeeId, cardStatus: 'soft_blocked', previousCardStatus: 'active', changedBy: 'company_user', action: 'card.block' },
  },
  'funding.applied': {
    description: "Money moved from the company's main account to one employee's card.",
    example: { movementId: 'mov_01JD3M2C9V7T', employeeId, amountCents: 15000, at: '2026-11-27T09:30:00.000Z' },
  },
  'funding_file.applied': {
    description: 'A funding file was applied: every row it could pay is paid; the rows it could not are listed with their reason.',
    example: { fileId: 'ff_01JD3N4P', fileName: 'november-bonuses.csv', status: 'applied', appliedCount: 41, appliedCents: 615000, failedCount: 1, failedRows: [{ rowNumber: 17, employeeId, reason: 'FUNDING_USER_NOT_ACTIVE' }] },
  },
  'funding_file.failed': {
    description: 'A funding file failed and paid nobody (for example, the balance did not cover it). It can be retried.',
    example: { fileId: 'ff_01JD3N4P', fileName: 'november-bonuses.csv', status: 'failed', appliedCount: 0, appliedCents: 0, failedCount: 42, failedRows: [] },
  },
  'transaction.authorized': {
    description: "A card payment was approved: its amount is held on the employee's balance until it settles or is reversed.",
    example: { authorizationId, employeeId, amountCents: 1299, merchantCategoryCode: '5812' },
  },
  'transaction.settled': {
    description: 'An approved card payment settled: the spent amount left the balance, the rest of the hold was released.',
    example: { authorizationId, employeeId, authorizedCents: 1299, spentCents: 1299, releasedCents: 0, reason: 'settled' },
  },
  'transaction.reversed': {
    description: 'An approved card payment was reversed by the merchant, or expired unsettled: its whole hold returned to the balance.',
    example: { authorizationId, employeeId, authorizedCents: 1299, spentCents: 0, releasedCents: 1299, reason: 'reversed' },
  },
  'top_up.received': {
    description: "A bank transfer to the company's main account was credited.",
    example: { bankTransactionId: 'bt_20261127_0042', amountCents: 5000000, reference: 'BC-4821-7733', bookingDate: '2026-11-27', creditedAt: '2026-11-27T10:02:11.000Z' },
  },
  'report.ready': {
    description: 'A report someone asked for is ready to download.',
    example: { reportId: 'rep_01JD3P9Z', type: 'transactions', dateFrom: '2026-11-01', dateTo: '2026-11-30', rows: 1234 },
  },  'approval.requested': {
    description: "An action waits for a second person's approval (the company's rule): nothing has moved yet. Its whole preview is in the portal's approval queue.",
    example: { approvalId: '0c6f1d2e-5b7a-4c3e-9f10-2a4b6c8d0e1f', kind: 'funding', status: 'pending', totalCents: 60000, requestedBy: 'Jānis Ozols', decidedBy: null, comment: null, movementId: null },
  },
  'approval.decided': {
    description: 'A waiting action was approved (and done: the movement is named), rejected with a comment, or expired unanswered.',
    example: { approvalId: '0c6f1d2e-5b7a-4c3e-9f10-2a4b6c8d0e1f', kind: 'funding', status: 'approved', totalCents: 60000, requestedBy: 'Jānis Ozols', decidedBy: 'Anna Bērziņa', comment: null, movementId: 'mov_01JD3M2C9V7T' },
  },

  'webhook.test': {
    description: 'Sent by "Send test event" in Integrations to one endpoint, whatever events it chose: nothing happened.',
    example: { endpointId: 'ep_3f9a1c7e2b8d4a60', test: true },
  },
};
