import { notFound } from '../platform/errors';
import { useCase } from '../platform/use-case';
import { invoiceFileLink } from './invoice-file';
import { findInvoice } from './invoice-store';
import * as invoiceRoutes from '@shared/api/routes/invoice-routes';

/** The provider's console: any company's document's PDF, found by its number. */
export const handler = useCase(invoiceRoutes.getAdminInvoiceFile, async ({ params }) => {
  const record = await findInvoice(params.invoiceId);
  if (!record) throw notFound('INVOICE_NOT_FOUND');
  return invoiceFileLink(record);
});
