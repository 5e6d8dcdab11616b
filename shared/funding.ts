import * as z from 'zod/mini';
import { eurTextSchema, positiveCentsSchema } from './employees';

/** Add funds to one employee (SPEC section 4): a positive amount in cents, 'Amount required' when missing. */
export const fundEmployeeBodySchema = /* @__PURE__ */ z.object({ amountCents: positiveCentsSchema('AMOUNT_REQUIRED') });
export type FundEmployeeBody = z.input<typeof fundEmployeeBodySchema>;

/** The same amount as typed in the form, in euros with a period as the decimal separator. */
export const fundEmployeeFormSchema = /* @__PURE__ */ z.object({ amount: eurTextSchema('AMOUNT_REQUIRED') });

/** One transfer done: its ledger movement. A replay with the same Idempotency-Key answers exactly this again. */
export const fundingAnswerSchema = /* @__PURE__ */ z.object({
  movementId: z.string(),
  employeeId: z.string(),
  amountCents: z.int().check(z.positive()),
  at: z.string(),
});
export type FundingAnswer = z.infer<typeof fundingAnswerSchema>;

/**
 * The funding template's columns (SPEC section 3: 'Add Balance' in euros). The user changes only the last one; the
 * others tell the rows apart and are checked against the users list when the file comes back.
 */
export const fundingCsvColumns = ['User ID', 'Name', 'Surname', 'Personal code', 'Phone', 'Card last digits', 'Balance', 'Add Balance'] as const;
export const addBalanceColumn = 'Add Balance';

/** Files larger than this many rows are applied by a background job with progress; smaller ones at once. */
export const fundingBackgroundRows = 500;
/** A CSV of 10,000 employees is about 1 MB; Lambda's payload limit is 6 MB, this leaves room for JSON escaping. */
export const maxFundingFileChars = 4_000_000;

export const fundingTemplateAnswerSchema = /* @__PURE__ */ z.object({ fileName: z.string(), content: z.string() });

export const fundingUploadBodySchema = /* @__PURE__ */ z.object({
  fileName: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(200)), 'funding.csv'),
  // SPEC section 5: 'File required' when the upload has no file (or an empty one).
  content: z.string({ error: () => 'FILE_REQUIRED' }).check(
    z.refine((text) => text.replace(/^\uFEFF/, '').trim() !== '', { error: 'FILE_REQUIRED' }),
    z.refine((text) => text.length <= maxFundingFileChars, { error: 'INVALID_VALUE' }),
  ),
});
export type FundingUploadBody = z.input<typeof fundingUploadBodySchema>;

export const fundingFileIdParamsSchema = /* @__PURE__ */ z.object({ fileId: z.uuid() });

/** Why a row is refused in the preview (field message codes: errors:fields). */
export const rowProblemCodes = ['NUMBER_INVALID', 'AMOUNT_NEGATIVE', 'AMOUNT_TOO_PRECISE', 'NUMBER_TOO_LARGE', 'ROW_USER_NOT_ACTIVE', 'ROW_DUPLICATE', 'ROW_CHANGED'] as const;
export type RowProblemCode = (typeof rowProblemCodes)[number];

/** Why a row that passed the preview was not transferred when applied (API codes: errors:codes). */
export const rowFailureCodes = ['FUNDING_USER_NOT_ACTIVE', 'FUNDS_NOT_ENOUGH', 'FUNDS_TRANSFER_FAILED'] as const;
export type RowFailureCode = (typeof rowFailureCodes)[number];

/** A row as the preview and the result name it: its spreadsheet row number (the header is row 1) and its user. */
const rowOfFileSchema = /* @__PURE__ */ z.object({ rowNumber: z.int().check(z.gte(2)), employeeId: z.nullable(z.string()), name: z.nullable(z.string()) });
export const rowProblemSchema = /* @__PURE__ */ z.extend(rowOfFileSchema, { reason: z.enum(rowProblemCodes) });
export type RowProblem = z.infer<typeof rowProblemSchema>;
export const rowFailureSchema = /* @__PURE__ */ z.extend(rowOfFileSchema, { reason: z.enum(rowFailureCodes) });
export type RowFailure = z.infer<typeof rowFailureSchema>;
export const appliedRowSchema = /* @__PURE__ */ z.extend(rowOfFileSchema, { amountCents: z.int().check(z.positive()) });
export type AppliedRow = z.infer<typeof appliedRowSchema>;

/**
 * previewed -> queued (large files) -> applying -> applied; queued or applying -> failed when its worker gave up or its
 * deadline passed (the rows applied so far stay applied), failed -> queued again when a user retries it. A file (or a
 * scheduled run's file) whose total is above the company's approval amount goes previewed -> awaiting_approval ->
 * queued when a second person approves it, or -> declined (rejected or expired; nothing moved) (issue 35).
 */
export const fundingFileStatuses = ['previewed', 'awaiting_approval', 'queued', 'applying', 'applied', 'failed', 'declined'] as const;
export type FundingFileStatus = (typeof fundingFileStatuses)[number];

/** At most this many problems or failures are listed (their counts are always whole). */
export const listedRowsLimit = 200;

export const fundingFileSchema = /* @__PURE__ */ z.object({
  fileId: z.string(),
  fileName: z.string(),
  status: z.enum(fundingFileStatuses),
  /** Data rows of the file (the header not counted). */
  rowCount: z.int().check(z.nonnegative()),
  /** Rows that will move money: a positive Add Balance, no problem. Empty or zero rows are skipped. */
  fundedRowCount: z.int().check(z.nonnegative()),
  totalCents: z.int().check(z.nonnegative()),
  /** The main account's available amount when the file was checked, and what stays after the total. */
  availableCents: z.int(),
  problems: z.array(rowProblemSchema),
  problemCount: z.int().check(z.nonnegative()),
  /** The request a second person decides while the file is awaiting approval (or decided it), else null. */
  approvalId: z.nullable(z.string()),
  /** Why the file cannot be applied as it is; null when it can. */
  blocking: z.nullable(z.enum(['FUNDING_FILE_HAS_ERRORS', 'FUNDING_TOTAL_TOO_HIGH'])),
  /** Rows worked so far out of the rows to transfer (a background job's progress). */
  progress: z.object({ doneRows: z.int().check(z.nonnegative()), totalRows: z.int().check(z.nonnegative()) }),
  result: z.nullable(z.object({
      appliedCount: z.int().check(z.nonnegative()),
      appliedCents: z.int().check(z.nonnegative()),
      failedCount: z.int().check(z.nonnegative()),
      failed: z.array(rowFailureSchema),
      /** The first applied rows (at most listedRowsLimit); the count is whole. */
      applied: z.array(appliedRowSchema),
      /** 'Funds transfer failed for listed accounts' when some rows failed. */
      code: z.nullable(z.literal('FUNDS_TRANSFER_FAILED_FOR_ACCOUNTS')),
    })),
});
export type FundingFile = z.infer<typeof fundingFileSchema>;

/**
 * Reads CSV text (RFC 4180: quoted cells may hold commas, quotes doubled and line breaks; CRLF or LF lines; a leading
 * byte order mark ignored). Answers null when a quote is left open. Blank lines are dropped.
 */
export function parseCsv(text: string): string[][] | null {
  const source = text.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let index = 0;
  const endRow = () => {
    row.push(cell);
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    cell = '';
  };
  while (index < source.length) {
    const char = source[index];
    if (quoted) {
      if (char === '"') {
        if (source[index + 1] === '"') {
          cell += '"';
          index += 1;
        } else quoted = false;
      } else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && source[index + 1] === '\n') {
      endRow();
      index += 1;
    } else if (char === '\n' || char === '\r') endRow();
    else cell += char;
    index += 1;
  }
  if (quoted) return null;
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}
