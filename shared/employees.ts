import * as z from 'zod/mini';
import { merchantCategoryGroupNames, merchantCategoryGroupSchema, replacementReasons } from './cards';
import { phoneSchema } from './account';
import { countryCodeSchema } from './countries';
import type { FieldMessageCode } from './errors';
import { listQuerySchema, tableAnswerSchema } from './lists';
import { eurTextToCents } from './money-text';
import { cardAccountStatuses, cardStatuses, deviceStatuses, employeeStatuses, statusChangers } from './statuses';
import { missingOrInvalid, nameMaxLength, phonePattern, requiredText, textMaxLength, textMinLength } from './validation';

/** A Latvian personal code, DDMMYY-NNNNN (new codes start with 32 and carry no birth date, same shape). */
export const personalCodePattern = /^\d{6}-\d{5}$/;

const optionalText = <S extends z.ZodMiniType>(schema: S) =>
  z.pipe(z.transform((value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)), z.optional(schema));

// SPEC section 5: text is at least 2 symbols and a name at most 50, as for the company's own users.
const nameSchema = (required: FieldMessageCode) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : 'INVALID_VALUE') }).check(
    z.trim(),
    z.minLength(1, { error: required }),
    z.minLength(textMinLength, { error: 'TEXT_TOO_SHORT' }),
    z.maxLength(nameMaxLength, { error: 'NAME_TOO_LONG' }),
  );

/** Amounts in cents on the wire; a positive whole number of cents up to a million euros. */
export const maxAmountCents = 100_000_000;
export const positiveCentsSchema = (required: FieldMessageCode) =>
  z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? required : 'NUMBER_INVALID') }).check(
    z.int({ error: 'AMOUNT_TOO_PRECISE' }),
    z.positive({ error: 'AMOUNT_NOT_POSITIVE' }),
    z.lte(maxAmountCents, { error: 'NUMBER_TOO_LARGE' }),
  );

/** A euro amount typed in a form ("12.50", period as the decimal separator), read as cents: positive, as the API asks. */
export function eurTextSchema(required: FieldMessageCode) {
  return eurTextToCents(required, positiveCentsSchema(required));
}

/** The new user's fields as the form checks them; the API also asks for the no-phone confirmation below. */
export const newEmployeeFieldsSchema = /* @__PURE__ */ z.object({
  name: nameSchema('NAME_REQUIRED'),
  surname: nameSchema('SURNAME_REQUIRED'),
  phone: optionalText(z.string().check(z.trim(), z.regex(phonePattern, { error: 'INVALID_PHONE' }))),
  email: optionalText(z.email({ error: 'INVALID_EMAIL' }).check(z.maxLength(textMaxLength, { error: 'TEXT_TOO_LONG' }))),
  personalCode: optionalText(z.string().check(z.trim(), z.regex(personalCodePattern, { error: 'INVALID_PERSONAL_CODE' }))),
});

export const addEmployeeBodySchema = /* @__PURE__ */ z.extend(newEmployeeFieldsSchema, {
    /** SPEC section 4: adding a user without a phone requires a confirmation; the API asks for it too. */
    confirmWithoutPhone: z._default(z.boolean(), false),
  }).check(z.superRefine((body, context) => {
    if (!body.phone && !body.confirmWithoutPhone) context.addIssue({ code: 'custom', path: ['phone'], message: 'PHONE_CONFIRMATION_REQUIRED' });
  }));
export type AddEmployeeBody = z.input<typeof addEmployeeBodySchema>;

export const changePhoneBodySchema = /* @__PURE__ */ z.object({ phone: phoneSchema });

// A card allowed in no group could not be used at all; blocking the card says that honestly.
const mccGroupsSchema = /* @__PURE__ */ z.array(merchantCategoryGroupSchema, { error: missingOrInvalid }).check(
  z.minLength(1, { error: 'LIST_REQUIRED' }),
  z.maxLength(merchantCategoryGroupNames.length),
  z.refine((groups) => new Set(groups).size === groups.length, { error: 'DUPLICATE_OPTION' }),
);

export const limitsBodySchema = /* @__PURE__ */ z.object({
    limitCents: positiveCentsSchema('LIMIT_REQUIRED'),
    annualLimitCents: positiveCentsSchema('LIMIT_REQUIRED'),
    mccGroups: mccGroupsSchema,
  }).check(z.superRefine((body, context) => {
    if (body.annualLimitCents < body.limitCents) context.addIssue({ code: 'custom', path: ['annualLimitCents'], message: 'ANNUAL_LIMIT_BELOW_MONTHLY' });
  }));

/** The same limits as typed in the form, in euros. */
export const limitsFormSchema = /* @__PURE__ */ z.object({ limit: eurTextSchema('LIMIT_REQUIRED'), annualLimit: eurTextSchema('LIMIT_REQUIRED'), mccGroups: mccGroupsSchema }).check(z.superRefine((form, context) => {
    if (form.annualLimit < form.limit) context.addIssue({ code: 'custom', path: ['annualLimit'], message: 'ANNUAL_LIMIT_BELOW_MONTHLY' });
  }));

export const replacementAddressSchema = /* @__PURE__ */ z.object({
  address: requiredText(textMaxLength),
  city: requiredText(nameMaxLength),
  country: countryCodeSchema,
  postalCode: z.string({ error: missingOrInvalid }).check(
    z.trim(),
    z.minLength(1, { error: 'REQUIRED' }),
    z.maxLength(10, { error: 'INVALID_VALUE' }),
    z.regex(/^[A-Za-z0-9 -]+$/, { error: 'INVALID_VALUE' }),
  ),
});

export const replaceCardBodySchema = /* @__PURE__ */ z.object({
  // A select left on its empty option sends '': that is a missing choice, not a wrong one.
  reason: z.enum(replacementReasons, { error: (issue) => (issue.input === '' ? 'REQUIRED' : missingOrInvalid(issue)) }),
  address: replacementAddressSchema,
  /** The fee the user was shown and confirmed: a price changed in between is refused, not charged unseen. */
  expectedFeeCents: z.int().check(z.nonnegative()),
});
export type ReplaceCardBody = z.input<typeof replaceCardBodySchema>;

/** Bulk actions on the list's selection; one request for at most one page (100 rows). */
export const bulkCardActions = ['activate', 'block', 'unblock'] as const;
export const bulkCardActionBodySchema = /* @__PURE__ */ z.object({
  action: z.enum(bulkCardActions),
  employeeIds: z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(z.minLength(1, { error: 'LIST_REQUIRED' }), z.maxLength(100)),
});
export type BulkCardAction = (typeof bulkCardActions)[number];

export const employeeIdParamsSchema = /* @__PURE__ */ z.object({ employeeId: z.string().check(z.minLength(1), z.maxLength(100)) });

export const employeeListQuerySchema = /* @__PURE__ */ z.extend(listQuerySchema, {
  status: z.optional(z.enum(employeeStatuses)),
  cardStatus: z.optional(z.enum(cardStatuses)),
});

export const employeeRowSchema = /* @__PURE__ */ z.object({
  employeeId: z.string(),
  name: z.string(),
  surname: z.string(),
  phone: z.nullable(z.string()),
  personalCode: z.nullable(z.string()),
  lastCardDigits: z.nullable(z.string()),
  balanceCents: z.int(),
  limitCents: z.int(),
  status: z.enum(employeeStatuses),
  cardStatus: z.enum(cardStatuses),
  deviceStatus: z.enum(deviceStatuses),
  hasActiveAuthorizations: z.boolean(),
});
export type EmployeeRow = z.infer<typeof employeeRowSchema>;
export const employeeListAnswerSchema = /* @__PURE__ */ tableAnswerSchema(employeeRowSchema);

export const statusChangeSchema = /* @__PURE__ */ z.object({
  at: z.string(),
  action: z.string(),
  changedBy: z.enum(statusChangers),
  actorName: z.nullable(z.string()),
  before: z.record(z.string(), z.nullable(z.string())),
  after: z.record(z.string(), z.nullable(z.string())),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

export const employeeDetailSchema = /* @__PURE__ */ z.extend(employeeRowSchema, {
  email: z.nullable(z.string()),
  cardId: z.nullable(z.string()),
  usedCents: z.int(),
  unusedCents: z.int(),
  reservedCents: z.int(),
  annualLimitCents: z.int(),
  mccGroups: z.array(merchantCategoryGroupSchema),
  cardAccountStatus: z.enum(cardAccountStatuses),
  cardStatusChangedBy: z.enum(statusChangers),
  cardStatusChangedAt: z.string(),
  /** Signing in to /card by the employee's phone is locked until then, after too many wrong codes (issue 30). */
  signInLockedUntil: z.nullable(z.string()),
  history: z.array(statusChangeSchema),
});
export type EmployeeDetail = z.infer<typeof employeeDetailSchema>;

export const bulkResultSchema = /* @__PURE__ */ z.object({
  results: z.array(z.object({ employeeId: z.string(), name: z.nullable(z.string()), ok: z.boolean(), code: z.nullable(z.string()), cardStatus: z.nullable(z.enum(cardStatuses)) })),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

