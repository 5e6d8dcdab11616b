import type { AdminInvoice } from '@shared/invoices';
import { invoiceRow, type InvoiceRecord } from './invoice-records';

/** A document as the provider's console shows it. */
export function adminInvoice(record: InvoiceRecord): AdminInvoice {
  return {
    ...invoiceRow(record),
    companyId: record.companyId,
    companyName: record.buyer.name,
    lines: record.lines,
    vatRateBasisPoints: record.vatRateBasisPoints,
    creditedCents: record.creditedCents,
  };
}
