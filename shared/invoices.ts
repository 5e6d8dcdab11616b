import * as z from 'zod/mini';
import { feeMonthSchema } from './fees';
import { isValidIban } from './iban';
import { languages, type Language } from './language-list';
import { listQuerySchema, tableAnswerSchema } from './lists';

/**
 * Invoices (issue 34): each month's fees of a company on one invoice, and corrections as credit notes that refer to it,
 * numbered in one gapless series per provider and year. Money in integer euro cents; VAT per the deploy configuration.
 */
export const invoiceKinds = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

/**
 * What an invoice line charges for: the fees of the price list (shared/prices.ts). A fee added to the price list gets
 * its kind here, with its charges read in functions/invoices/invoice-lines.ts and its texts in the PDF's.
 */
export const invoiceLineKinds = ['monthly_fee', 'replacement_fee'] as const;
export type InvoiceLineKind = (typeof invoiceLineKinds)[number];

export const invoiceLineSchema = /* @__PURE__ */ z.object({
  kind: z.enum(invoiceLineKinds),
  quantity: z.int().check(z.positive()),
  unitPriceCents: z.int().check(z.nonnegative()),
  /** quantity x unitPriceCents: the line's amount without VAT. */
  netCents: z.int().check(z.nonnegative()),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

const filled = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/**
 * Who invoices: the provider's legal details as its invoices print them, from the deploy configuration
 * (infra/deploy-config.ts `invoicing`), handed to the invoice functions in INVOICE_SELLER.
 */
export const invoiceSellerSchema = /* @__PURE__ */ z.object({
  name: filled(200),
  registrationNumber: filled(40),
  /** A provider not registered for VAT has none. */
  vatNumber: z.nullable(filled(40)),
  address: filled(300),
  bankName: filled(100),
  iban: z.string().check(z.refine((value) => isValidIban(value.replace(/\s/g, '')), { error: 'INVALID_IBAN' })),
  bic: z.string().check(z.regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, { error: 'INVALID_SWIFT' })),
});
export type InvoiceSeller = z.infer<typeof invoiceSellerSchema>;

/**
 * Why an invoice carries no VAT, in each of the portal's languages (an e-money institution's fees may be exempt): the
 * deploy configuration's words, printed on every invoice and credit note in the company's language.
 */
export const vatExemptionSchema = /* @__PURE__ */ z.object(Object.fromEntries(languages.map((language) => [language, filled(500)])) as Record<Language, ReturnType<typeof filled>>);
export type VatExemption = z.infer<typeof vatExemptionSchema>;

/** One VAT rate in basis points (2100 = 21 %): integer, so no rate is ever a float. */
export const vatRateSchema = /* @__PURE__ */ z.int().check(z.gte(0), z.lte(10_000));

/**
 * A document's VAT: its net total times the rate, rounded half away from zero to the cent, on the total (not per line),
 * as the Latvian VAT law computes the tax of an invoice. Integer arithmetic only.
 */
export function vatOf(netCents: number, vatRateBasisPoints: number): number {
  const sign = netCents < 0 ? -1 : 1;
  const scaled = Math.abs(netCents) * vatRateBasisPoints;
  return sign * Math.floor((scaled + 5_000) / 10_000);
}

export interface InvoiceTotals {
  netCents: number;
  vatCents: number;
  totalCents: number;
}

/** The net, VAT and total of a document's lines. */
export function invoiceTotals(lines: readonly Pick<InvoiceLine, 'netCents'>[], vatRateBasisPoints: number): InvoiceTotals {
  const netCents = lines.reduce((sum, line) => sum + line.netCents, 0);
  const vatCents = vatOf(netCents, vatRateBasisPoints);
  return { netCents, vatCents, totalCents: netCents + vatCents };
}

/** A line of `quantity` charges at one price. */
export function invoiceLine(kind: InvoiceLineKind, quantity: number, unitPriceCents: number): InvoiceLine {
  return { kind, quantity, unitPriceCents, netCents: quantity * unitPriceCents };
}

/**
 * A document's number: the year it was issued in (Riga) and its place in that year's series, six digits, e.g.
 * `2026-000001`. Invoices and credit notes share the series, so the numbers a provider issues have no gap.
 */
export const invoiceNumberSchema = /* @__PURE__ */ z.string().check(z.regex(/^\d{4}-\d{6}$/, { error: 'INVALID_VALUE' }));
export function invoiceNumberOf(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(6, '0')}`;
}

/** A document is found by its number, which no other of the provider's documents has. */
export const invoiceParamsSchema = /* @__PURE__ */ z.object({ invoiceId: invoiceNumberSchema });

/** A row of the company's list (Reporting > Invoices): invoices and credit notes, newest first. */
export const invoiceRowSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  kind: z.enum(invoiceKinds),
  number: z.string(),
  /** The Riga day it was issued. */
  issueDate: z.string(),
  /** The month of fees it is for (a credit note: its invoice's). */
  period: feeMonthSchema,
  netCents: z.int(),
  vatCents: z.int(),
  totalCents: z.int(),
  /** A credit note's invoice, by number. */
  creditsInvoiceNumber: z.nullable(z.string()),
  /** Its PDF is stored and can be downloaded (it is made right after the document is numbered). */
  fileReady: z.boolean(),
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;

export const invoicesQuerySchema = /* @__PURE__ */ z.object({ page: listQuerySchema.shape.page, itemsPerPage: listQuerySchema.shape.itemsPerPage });
export type InvoicesQuery = z.infer<typeof invoicesQuerySchema>;
export const invoicesAnswerSchema = /* @__PURE__ */ tableAnswerSchema(invoiceRowSchema);

/** An invoice as the provider's console shows it: with its company, lines and what is left to credit. */
export const adminInvoiceSchema = /* @__PURE__ */ z.object({
  ...invoiceRowSchema.shape,
  companyId: z.string(),
  companyName: z.string(),
  lines: z.array(invoiceLineSchema),
  vatRateBasisPoints: vatRateSchema,
  /** What credit notes have given back so far, VAT included. */
  creditedCents: z.int().check(z.nonnegative()),
});
export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;

export const adminInvoicesQuerySchema = /* @__PURE__ */ z.object({
  itemsPerPage: listQuerySchema.shape.itemsPerPage,
  /** The number the previous page ended with: the next page starts below it. */
  before: z.optional(invoiceNumberSchema),
});
export type AdminInvoicesQuery = z.infer<typeof adminInvoicesQuerySchema>;
export const adminInvoicesAnswerSchema = /* @__PURE__ */ z.object({ rows: z.array(adminInvoiceSchema), nextBefore: z.nullable(z.string()) });
export type AdminInvoicesAnswer = z.infer<typeof adminInvoicesAnswerSchema>;

export const creditNoteReasonMaxLength = 1000;

/**
 * A credit note: the invoice's lines it gives back (by their place on the invoice, whole lines or fewer of their
 * units), with the reason the provider states. It may not give back more than the invoice has left.
 */
export const issueCreditNoteSchema = /* @__PURE__ */ z.object({
  lines: z
    .array(z.object({ index: z.int().check(z.nonnegative(), z.lt(50)), quantity: z.int().check(z.positive({ error: 'NUMBER_TOO_SMALL' })) }))
    .check(
      z.minLength(1, { error: 'CREDIT_NOTE_LINES_REQUIRED' }),
      z.maxLength(50),
      z.refine((lines) => new Set(lines.map((line) => line.index)).size === lines.length, { error: 'INVALID_VALUE' }),
    ),
  reason: z.string().check(z.trim(), z.minLength(3, { error: 'TEXT_TOO_SHORT' }), z.maxLength(creditNoteReasonMaxLength, { error: 'TEXTAREA_TOO_LONG' })),
});
export type IssueCreditNote = z.infer<typeof issueCreditNoteSchema>;

/** What a credit note of `chosen` lines of an invoice credits: each chosen line with its quantity, at the invoice's price. */
export function creditedLines(invoiceLines: readonly InvoiceLine[], chosen: IssueCreditNote['lines']): InvoiceLine[] | null {
  const lines: InvoiceLine[] = [];
  for (const { index, quantity } of [...chosen].sort((a, b) => a.index - b.index)) {
    const line = invoiceLines[index];
    if (!line || quantity > line.quantity) return null;
    lines.push(invoiceLine(line.kind, quantity, line.unitPriceCents));
  }
  return lines;
}
