import { sendInBatches } from '../platform/aws/sqs';
import { invoicesQueueUrl } from '../platform/env';
import { correlationAttributes } from '../platform/logger';
import type { InvoiceMessage } from './invoice-records';

/**
 * Asks the invoices worker for each company's invoice of `month`, one message each: the worker issues them apart from
 * the fee run, so an invoice that fails is retried on its own and never holds back or undoes a fee. Throws when SQS
 * did not take them all, naming how many; a message sent twice (a rerun) issues nothing twice.
 */
export async function queueMonthlyInvoices(companyIds: readonly string[], month: string): Promise<void> {
  const bodies = companyIds.map((companyId) => JSON.stringify({ kind: 'month', companyId, month } satisfies InvoiceMessage));
  const failed = (await sendInBatches(invoicesQueueUrl(), bodies, { entry: correlationAttributes() })).length;
  if (failed > 0) throw new Error(`${failed} of ${companyIds.length} invoices of ${month} were not queued`);
}
