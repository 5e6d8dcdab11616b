import { useCase } from '../platform/use-case';
import { adminInvoice } from './admin-invoices';
import { providerInvoices } from './invoice-store';
import * as invoiceRoutes from '@shared/api/routes/invoice-routes';

/** The provider's console: every company's invoices and credit notes, newest number first, a page after another. */
export const handler = useCase(invoiceRoutes.listAdminInvoices, async ({ query }) => {
  const { records, nextBefore } = await providerInvoices(query.before, query.itemsPerPage);
  return { rows: records.map(adminInvoice), nextBefore };
});
