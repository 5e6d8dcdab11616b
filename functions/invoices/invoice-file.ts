import { invoicePdfTexts } from './invoice-texts';
import { DomainError } from '../platform/errors';
import { invoiceObjectKey } from '../platform/keys';
import { presignDownload } from '../platform/uploads';
import type { InvoiceRecord } from './invoice-records';

/** A short-lived presigned GET of a document's PDF, named for the save dialog by its kind and number. */
export async function invoiceFileLink(record: InvoiceRecord): Promise<{ url: string; fileName: string }> {
  if (!record.fileStoredAt) throw new DomainError(409, 'INVOICE_NOT_READY');
  const fileName = `${invoicePdfTexts[record.language].title[record.kind]} ${record.number}.pdf`;
  return { url: await presignDownload(invoiceObjectKey(record.companyId, record.number), fileName, 'application/pdf'), fileName };
}
