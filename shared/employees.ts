import * as z from 'zod';
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

const optionalText = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

// SPEC section 5: text is at least 2 symbols and a name at most 50, as for the company's own users.
const nameSchema = (required: FieldMessageCode) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : 'INVALID_VALUE') })
    .trim()
    .min(1, { error: required })
    .min(textMinLength, { error: 'TEXT_TOO_SHORT' })
    .max(nameMaxLength, { error: 'NAME_TOO_LONG' });

/** Amounts in cents on the wire; a positive whole number of cents up to a million euros. */
export const maxAmountCents = 100_000_000;
export const positiveCentsSchema = (required: FieldMessageCode) =>
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? required : 'NUMBER_INVALID') })
    .int({ error: 'AMOUNT_TOO_PRECISE' })
    .positive({ error: 'AMOUNT_NOT_POSITIVE' })
    .max(maxAmountCents, { error: 'NUMBER_TOO_LARGE' });

/** A euro amount typed in a form ("12.50", period as the decimal separator), read as cents: positive, as the API asks. */
export function eurTextSchema(required: FieldMessageCode) {
  return eurTextToCents(required, positiveCentsSchema(required));
}

/** The new user's fields as the form checks them; the API also asks for the no-phone confirmation below. */
export const newEmployeeFieldsSchema = /* @__PURE__ */ z.object({
  name: nameSchema('NAME_REQUIRED'),
  surname: nameSchema('SURNAME_REQUIRED'),
  phone: optionalText(z.string().trim().regex(phonePattern, { error: 'INVALID_PHONE' })),
  email: optionalText(z.email({ error: 'INVALID_EMAIL' }).max(textMaxLength, { error: 'TEXT_TOO_LONG' })),
  personalCode: optionalText(z.string().trim().regex(personalCodePattern, { error: 'INVALID_PERSONAL_CODE' })),
});

export const addEmployeeBodySchema = /* @__PURE__ */ newEmployeeFieldsSchema
  .extend({
    /** SPEC section 4: adding a user without a phone requires a confirmation; the API asks for it too. */
    confirmWithoutPhone: z.boolean().default(false),
  })
  .superRefine((body, context) => {
    if (!body.phone && !body.confirmWithoutPhone) context.addIssue({ code: 'custom', path: ['phone'], message: 'PHONE_CONFIRMATION_REQUIRED' });
  });
export type AddEmployeeBody = z.input<typeof addEmployeeBodySchema>;

export const changePhoneBodySchema = /* @__PURE__ */ z.object({ phone: phoneSchema });

// A card allowed in no group could not be used at all; blocking the card says that honestly.
const mccGroupsSchema = /* @__PURE__ */ z
  .array(merchantCategoryGroupSchema, { error: missingOrInvalid })
  .min(1, { error: 'LIST_REQUIRED' })
  .max(merchantCategoryGroupNames.length)
  .refine((groups) => new Set(groups).size === groups.length, { error: 'DUPLICATE_OPTION' });

export const limitsBodySchema = /* @__PURE__ */ z
  .object({
    limitCents: positiveCentsSchema('LIMIT_REQUIRED'),
    annualLimitCents: positiveCentsSchema('LIMIT_REQUIRED'),
    mccGroups: mccGroupsSchema,
  })
  .superRefine((body, context) => {
    if (body.annualLimitCents < body.limitCents) context.addIssue({ code: 'custom', path: ['annualLimitCents'], message: 'ANNUAL_LIMIT_BELOW_MONTHLY' });
  });

/** The same limits as typed in the form, in euros. */
export const limitsFormSchema = /* @__PURE__ */ z
  .object({ limit: eurTextSchema('LIMIT_REQUIRED'), annualLimit: eurTextSchema('LIMIT_REQUIRED'), mccGroups: mccGroupsSchema })
  .superRefine((form, context) => {
    if (form.annualLimit < form.limit) context.addIssue({ code: 'custom', path: ['annualLimit'], message: 'ANNUAL_LIMIT_BELOW_MONTHLY' });
  });

export const replacementAddressSchema = /* @__PURE__ */ z.object({
  address: requiredText(textMaxLength),
  city: requiredText(nameMaxLength),
  country: countryCodeSchema,
  postalCode: z.string({ error: missingOrInvalid }).trim().min(1, { error: 'REQUIRED' }).max(10, { error: 'INVALID_VALUE' }).regex(/^[A-Za-z0-9 -]+$/, { error: 'INVALID_VALUE' }),
});

export const replaceCardBodySchema = /* @__PURE__ */ z.object({
  // A select left on its empty option sends '': that is a missing choice, not a wrong one.
  reason: z.enum(replacementReasons, { error: (issue) => (issue.input === '' ? 'REQUIRED' : missingOrInvalid(issue)) }),
  address: replacementAddressSchema,
  /** The fee the user was shown and confirmed: a price changed in between is refused, not charged unseen. */
  expectedFeeCents: z.number().int().nonnegative(),
});
export type ReplaceCardBody = z.input<typeof replaceCardBodySchema>;

/** Bulk actions on the list's selection; one request for at most one page (100 rows). */
export const bulkCardActions = ['activate', 'block', 'unblock'] as const;
export const bulkCardActionBodySchema = /* @__PURE__ */ z.object({
  action: z.enum(bulkCardActions),
  employeeIds: z.array(z.string().min(1).max(100)).min(1, { error: 'LIST_REQUIRED' }).max(100),
});
export type BulkCardAction = (typeof bulkCardActions)[number];

export const employeeIdParamsSchema = /* @__PURE__ */ z.object({ employeeId: z.string().min(1).max(100) });

export const employeeListQuerySchema = /* @__PURE__ */ listQuerySchema.extend({
  status: z.enum(employeeStatuses).optional(),
  cardStatus: z.enum(cardStatuses).optional(),
});

export const employeeRowSchema = /* @__PURE__ */ z.object({
  employeeId: z.string(),
  name: z.string(),
  surname: z.string(),
  phone: z.string().nullable(),
  personalCode: z.string().nullable(),
  lastCardDigits: z.string().nullable(),
  balanceCents: z.number().int(),
  limitCents: z.number().int(),
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
  actorName: z.string().nullable(),
  before: z.record(z.string(), z.string().nullable()),
  after: z.record(z.string(), z.string().nullable()),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

export const employeeDetailSchema = /* @__PURE__ */ employeeRowSchema.extend({
  email: z.string().nullable(),
  cardId: z.string().nullable(),
  usedCents: z.number().int(),
  unusedCents: z.number().int(),
  reservedCents: z.number().int(),
  annualLimitCents: z.number().int(),
  mccGroups: z.array(merchantCategoryGroupSchema),
  cardAccountStatus: z.enum(cardAccountStatuses),
  cardStatusChangedBy: z.enum(statusChangers),
  cardStatusChangedAt: z.string(),
  history: z.array(statusChangeSchema),
});
export type EmployeeDetail = z.infer<typeof employeeDetailSchema>;

export const bulkResultSchema = /* @__PURE__ */ z.object({
  results: z.array(z.object({ employeeId: z.string(), name: z.string().nullable(), ok: z.boolean(), code: z.string().nullable(), cardStatus: z.enum(cardStatuses).nullable() })),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

