import { notFound } from '../platform/errors';
import { useCase } from '../platform/use-case';
import { invoiceFileLink } from './invoice-file';
import { readInvoice } from './invoice-store';
import * as invoiceRoutes from '@shared/api/routes/invoice-routes';

/** A document's PDF as a presigned GET; the key names the caller's company, so another company's number is unknown here. */
export const handler = useCase(invoiceRoutes.getInvoiceFile, async ({ caller, params }) => {
  const record = await readInvoice(caller.companyId, params.invoiceId);
  if (!record) throw notFound('INVOICE_NOT_FOUND');
  return invoiceFileLink(record);
});
