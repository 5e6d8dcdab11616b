import * as z from 'zod/mini';
import { calendarDay, rigaDateOf } from './dates';
import { positiveCentsSchema, eurTextSchema } from './employees';
import type { FieldMessageCode } from './errors';
import { formatIban, isValidIban, mod97, numeric } from './iban';
import { tableAnswerSchema, listQuerySchema } from './lists';
import { requiredText } from './validation';

/**
 * The payment reference a company puts on its top-up transfer: an ISO 11649 creditor reference ("RF", two check
 * digits, then the company's registration number). It is derived from the registration number, which is unique and
 * never changes, so it needs no item of its own; the mod-97 check digits make a mistyped digit or two swapped digits
 * an invalid reference instead of another company's.
 */
export function paymentReferenceOf(registrationNumber: string): string {
  const check = 98 - mod97(numeric(`${registrationNumber}RF00`));
  return `RF${String(check).padStart(2, '0')}${registrationNumber}`;
}

export function isValidPaymentReference(value: string): boolean {
  const reference = value.replace(/\s+/g, '').toUpperCase();
  if (!/^RF\d{2}[0-9A-Z]{1,21}$/.test(reference)) return false;
  return mod97(numeric(reference.slice(4) + reference.slice(0, 4))) === 1;
}

/**
 * The registration number inside a transfer's remittance text, if it holds one of our references with valid check
 * digits. Payers add words around it and banks break it into groups, so spaces are dropped before looking.
 */
export function registrationNumberInReference(text: string): string | null {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  for (const candidate of compact.match(/RF\d{2}\d{11}/g) ?? []) {
    if (isValidPaymentReference(candidate)) return candidate.slice(4);
  }
  return null;
}

/** Groups of four, as it is printed for people to copy. */
export const formatPaymentReference = formatIban;

/** The booking date of a transfer: a real day, not after today (Riga), not before the programme existed. */
export const earliestBookingDate = '2000-01-01';
export const bookingDateSchema = calendarDay(
  z.string({ error: () => 'REQUIRED' }).check(z.trim(), z.minLength(1, { error: 'REQUIRED' })),
).check(
  z.refine((day) => day >= earliestBookingDate, { error: 'DATE_TOO_EARLY', abort: true }),
  z.refine((day) => day <= rigaDateOf(new Date()), { error: 'DATE_IN_FUTURE' }),
);

/** An IBAN as typed or printed (spaces, lower case), as the compact upper-case text it is checked in. */
const compactIbanText = (code: FieldMessageCode) =>
  z.pipe(z.string({ error: () => code }), z.transform((value) => value.replace(/\s+/g, '').toUpperCase()));

const ibanSchema = /* @__PURE__ */ z.pipe(
  compactIbanText('REQUIRED'),
  z.string().check(z.minLength(1, { error: 'REQUIRED' }), z.refine(isValidIban, { error: 'INVALID_IBAN' })),
);

/** A payer from outside SEPA may come without an IBAN; one that is given must be valid. */
const optionalIbanSchema = /* @__PURE__ */ z.pipe(
  z.pipe(compactIbanText('INVALID_VALUE'), z.string().check(z.refine((value) => value === '' || isValidIban(value), { error: 'INVALID_IBAN' }))),
  z.transform((value) => (value === '' ? null : value)),
);

/** SEPA's remittance information holds up to 140 characters. */
export const referenceMaxLength = 140;

const transferFields = {
  bankTransactionId: requiredText(100),
  bookingDate: bookingDateSchema,
  payerName: requiredText(referenceMaxLength),
  payerIban: z._default(z.nullable(optionalIbanSchema), null),
  beneficiaryIban: ibanSchema,
  reference: z._default(z.string({ error: () => 'INVALID_VALUE' }).check(z.trim(), z.maxLength(referenceMaxLength, { error: 'TEXT_TOO_LONG' })), ''),
};

/** An incoming bank transfer as the API takes it (amount in integer cents). */
export const bankTransferSchema = /* @__PURE__ */ z.object({ ...transferFields, amountCents: positiveCentsSchema('AMOUNT_REQUIRED') });
export type BankTransfer = z.output<typeof bankTransferSchema>;
export type BankTransferInput = z.input<typeof bankTransferSchema>;

/** The admin's form: the amount typed in euros with a period, the rest as the API takes it. */
export const bankTransferFormSchema = /* @__PURE__ */ z.object({ ...transferFields, amount: eurTextSchema('AMOUNT_REQUIRED') });
export type BankTransferFormValues = { [K in keyof z.input<typeof bankTransferFormSchema>]-?: string };

export function bankTransferOf(form: z.output<typeof bankTransferFormSchema>): BankTransferInput {
  const { amount, ...rest } = form;
  return { ...rest, amountCents: amount };
}

/**
 * The bank statement CSV: one header line with these columns (any order, case and spacing ignored), then one
 * transfer a line. Amounts in euros with a period as the decimal separator; currency EUR.
 */
export const bankStatementColumns = {
  bankTransactionId: 'Bank transaction ID',
  bookingDate: 'Booking date',
  amount: 'Amount',
  currency: 'Currency',
  payerName: 'Payer name',
  payerIban: 'Payer IBAN',
  beneficiaryIban: 'Beneficiary IBAN',
  reference: 'Reference',
} as const;
export type BankStatementColumn = keyof typeof bankStatementColumns;

/** One statement line, its cells as text: what the CSV adapter checks before anything is recorded. */
export const bankStatementLineSchema = /* @__PURE__ */ z.pipe(
  z.object({
    ...transferFields,
    amount: eurTextSchema('AMOUNT_REQUIRED'),
    currency: z.string().check(z.trim(), z.toUpperCase(), z.refine((value) => value === 'EUR', { error: 'INVALID_OPTION' })),
  }),
  z.transform(({ amount, currency: _currency, ...rest }) => ({ ...rest, amountCents: amount })),
);

/** The statement travels in the JSON body as text, capped here (413 above); decisions.md says why. */
export const bankStatementMaxBytes = 2 * 1024 * 1024;
export const bankStatementMaxLines = 1_000;
export const bankStatementBodySchema = /* @__PURE__ */ z.object({
  fileName: z._default(z.string().check(z.trim(), z.maxLength(200)), 'statement.csv'),
  text: z.string({ error: () => 'FILE_REQUIRED' }).check(z.minLength(1, { error: 'FILE_REQUIRED' })),
});
export type BankStatementBody = z.input<typeof bankStatementBodySchema>;

export const matchedBySchema = /* @__PURE__ */ z.enum(['reference', 'iban', 'manual']);
export type MatchedBy = z.infer<typeof matchedBySchema>;

/** credited: money moved to the company; unmatched: waits for an admin; already_recorded: this bank id was seen. */
export const transferOutcomes = ['credited', 'unmatched', 'already_recorded', 'invalid'] as const;
export const transferOutcomeSchema = /* @__PURE__ */ z.enum(transferOutcomes);
export type TransferOutcome = z.infer<typeof transferOutcomeSchema>;

export const creditedCompanySchema = /* @__PURE__ */ z.object({ companyId: z.string(), name: z.string() });

export const transferResultSchema = /* @__PURE__ */ z.object({
  /** The statement's line number (the header is line 1); null for a transfer recorded by hand. */
  line: z.nullable(z.int()),
  bankTransactionId: z.nullable(z.string()),
  amountCents: z.nullable(z.int()),
  outcome: transferOutcomeSchema,
  matchedBy: z.nullable(matchedBySchema),
  company: z.nullable(creditedCompanySchema),
  /** Invalid lines: the field message code of each cell that failed. */
  fields: z.nullable(z.record(z.string(), z.string())),
});
export type TransferResult = z.infer<typeof transferResultSchema>;

export const statementImportAnswerSchema = /* @__PURE__ */ z.object({
  fileName: z.string(),
  lines: z.array(transferResultSchema),
  creditedCents: z.int(),
});
export type StatementImportAnswer = z.infer<typeof statementImportAnswerSchema>;

export const unmatchedTransferSchema = /* @__PURE__ */ z.object({
  bankTransactionId: z.string(),
  bookingDate: z.string(),
  amountCents: z.int(),
  payerName: z.string(),
  payerIban: z.nullable(z.string()),
  beneficiaryIban: z.string(),
  reference: z.string(),
  recordedAt: z.string(),
});
export type UnmatchedTransfer = z.infer<typeof unmatchedTransferSchema>;

export const unmatchedTransfersQuerySchema = listQuerySchema;
export const unmatchedTransfersAnswerSchema = /* @__PURE__ */ tableAnswerSchema(unmatchedTransferSchema);

export const assignTransferBodySchema = /* @__PURE__ */ z.object({ bankTransactionId: requiredText(100), companyId: requiredText(100) });
export type AssignTransferBody = z.infer<typeof assignTransferBodySchema>;

/** The assign dialog's company search: by name or registration number, active companies only. */
export const companySearchQuerySchema = /* @__PURE__ */ z.object({ search: z._default(z.string().check(z.trim(), z.maxLength(100)), '') });
export const companyChoiceSchema = /* @__PURE__ */ z.object({ companyId: z.string(), name: z.string(), registrationNumber: z.string() });
export type CompanyChoice = z.infer<typeof companyChoiceSchema>;
export const companySearchLimit = 20;
export const companySearchAnswerSchema = /* @__PURE__ */ z.object({ companies: z.array(companyChoiceSchema) });
