import { totalPagesOf } from '@shared/lists';
import { useCase } from '../platform/use-case';
import { countCompanyInvoices, newestCompanyInvoices } from './invoice-store';
import { invoiceRow } from './invoice-records';
import * as invoiceRoutes from '@shared/api/routes/invoice-routes';

/** Reporting > Invoices: the caller's company's invoices and credit notes, newest first, a page at a time. */
export const handler = useCase(invoiceRoutes.listInvoices, async ({ caller, query }) => {
  const [totalRecords, records] = await Promise.all([
    countCompanyInvoices(caller.companyId),
    newestCompanyInvoices(caller.companyId, (query.page - 1) * query.itemsPerPage, query.itemsPerPage),
  ]);
  return { rows: records.map(invoiceRow), totalRecords, totalPages: totalPagesOf(totalRecords, query.itemsPerPage) };
});
