import * as z from 'zod/mini';
import { checkDayRange, dayRangeShape } from './day-range';
import { dayText, monthText } from './dates';
import { languageSchema } from './languages';
import { listQuerySchema } from './lists';
import { statusChangers, type StatusChanger } from './statuses';
import { activityTypes } from './activity-types';

/**
 * The activity log (issue 21): the company's audit trail as a list. An action's type groups its codes for the filter
 * (shared/activity-types.ts).
 */
export { activityTypes, activityTypeOf, type ActivityType } from './activity-types';

/** Who acted, as the audit record names them (platform/audit.ts `Actor`). */
export const activityActors = statusChangers;
export type ActivityActor = StatusChanger;

/**
 * The actions written with one employee as their target: the user page's history names each of them (users.json
 * `history.actions`). Every payment to her and her card's monthly fee are hers (issue 31), each naming the file, run
 * or month it belonged to (shared/activity-links.ts); card payments name their employee but are the company's (the
 * card network's every few seconds would flood the history; Transactions lists them).
 */
export const employeeHistoryActions = [
  'employee.add',
  'phone.change',
  'limits.change',
  'card.activate',
  'card.block',
  'card.unblock',
  'card.close',
  'card.replace',
  'card.terminate',
  'card.status',
  'issuer.card.delivered',
  'issuer.card.suspended',
  'issuer.card.blocked',
  'issuer.card.reactivated',
  'issuer.card.expired',
  'issuer.card.removed',
  'device.block',
  'device.unblock',
  'device.sign_in',
  'device.sign_in_locked',
  'device.sign_in_unlocked',
  'device.sign_out',
  'funds.add',
  'fee.monthly',
] as const;

/** Every action code the portal writes today (the employee's own first); each has a label in every language (held by the locale tests). */
export const activityActions = [
  ...employeeHistoryActions,
  'employee.import',
  'fundingFile.apply',
  'fundingFile.retry',
  'fundingSchedule.create',
  'fundingSchedule.update',
  'fundingSchedule.pause',
  'fundingSchedule.resume',
  'fundingSchedule.delete',
  'fundingSchedule.run',
  'fundingSchedule.refused',
  'main_account.top_up',
  'lowBalance.threshold',
  'authorization.approved',
  'authorization.settled',
  'authorization.reversed',
  'authorization.expired',
  'apiKey.create',
  'apiKey.revoke',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'webhook.rotate_secret',
  'webhook.redeliver',
  'webhook.test',
  'prices.change',
  'team.invite',
  'team.invitation_resend',
  'team.join',
  'team.role_change',
  'team.remove',
  'user.sign_in',
  'user.sign_out',
  'user.sign_out_all',
  'user.password_reset',
  'user.email_confirmed',
  'user.phone_set',
  'company.sign_up',
  'application.save',
  'application.submit',
  'application.approve',
  'application.reject',
  'application.return',
  'document.upload',
  'document.delete',
  'chat.open',
  'chat.close',
  'chat.reopen',
  'report.request',
  'report.delete',
  'export.request',
  'invoice.issue',
  'invoice.credit_note',
  'approval.rules_change',
  'approval.request',
  'approval.approve',
  'approval.reject',
  'approval.expire',
] as const;
export type ActivityAction = (typeof activityActions)[number];


export function isKnownAction(action: string): action is ActivityAction {
  return (activityActions as readonly string[]).includes(action);
}

/** An audit record's before/after values as stored: text, a number (cents end in `Cents`) or nothing. */
export const auditValuesSchema = /* @__PURE__ */ z.record(z.string(), z.nullable(z.union([z.string(), z.number()])));
export type AuditValues = z.infer<typeof auditValuesSchema>;

export const activityRoles = ['accountant', 'manager', 'owner', 'provider_admin'] as const;

export const activityRowSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  type: z.enum(activityTypes),
  actor: z.object({ kind: z.enum(activityActors), name: z.nullable(z.string()), role: z.nullable(z.enum(activityRoles)) }),
  /** The employee the action concerns (its target, or the employee a payment or fee was for), with their name now. */
  employee: z.nullable(z.object({ employeeId: z.string(), name: z.nullable(z.string()) })),
  before: auditValuesSchema,
  after: auditValuesSchema,
});
export type ActivityRow = z.infer<typeof activityRowSchema>;

/**
 * The card network's authorizations (type `card_payments`) belong to Transactions and arrive every few seconds: the
 * log leaves them out unless asked with `cardPayments: 'include'` (or asked for that type alone).
 */
export const cardPaymentsChoices = ['include'] as const;

const filterShape = {
  actor: /* @__PURE__ */ z.optional(z.enum(activityActors)),
  cardPayments: /* @__PURE__ */ z.optional(z.enum(cardPaymentsChoices)),
  type: /* @__PURE__ */ z.optional(z.enum(activityTypes)),
  employeeId: /* @__PURE__ */ z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
  ...dayRangeShape,
};

/** The filters of the list and its CSV: who acted, the action's type, card payments or not, one employee, and the days. */
export const activityFiltersSchema = /* @__PURE__ */ z.object(filterShape).check(z.superRefine(checkDayRange));
export type ActivityFilters = z.infer<typeof activityFiltersSchema>;

/** Whether a request lists card payments: when asked to include them, or asked for their type. */
export function listsCardPayments(filters: Pick<ActivityFilters, 'cardPayments' | 'type'>): boolean {
  return filters.cardPayments === 'include' || filters.type === 'card_payments';
}

/**
 * A page starts after the `cursor` of the page before (the last row's place), never at a page number: at a million
 * records DynamoDB cannot skip to row 391,000 without reading the rows before it.
 */
export const activityQuerySchema = /* @__PURE__ */ z
  .object({
    itemsPerPage: listQuerySchema.shape.itemsPerPage,
    cursor: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,300}$/, { error: 'INVALID_VALUE' }))),
    ...filterShape,
  })
  .check(z.superRefine(checkDayRange));
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const activityExportQuerySchema = /* @__PURE__ */ z.object({ ...filterShape, lang: z._default(languageSchema, 'en') }).check(z.superRefine(checkDayRange));
export type ActivityExportQuery = z.infer<typeof activityExportQuerySchema>;

export const activityAnswerSchema = /* @__PURE__ */ z.object({
  rows: z.array(activityRowSchema),
  /** Where the next page starts; null on the last page. */
  nextCursor: z.nullable(z.string()),
  /**
   * Set when the request stopped at its read bound before the page was full (a filter by employee together with one by
   * who or what): the records older than this moment were not looked at yet, and the next page goes on from there.
   */
  searchedUntil: z.optional(z.string()),
});
export type ActivityAnswer = z.infer<typeof activityAnswerSchema>;

/**
 * Values the activity log names in the reader's language from its own texts (activity.json `values`, and
 * activity-csv.ts for the file): a member's role, an onboarding step, a report's type, a webhook endpoint's state, a
 * scheduled funding's state, a card replacement's reason, how a top-up was matched, an API key's scope.
 */
export const activityValueKinds = ['memberRole', 'onboardingStep', 'reportType', 'webhookStatus', 'scheduleState', 'replacementReason', 'matchedBy', 'apiScope'] as const;
export type ActivityValueKind = (typeof activityValueKinds)[number];

export function isActivityValueKind(kind: string): kind is ActivityValueKind {
  return (activityValueKinds as readonly string[]).includes(kind);
}

/** Every kind of value shown by a name: the statuses users.json names, merchant groups, countries, and the log's own. */
export type ActivityLabelKind = 'cardStatus' | 'deviceStatus' | 'cardAccountStatus' | 'employeeStatus' | 'merchantGroup' | 'country' | ActivityValueKind;

/** How a before/after value is shown: a status by its name, cents as euros, moments and days as dates. */
export type ActivityFieldKind = 'money' | 'dateTime' | 'day' | 'month' | 'cardStatus' | 'deviceStatus' | 'cardAccountStatus' | 'employeeStatus' | 'merchantGroups' | 'apiScopes' | 'country' | ActivityValueKind | 'text';

const fieldKinds: Readonly<Record<string, ActivityFieldKind>> = {
  cardStatus: 'cardStatus',
  deviceStatus: 'deviceStatus',
  cardAccountStatus: 'cardAccountStatus',
  status: 'employeeStatus',
  mccGroups: 'merchantGroups',
  bookingDate: 'day',
  nextRunDate: 'day',
  runDate: 'day',
  onceDate: 'day',
  dateFrom: 'day',
  dateTo: 'day',
  month: 'month',
  signInLockedUntil: 'dateTime',
  role: 'memberRole',
  step: 'onboardingStep',
  reportType: 'reportType',
  webhookStatus: 'webhookStatus',
  state: 'scheduleState',
  // A card's replacement gives a reason code; a rejected application's reason is the provider's own words, which no
  // code matches, so they are shown as written.
  reason: 'replacementReason',
  matchedBy: 'matchedBy',
  scopes: 'apiScopes',
  country: 'country',
};

export function activityFieldKind(field: string): ActivityFieldKind {
  const known = fieldKinds[field];
  if (known) return known;
  if (field.endsWith('Cents')) return 'money';
  if (field.endsWith('At')) return 'dateTime';
  return 'text';
}

/**
 * Ids that mean nothing to a reader (the employee is shown as the row's employee; a movement, authorization, card or
 * key id is the system's own), and a card's own note of who changed it when (the row says both), kept out of the
 * change but still in the record.
 */
export const hiddenActivityFields = [
  'employeeId',
  'movementId',
  'authorizationId',
  'cardId',
  'keyId',
  'fileId',
  'importId',
  'approvalId',
  'scheduleId',
  'userId',
  'endpointId',
  'deliveryId',
  'chatId',
  'reportId',
  'documentId',
  'cardStatusChangedBy',
  'cardStatusChangedAt',
] as const;
const hiddenFields: ReadonlySet<string> = new Set(hiddenActivityFields);

/** Every field the portal writes in a before/after today; each has a label in every language (locale tests). */
export const activityFields = [
  'name',
  'surname',
  'phone',
  'cardStatus',
  'deviceStatus',
  'cardAccountStatus',
  'status',
  'limitCents',
  'annualLimitCents',
  'mccGroups',
  'amountCents',
  'balanceCents',
  'reservedCents',
  'spentCents',
  'releasedCents',
  'feeCents',
  'replacementFeeCents',
  'monthlyFeeCents',
  'month',
  'invoiceNumber',
  'creditedInvoiceNumber',
  'netCents',
  'vatCents',
  'bookingDate',
  'bankTransactionId',
  'matchedBy',
  'scopes',
  'revokedAt',
  'reason',
  'city',
  'country',
  'rows',
  'state',
  'nextRunDate',
  'thresholdCents',
  'runDate',
  'totalCents',
  'availableCents',
  'employeeCount',
  'dayOfMonth',
  'onceDate',
  'signInLockedUntil',
  'email',
  'role',
  'step',
  'comment',
  'fileName',
  'subject',
  'reportType',
  'dateFrom',
  'dateTo',
  'url',
  'events',
  'webhookStatus',
  'signedInAt',
  'scheduleName',
  'alertRecipients',
  'expiryDays',
  'perDayCents',
] as const;
export type ActivityField = (typeof activityFields)[number];

/**
 * The fields an audit record may write: each is named in every language (activityFields) or kept out of what is shown
 * (hiddenActivityFields). `auditItem` takes no other, so a record cannot show a reader a field's raw key.
 */
export type AuditField = ActivityField | (typeof hiddenActivityFields)[number];
export type AuditFieldValues = { readonly [Field in AuditField]?: string | number | null };

/** Whether a field an audit record holds is shown by its name, or hidden: false means a raw key would be shown. */
export function isKnownAuditField(field: string): field is AuditField {
  return (activityFields as readonly string[]).includes(field) || hiddenFields.has(field);
}

export interface ActivityChange {
  field: string;
  kind: ActivityFieldKind;
  /** Absent when the record has the field on one side only (added, or deleted). */
  before?: string | number | null;
  after?: string | number | null;
}

/**
 * What a record changed, field by field in the order it wrote them: a field on both sides that did not change (a
 * user added without a phone) is no change; a field on one side only is shown with its one value.
 */
export function activityChanges(before: AuditValues, after: AuditValues): ActivityChange[] {
  const fields = [...new Set([...Object.keys(after), ...Object.keys(before)])].filter((field) => !hiddenFields.has(field));
  return fields.flatMap((field): ActivityChange[] => {
    const inBefore = field in before;
    const inAfter = field in after;
    if (inBefore && inAfter && (before[field] ?? null) === (after[field] ?? null)) return [];
    return [{ field, kind: activityFieldKind(field), ...(inBefore ? { before: before[field] ?? null } : {}), ...(inAfter ? { after: after[field] ?? null } : {}) }];
  });
}

/** The employee a record concerns: its target, or the employee named in a card payment's values (the company's record). */
export function employeeIdOfRecord(record: { target: { type: string; id: string }; before: AuditValues; after: AuditValues }): string | null {
  if (record.target.type === 'employee') return record.target.id;
  const named = record.after.employeeId ?? record.before.employeeId;
  return typeof named === 'string' && named !== '' ? named : null;
}

/** What the reader's language makes of values: names of fields, statuses and merchant groups; euros; moments. */
export interface ActivityValueTexts {
  field: (field: string) => string;
  label: (kind: ActivityLabelKind, value: string) => string;
  money: (cents: number) => string;
  dateTime: (iso: string) => string;
}

/** A record's change as lines, the same on the screen and in the CSV: "Card: Active → Blocked", "Amount: €50.00". */
export function activityChangeLines(before: AuditValues, after: AuditValues, texts: ActivityValueTexts): string[] {
  return activityChanges(before, after).map((change) => {
    const sides = [...('before' in change ? [change.before] : []), ...('after' in change ? [change.after] : [])];
    return `${texts.field(change.field)}: ${sides.map((value) => activityValueText(change.kind, value, texts)).join(' → ')}`;
  });
}

/**
 * Who acted, as the screen and the CSV say it: "Anna Ozola (company user)", a key by its own name ("API key
 * 'Payroll'", which says what it is), and the kind alone when no one is named (the system) or the one who acted is the
 * provider's admin, who acts for the card provider ("Card provider", never a person's name). `kind` gives the kind's
 * text, `alone` when it stands without a name.
 */
export function activityActorText(actor: ActivityRow['actor'], kind: (kind: ActivityActor, alone: boolean) => string): string {
  if (actor.name === null || actor.kind === 'admin') return kind(actor.kind, true);
  return actor.kind === 'api_key' ? actor.name : `${actor.name} (${kind(actor.kind, false)})`;
}

/** What a record concerns when it is not one employee. */
export const activityTargets = ['company', 'account', 'funding', 'integrations', 'webhook', 'member', 'document', 'chat', 'report', 'export', 'invoice'] as const;
export type ActivityTarget = (typeof activityTargets)[number];

/** Actions about one thing of the company, by their code's prefix, with the field that names it. */
const targetByPrefix: readonly (readonly [string, ActivityTarget, AuditField | null])[] = [
  ['webhook.', 'webhook', 'url'],
  ['team.', 'member', 'name'],
  ['document.', 'document', 'fileName'],
  ['chat.', 'chat', 'subject'],
  ['report.', 'report', null],
  ['export.', 'export', 'fileName'],
  ['invoice.', 'invoice', 'invoiceNumber'],
];

/**
 * What a row concerns, as the screen and the CSV name it: its employee; else the thing its action is about (a webhook
 * endpoint by its URL, a team member, a document, a chat by its subject, a report, an export) with the record's name
 * for it (a report is named by its change: its type and period); else the company's main account, funding or API key by
 * the record's type, with the name the record gave it (a key's, a rule's).
 */
export function activityConcerns(row: Pick<ActivityRow, 'action' | 'employee' | 'type' | 'before' | 'after'>): { employee: NonNullable<ActivityRow['employee']> } | { target: ActivityTarget; name: string | null } {
  if (row.employee) return { employee: row.employee };
  const byAction = targetByPrefix.find(([prefix]) => row.action.startsWith(prefix));
  const nameField = byAction ? byAction[2] : 'name';
  const named = nameField === null ? null : (row.after[nameField] ?? row.before[nameField]);
  const target = byAction?.[1] ?? (row.type === 'account' || row.type === 'funding' || row.type === 'integrations' ? row.type : 'company');
  return { target, name: typeof named === 'string' && named !== '' ? named : null };
}

/** A value as text, the way both the screen and the CSV show it. */
export function activityValueText(kind: ActivityFieldKind, value: string | number | null | undefined, show: Omit<ActivityValueTexts, 'field'>): string {
  if (value === null || value === undefined || value === '') return '—';
  if (isActivityValueKind(kind)) return show.label(kind, String(value));
  switch (kind) {
    case 'money':
      return typeof value === 'number' ? show.money(value) : String(value);
    case 'dateTime':
      return show.dateTime(String(value));
    case 'day':
      return dayText(String(value)) || String(value);
    case 'month':
      return monthText(String(value));
    case 'cardStatus':
    case 'deviceStatus':
    case 'cardAccountStatus':
    case 'employeeStatus':
    case 'country':
      return show.label(kind, String(value));
    case 'merchantGroups':
      return merchantGroupsOf(value).map((group) => show.label('merchantGroup', group)).join(', ') || '—';
    case 'apiScopes':
      // Stored as the scopes joined by spaces (integrations/api-key-store.ts); texts know a scope by `_` for `:`.
      return String(value).split(' ').filter(Boolean).map((scope) => show.label('apiScope', scope.replace(':', '_'))).join(', ') || '—';
    case 'text':
      return String(value);
  }
}

/** Merchant groups are stored as the JSON of their list (employees/employee-changes.ts `auditValue`). */
function merchantGroupsOf(value: string | number): string[] {
  try {
    const parsed: unknown = JSON.parse(String(value));
    return Array.isArray(parsed) ? parsed.filter((group): group is string => typeof group === 'string') : [String(value)];
  } catch {
    return [String(value)];
  }
}

/**
 * What the check of the audit trail against its daily digests can find (issue 31): a record changed, added or removed
 * since its day was digested, a digest missing, or a digest that does not follow the one before.
 */
export const auditFindingKinds = ['changed', 'added', 'removed', 'missingDigest', 'brokenChain'] as const;
export type AuditFindingKind = (typeof auditFindingKinds)[number];

/**
 * The activity screen's "verified through" (issue 31): the result of the digest job's last check of every record of the
 * company against its day's digest. Before the first check `verifiedThrough` and `problem` are both null.
 */
export const activityVerificationSchema = /* @__PURE__ */ z.object({
  /** The newest digested day, when the whole log up to it matched its digests. */
  verifiedThrough: z.nullable(z.string()),
  checkedAt: z.nullable(z.string()),
  /** The first thing the check found wrong, and on which Riga day. */
  problem: z.nullable(z.object({ kind: z.enum(auditFindingKinds), day: z.string() })),
});
export type ActivityVerification = z.infer<typeof activityVerificationSchema>;
