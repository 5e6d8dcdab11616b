import { actorOfCaller } from '../platform/audit';
import { notFound } from '../platform/errors';
import { useCase } from '../platform/use-case';
import { adminInvoice } from './admin-invoices';
import { issueCreditNote } from './invoice-issuing';
import { findInvoice } from './invoice-store';
import * as invoiceRoutes from '@shared/api/routes/invoice-routes';

/**
 * A provider admin corrects an invoice with a credit note of chosen lines and a reason (issue 34); answers the invoice
 * with what it has had credited now. The Idempotency-Key makes a repeated click one credit note.
 */
export const handler = useCase(invoiceRoutes.issueCreditNote, async ({ caller, params, body }) => {
  const invoice = await findInvoice(params.invoiceId);
  if (!invoice) throw notFound('INVOICE_NOT_FOUND');
  const { invoice: credited } = await issueCreditNote(invoice, body, actorOfCaller(caller, 'admin'));
  return adminInvoice(credited);
});
