import * as z from 'zod/mini';
import { feeMonthSchema } from '@shared/fees';
import { invoiceKinds, invoiceLineSchema, invoiceSellerSchema, vatRateSchema, type InvoiceRow } from '@shared/invoices';
import { languageSchema } from '@shared/languages';

/** The company as its invoice names it, at the moment it was issued. */
export const invoiceBuyerSchema = /* @__PURE__ */ z.object({
  name: z.string(),
  registrationNumber: z.string(),
  vatNumber: z.nullable(z.string()),
  /** One line: street, house, premises, postcode and city, country (the onboarding's legal address). */
  address: z.string(),
});
export type InvoiceBuyer = z.infer<typeof invoiceBuyerSchema>;

/**
 * An invoice or credit note as issued (docs/access-patterns.md, invoices rows): everything its PDF prints, frozen when
 * it was numbered, so the PDF made again after a failure is the same document. Never changed after, but for the file
 * being stored and, on an invoice, what its credit notes gave back.
 */
export const invoiceRecord = /* @__PURE__ */ z.object({
  companyId: z.string(),
  number: z.string(),
  kind: z.enum(invoiceKinds),
  issuedAt: z.string(),
  /** The Riga day of issuedAt: the invoice's date. */
  issueDate: z.string(),
  period: feeMonthSchema,
  language: languageSchema,
  seller: invoiceSellerSchema,
  buyer: invoiceBuyerSchema,
  lines: z.array(invoiceLineSchema),
  vatRateBasisPoints: vatRateSchema,
  /** The exemption's words in the document's language, or null when VAT is charged. */
  vatExemption: z.nullable(z.string()),
  netCents: z.int(),
  vatCents: z.int(),
  totalCents: z.int(),
  /** An invoice: what its credit notes gave back so far, VAT included (never more than totalCents). */
  creditedCents: z._default(z.int().check(z.nonnegative()), 0),
  /** A credit note: the invoice it corrects, and why. */
  creditsInvoice: z._default(z.nullable(z.object({ number: z.string(), issueDate: z.string() })), null),
  reason: z._default(z.nullable(z.string()), null),
  /** When its PDF was stored; null until then. */
  fileStoredAt: z._default(z.nullable(z.string()), null),
});
export type InvoiceRecord = z.infer<typeof invoiceRecord>;

/** A list's row; a credit note's amounts negative, as it gives money back (the record keeps them as its PDF's lines). */
export function invoiceRow(record: InvoiceRecord): InvoiceRow {
  const sign = record.kind === 'credit_note' ? -1 : 1;
  const signed = (cents: number) => (cents === 0 ? 0 : sign * cents);
  return {
    id: record.number,
    kind: record.kind,
    number: record.number,
    issueDate: record.issueDate,
    period: record.period,
    netCents: signed(record.netCents),
    vatCents: signed(record.vatCents),
    totalCents: signed(record.totalCents),
    creditsInvoiceNumber: record.creditsInvoice?.number ?? null,
    fileReady: record.fileStoredAt !== null,
  };
}

/** A message of the invoices queue: issue a company's invoice of a month, or make (and mail) one document's PDF. */
export const invoiceMessageSchema = /* @__PURE__ */ z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('month'), companyId: z.string(), month: feeMonthSchema }),
  z.object({ kind: z.literal('document'), companyId: z.string(), number: z.string() }),
]);
export type InvoiceMessage = z.infer<typeof invoiceMessageSchema>;
