import * as invoiceRoutes from '@shared/api/routes/invoice-routes';
import type { TableParams } from '@frontend/components/data-table/use-table-query';
import { callApi } from '@frontend/lib/http';
import { saveFromLink } from '@frontend/lib/save-blob';

/** Per company, so a client switch never shows the previous company's invoices. */
export const invoicesQueryKey = (companyId: string) => ['invoices', companyId] as const;

/** The list has no filters: every document is kept, and a company has about twelve a year. */
export type InvoiceFilters = Record<string, never>;
export const noInvoiceFilters: InvoiceFilters = {};

export function fetchInvoices(params: TableParams<InvoiceFilters>, signal: AbortSignal) {
  return callApi(invoiceRoutes.listInvoices, { signal, query: { page: params.page, itemsPerPage: params.itemsPerPage } });
}

/** Asks for the PDF's short-lived link, reads the file and hands it to the browser; answers the file's name. */
export async function downloadInvoice(invoiceId: string): Promise<string> {
  const file = await callApi(invoiceRoutes.getInvoiceFile, { params: { invoiceId } });
  await saveFromLink(file.url, file.fileName);
  return file.fileName;
}
