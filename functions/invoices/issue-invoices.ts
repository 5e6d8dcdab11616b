import type { SQSRecord } from 'aws-lambda';
import { invoicesQueueUrl } from '../platform/env';
import { queueWorker } from '../platform/queue-worker';
import { invoiceMessageSchema } from './invoice-records';
import { workInvoiceMessage } from './invoice-issuing';

/**
 * The invoices queue's worker (issue 34): issues a company's invoice of a month (queued by the monthly fee run) or makes
 * a credit note's PDF (queued by its outbox item), stores the PDF and e-mails the company's owners and accountants. A
 * failed record comes back after a short backoff; what still fails waits in the dead-letter queue, which alarms, and a
 * redelivery finishes what the first left (a month's invoice is issued once, its PDF stored and mailed once).
 */
export const handler = queueWorker({ name: 'invoice', work, retryQueueUrl: () => invoicesQueueUrl() });

async function work(record: SQSRecord): Promise<void> {
  await workInvoiceMessage(invoiceMessageSchema.parse(JSON.parse(record.body)));
}
