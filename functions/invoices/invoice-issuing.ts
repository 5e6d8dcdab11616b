import { PutObjectCommand } from '@aws-sdk/client-s3';
import { rigaDateOf } from '@shared/dates';
import { creditedLines, invoiceTotals, type IssueCreditNote } from '@shared/invoices';
import type { Language } from '@shared/languages';
import { paths } from '@shared/routes';
import { auditPut, systemActor, type Actor } from '../platform/audit';
import { s3 } from '../platform/aws/s3';
import { documentsBucket, invoiceSeller, invoiceVatExemption, invoiceVatRateBasisPoints, portalUrl } from '../platform/env';
import { DomainError, notFound } from '../platform/errors';
import { companyRecord } from '../platform/identity-records';
import { invoiceObjectKey, keys } from '../platform/keys';
import type { Email } from '../platform/mailer';
import { emailsPut, outboxPut } from '../platform/outbox';
import { getItem, tableName } from '../platform/table';
import { companyLegalDetails } from '../onboarding';
import { companyMembers } from '../users';
import { chargedLines } from './invoice-lines';
import { invoiceRecord, type InvoiceBuyer, type InvoiceMessage, type InvoiceRecord } from './invoice-records';
import { amountText, countryNameIn, invoiceMailTexts, monthName } from './invoice-texts';
import { issueNumbered, markFileStored, monthClaimPut, numberingAttempts, readInvoice, readMonthInvoice } from './invoice-store';
import { renderInvoicePdf } from './invoice-pdf';

/** Thrown for the month's claim: the month was invoiced by another delivery meanwhile. */
class AlreadyInvoiced extends Error {}

/**
 * The language of the company's documents: its owners' (a company has none of its own); where they differ, the one
 * most of them use; on a tie Latvian, then English (the programme is Latvian).
 */
export function companyLanguageOf(ownerLanguages: readonly Language[]): Language {
  const counts = new Map<Language, number>();
  for (const language of ownerLanguages) counts.set(language, (counts.get(language) ?? 0) + 1);
  const order: Language[] = ['lv', 'en', 'ru'];
  return order.reduce((best, language) => ((counts.get(language) ?? 0) > (counts.get(best) ?? 0) ? language : best), 'lv');
}

/** The company as its invoice names it today: register name and number, the onboarding's VAT number and legal address. */
async function buyerOf(companyId: string, language: Language): Promise<InvoiceBuyer> {
  const [item, legal] = await Promise.all([getItem(keys.company(companyId)), companyLegalDetails(companyId)]);
  if (!item) throw new Error(`company ${companyId} does not exist`);
  const company = companyRecord.parse(item);
  const address = legal.legalAddress ?? company.legalAddress;
  const addressLine = address
    ? [
        [address.street, address.houseNumber].filter(Boolean).join(' ') + (address.premisesNumber ? `-${address.premisesNumber}` : ''),
        [address.city, address.postcode].filter(Boolean).join(', '),
        countryNameIn(address.country, language),
      ]
        .filter((part) => part.trim() !== '')
        .join(', ')
    : '';
  return { name: company.name, registrationNumber: company.registrationNumber, vatNumber: legal.vatNumber, address: addressLine };
}

/**
 * The company's invoice of `month` (issue 34): its lines from what was charged that month, its number the next of the
 * provider's series, and the month's claim, written in one transaction with the issue's audit record. A month with no
 * fees gets no invoice (null). A month invoiced already answers that invoice: however often it is asked, or by how many
 * at once, a company's month has one invoice.
 */
export async function issueMonthlyInvoice(companyId: string, month: string): Promise<InvoiceRecord | null> {
  const existing = await readMonthInvoice(companyId, month);
  if (existing) return existing;
  const lines = await chargedLines(companyId, month);
  if (lines.length === 0) return null;
  const members = await companyMembers(companyId);
  const language = companyLanguageOf(members.filter(({ membership }) => membership.role === 'owner').map(({ profile }) => profile.language));
  const buyer = await buyerOf(companyId, language);
  const vatRateBasisPoints = invoiceVatRateBasisPoints();
  const exemption = invoiceVatExemption();
  const totals = invoiceTotals(lines, vatRateBasisPoints);
  try {
    return await issueNumbered((number, issuedAt) => {
      const record: InvoiceRecord = invoiceRecord.parse({
        companyId,
        number,
        kind: 'invoice',
        issuedAt: issuedAt.toISOString(),
        issueDate: rigaDateOf(issuedAt),
        period: month,
        language,
        seller: invoiceSeller(),
        buyer,
        lines,
        vatRateBasisPoints,
        vatExemption: exemption ? exemption[language] : null,
        ...totals,
        creditedCents: 0,
        creditsInvoice: null,
        reason: null,
        fileStoredAt: null,
      });
      return {
        record,
        with: [
          monthClaimPut(companyId, month, number),
          auditPut({
            companyId,
            actor: systemActor,
            action: 'invoice.issue',
            target: { type: 'company', id: companyId },
            before: {},
            after: { invoiceNumber: number, month, netCents: totals.netCents, vatCents: totals.vatCents, totalCents: totals.totalCents },
            at: issuedAt.toISOString(),
          }),
        ],
        refusals: { 0: new AlreadyInvoiced() },
      };
    });
  } catch (error) {
    if (error instanceof AlreadyInvoiced) return readMonthInvoice(companyId, month);
    throw error;
  }
}

/**
 * A credit note of chosen lines of an invoice (issue 34): a document of its own in the same series, referring to the
 * invoice, never a change of it but for what the invoice has had credited, which its condition keeps at most the
 * invoice's total (so two credit notes at once cannot together give back more). It carries the invoice's parties, VAT
 * rate and exemption: it corrects that invoice. Its PDF is made by the invoices worker, queued by its outbox item.
 */
export async function issueCreditNote(invoice: InvoiceRecord, request: IssueCreditNote, actor: Actor): Promise<{ invoice: InvoiceRecord; creditNote: InvoiceRecord }> {
  if (invoice.kind !== 'invoice') throw new DomainError(409, 'CREDIT_NOTE_NOT_FOR_CREDIT_NOTE');
  const lines = creditedLines(invoice.lines, request.lines);
  if (!lines) throw new DomainError(400, 'CREDIT_NOTE_LINE_INVALID');
  const totals = invoiceTotals(lines, invoice.vatRateBasisPoints);
  const exceeds = new DomainError(409, 'CREDIT_NOTE_EXCEEDS_INVOICE');
  if (invoice.creditedCents + totals.totalCents > invoice.totalCents) throw exceeds;
  const creditNote = await issueNumbered((number, issuedAt) => {
    const at = issuedAt.toISOString();
    const record: InvoiceRecord = {
      ...invoice,
      number,
      kind: 'credit_note',
      issuedAt: at,
      issueDate: rigaDateOf(issuedAt),
      lines,
      ...totals,
      creditedCents: 0,
      creditsInvoice: { number: invoice.number, issueDate: invoice.issueDate },
      reason: request.reason,
      fileStoredAt: null,
    };
    return {
      record,
      with: [
        {
          Update: {
            TableName: tableName(),
            Key: keys.invoice(invoice.companyId, invoice.number),
            UpdateExpression: 'SET creditedCents = creditedCents + :credited',
            ConditionExpression: 'attribute_exists(pk) AND creditedCents <= :most',
            ExpressionAttributeValues: { ':credited': totals.totalCents, ':most': invoice.totalCents - totals.totalCents },
          },
        },
        auditPut({
          companyId: invoice.companyId,
          actor,
          action: 'invoice.credit_note',
          target: { type: 'company', id: invoice.companyId },
          before: {},
          after: { invoiceNumber: number, creditedInvoiceNumber: invoice.number, month: invoice.period, netCents: totals.netCents, vatCents: totals.vatCents, totalCents: totals.totalCents, reason: request.reason },
          at,
        }),
        outboxPut('invoices', () => [JSON.stringify({ kind: 'document', companyId: invoice.companyId, number } satisfies InvoiceMessage)], issuedAt),
      ],
      refusals: { 0: exceeds },
    };
  }, { attempts: numberingAttempts.api, outrun: new DomainError(409, 'CONFLICT') });
  const credited = await readInvoice(invoice.companyId, invoice.number);
  if (!credited) throw notFound('INVOICE_NOT_FOUND');
  return { invoice: credited, creditNote };
}

/** Whom a document is mailed to: the company's owners and accountants who can be written to, each in their language. */
async function invoiceEmails(record: InvoiceRecord): Promise<Email[]> {
  const members = await companyMembers(record.companyId);
  const link = `${portalUrl()}${paths.reportingInvoices}`;
  return members
    .filter(({ membership, profile }) => (membership.role === 'owner' || membership.role === 'accountant') && membership.status === 'active' && profile.status === 'active')
    .map(({ profile }) => {
      const texts = invoiceMailTexts[profile.language];
      const sign = record.kind === 'credit_note' ? -1 : 1;
      return {
        to: profile.email,
        subject: texts.subject(record.kind, record.number),
        text: texts.text({ kind: record.kind, number: record.number, period: monthName(record.period, profile.language), total: amountText(sign * record.totalCents, profile.language), company: record.buyer.name }, link),
      };
    });
}

/**
 * Makes a document's PDF, stores it under the invoices prefix of the documents bucket, and marks it stored with the
 * e-mails to the company's owners and accountants (one transaction, so they are mailed once). A delivery after it was
 * stored does nothing; one that stored the same bytes again meanwhile mails nothing.
 */
export async function completeDocument(record: InvoiceRecord): Promise<void> {
  if (record.fileStoredAt) return;
  const pdf = await renderInvoicePdf(record);
  await s3.send(new PutObjectCommand({ Bucket: documentsBucket(), Key: invoiceObjectKey(record.companyId, record.number), Body: pdf, ContentType: 'application/pdf' }));
  await markFileStored(record, emailsPut(await invoiceEmails(record)), new Date().toISOString());
}

/** One message of the invoices queue: a month to invoice, or a document whose PDF is still to be made. */
export async function workInvoiceMessage(message: InvoiceMessage): Promise<void> {
  const record = message.kind === 'month' ? await issueMonthlyInvoice(message.companyId, message.month) : await readInvoice(message.companyId, message.number);
  if (record) await completeDocument(record);
}
