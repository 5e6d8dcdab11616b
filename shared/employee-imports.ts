import * as z from 'zod/mini';
import { eurTextSchema, newEmployeeFieldsSchema } from './employees';
import { languageSchema } from './languages';
import { listQuerySchema, tableAnswerSchema } from './lists';

/**
 * Bulk employee import (issue 34): the template's columns, Add user's fields (shared/employees.ts) plus the employee's
 * language and card limits. The header names the columns; their order is free, and a spreadsheet may write them in
 * any case or with other spaces (employee-import-rows.ts reads them).
 */
export const employeeImportColumns = {
  name: 'Name',
  surname: 'Surname',
  personalCode: 'Personal code',
  phone: 'Phone',
  email: 'E-mail',
  language: 'Language',
  monthlyLimit: 'Monthly limit',
  annualLimit: 'Annual limit',
} as const;
export type EmployeeImportColumn = keyof typeof employeeImportColumns;
export const employeeImportColumnKeys = /* @__PURE__ */ Object.keys(employeeImportColumns) as EmployeeImportColumn[];

/** A CSV of 5,000 employees is about 500 kB; Lambda's payload limit is 6 MB (the funding file's bound, as a file). */
export const maxEmployeeImportChars = 4_000_000;
/** One import creates at most this many employees (a file of more is refused whole, before anything is stored). */
export const maxEmployeeImportRows = 10_000;
/**
 * At most this many rows are listed in a preview's or a result's answer (problems first); the counts are always whole,
 * and GET /employee-imports/{importId}/rows pages through every row.
 */
export const listedImportRows = 200;

/**
 * One row's fields as the check reads them: Add user's own rules for name, surname, phone, e-mail and personal code
 * (one source), the language one of the portal's, and the limits in euros as the limits form takes them (empty: the
 * card's default limits).
 */
export const employeeImportRowSchema = /* @__PURE__ */ z.extend(newEmployeeFieldsSchema, {
  language: z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' ? (value.trim() === '' ? undefined : value.trim().toLowerCase()) : value)),
    z.optional(languageSchema),
  ),
  monthlyLimit: z.pipe(z.transform((value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)), z.optional(eurTextSchema('LIMIT_REQUIRED'))),
  annualLimit: z.pipe(z.transform((value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)), z.optional(eurTextSchema('LIMIT_REQUIRED'))),
});

/** Why a row cannot be created, as the preview lists it (field message codes: errors:fields). */
export const importRowProblemCodes = [
  'NAME_REQUIRED',
  'SURNAME_REQUIRED',
  'TEXT_TOO_SHORT',
  'NAME_TOO_LONG',
  'TEXT_TOO_LONG',
  'INVALID_PHONE',
  'INVALID_EMAIL',
  'INVALID_PERSONAL_CODE',
  'INVALID_OPTION',
  'INVALID_VALUE',
  'NUMBER_INVALID',
  'AMOUNT_TOO_PRECISE',
  'AMOUNT_NOT_POSITIVE',
  'NUMBER_TOO_LARGE',
  'ANNUAL_LIMIT_BELOW_MONTHLY',
  'ROW_DUPLICATE_PERSONAL_CODE',
  'ROW_DUPLICATE_PHONE',
  'PERSONAL_CODE_TAKEN',
  'EMPLOYEE_PHONE_TAKEN',
] as const;
export type ImportRowProblemCode = (typeof importRowProblemCodes)[number];

/** Why a row that passed the preview was not created when applied (API codes: errors:codes). */
export const importRowRefusalCodes = ['EMPLOYEE_PHONE_TAKEN', 'PERSONAL_CODE_TAKEN', 'CARD_ISSUER_UNAVAILABLE'] as const;
export type ImportRowRefusalCode = (typeof importRowRefusalCodes)[number];

export const importRowProblemSchema = /* @__PURE__ */ z.object({ column: z.enum(employeeImportColumnKeys as [EmployeeImportColumn, ...EmployeeImportColumn[]]), code: z.enum(importRowProblemCodes) });
export type ImportRowProblem = z.infer<typeof importRowProblemSchema>;

/** A row of the preview: its spreadsheet row number (the header is row 1), who it is, and what stops it. */
export const importPreviewRowSchema = /* @__PURE__ */ z.object({
  rowNumber: z.int().check(z.gte(2)),
  name: z.string(),
  surname: z.string(),
  personalCode: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  /** problem: not created; no_phone: created only after the same confirmation as Add user's; valid: created. */
  state: z.enum(['problem', 'no_phone', 'valid']),
  problems: z.array(importRowProblemSchema),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRowSchema>;

/** A row's outcome once applied: its employee was created with the card ordered, or it was refused with why. */
export const importRowOutcomes = ['card_ordered', 'refused'] as const;
export const importResultRowSchema = /* @__PURE__ */ z.object({
  rowNumber: z.int().check(z.gte(2)),
  name: z.string(),
  employeeId: z.nullable(z.string()),
  outcome: z.enum(importRowOutcomes),
  reason: z.nullable(z.enum(importRowRefusalCodes)),
});
export type ImportResultRow = z.infer<typeof importResultRowSchema>;

/**
 * previewed -> queued -> applying -> applied; queued or applying -> failed when its worker gave up (the rows created
 * stay created); failed -> queued again when applied again (the rows done are skipped).
 */
export const employeeImportStatuses = ['previewed', 'queued', 'applying', 'applied', 'failed'] as const;
export type EmployeeImportStatus = (typeof employeeImportStatuses)[number];

/**
 * What the cards cost (docs/decisions.md "Bulk employee import"): the price list has no fee for issuing a card, so
 * issuing is free; each card is then charged the monthly maintenance fee, first on the 1st of the next month.
 */
export const importFeesSchema = /* @__PURE__ */ z.object({
  cardCount: z.int().check(z.nonnegative()),
  issueFeeCents: z.int().check(z.nonnegative()),
  monthlyFeeCents: z.int().check(z.nonnegative()),
  monthlyTotalCents: z.int().check(z.nonnegative()),
  /** YYYY-MM: the first month charged for the new cards. */
  firstChargedMonth: z.string(),
});
export type ImportFees = z.infer<typeof importFeesSchema>;

const countSchema = /* @__PURE__ */ z.int().check(z.nonnegative());

export const employeeImportSchema = /* @__PURE__ */ z.object({
  importId: z.string(),
  fileName: z.string(),
  status: z.enum(employeeImportStatuses),
  /** Data rows of the file (the header not counted). */
  rowCount: countSchema,
  /** Rows that will be created: without a problem (those without a phone included). */
  validCount: countSchema,
  problemCount: countSchema,
  /** Valid rows without a phone: applying needs `confirmWithoutPhone`, as Add user does. */
  withoutPhoneCount: countSchema,
  /** Rows with problems first, then those without a phone, then the others; at most listedImportRows. */
  rows: z.array(importPreviewRowSchema),
  fees: importFeesSchema,
  /** Rows worked so far out of the rows to create (the worker's progress), of them created and refused. */
  progress: z.object({ doneRows: countSchema, totalRows: countSchema, createdRows: z._default(countSchema, 0), refusedRows: z._default(countSchema, 0) }),
  result: z.nullable(z.object({
    createdCount: countSchema,
    refusedCount: countSchema,
    /** Refused rows first, then created ones; at most listedImportRows. */
    rows: z.array(importResultRowSchema),
  })),
});
export type EmployeeImport = z.infer<typeof employeeImportSchema>;

/**
 * One row of the file as it stands: its preview's state and problems until the row is worked, then its outcome
 * (card_ordered, or refused with the reason). A row with problems stays `problem`: it is never created.
 */
export const importRowStates = ['problem', 'no_phone', 'valid', 'card_ordered', 'refused'] as const;
export type ImportRowState = (typeof importRowStates)[number];
export const importFileRowSchema = /* @__PURE__ */ z.object({
  rowNumber: z.int().check(z.gte(2)),
  name: z.string(),
  surname: z.string(),
  personalCode: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  state: z.enum(importRowStates),
  problems: z.array(importRowProblemSchema),
  reason: z.nullable(z.enum(importRowRefusalCodes)),
  employeeId: z.nullable(z.string()),
});
export type ImportFileRow = z.infer<typeof importFileRowSchema>;

/** Every row of an import, a page at a time: those needing attention first (problems, refusals), then by row number. */
export const importRowsQuerySchema = listQuerySchema;
export const importRowsAnswerSchema = /* @__PURE__ */ tableAnswerSchema(importFileRowSchema);

/** The rows needing attention first, then those without a phone, then the others; each group by row number. */
export const importRowStateOrder: Readonly<Record<ImportRowState, number>> = { problem: 0, refused: 0, no_phone: 1, valid: 2, card_ordered: 2 };

export const employeeImportTemplateSchema = /* @__PURE__ */ z.object({ fileName: z.string(), content: z.string() });

export const employeeImportUploadBodySchema = /* @__PURE__ */ z.object({
  fileName: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(200)), 'employees.csv'),
  // SPEC section 5: 'File required' when the upload has no file (or an empty one).
  content: z.string({ error: () => 'FILE_REQUIRED' }).check(
    z.refine((text) => text.replace(/^\uFEFF/, '').trim() !== '', { error: 'FILE_REQUIRED' }),
    z.refine((text) => text.length <= maxEmployeeImportChars, { error: 'INVALID_VALUE' }),
  ),
});
export type EmployeeImportUploadBody = z.input<typeof employeeImportUploadBodySchema>;

/** Applying: rows without a phone are created only when the caller confirms it, as Add user asks. */
export const applyEmployeeImportBodySchema = /* @__PURE__ */ z.object({ confirmWithoutPhone: z._default(z.boolean(), false) });

export const employeeImportIdParamsSchema = /* @__PURE__ */ z.object({ importId: z.uuid() });
