import * as invoiceRoutes from '@shared/api/routes/invoice-routes';
import type { IssueCreditNote } from '@shared/invoices';
import type { PageSize } from '@shared/lists';
import { callApi } from '@frontend/lib/http';
import { saveFromLink } from '@frontend/lib/save-blob';

export const adminInvoicesQueryKey = ['admin', 'invoices'] as const;

/** A page of every company's documents, newest number first, below `before` (the previous page's last number). */
export function fetchAdminInvoices(itemsPerPage: PageSize, before: string | undefined, signal: AbortSignal) {
  return callApi(invoiceRoutes.listAdminInvoices, { signal, query: { itemsPerPage, ...(before ? { before } : {}) } });
}

export const issueCreditNote = ({ invoiceId, body, key }: { invoiceId: string; body: IssueCreditNote; key: string }) =>
  callApi(invoiceRoutes.issueCreditNote, { params: { invoiceId }, body, idempotencyKey: key });

export async function downloadAdminInvoice(invoiceId: string): Promise<string> {
  const file = await callApi(invoiceRoutes.getAdminInvoiceFile, { params: { invoiceId } });
  await saveFromLink(file.url, file.fileName);
  return file.fileName;
}
