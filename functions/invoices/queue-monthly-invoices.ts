import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { sqs } from '../platform/aws/sqs';
import { invoicesQueueUrl } from '../platform/env';
import { correlationAttributes } from '../platform/logger';
import type { InvoiceMessage } from './invoice-records';

/** The most entries SQS takes in one SendMessageBatch. */
const sqsBatchLimit = 10;

/**
 * Asks the invoices worker for each company's invoice of `month`, one message each: the worker issues them apart from
 * the fee run, so an invoice that fails is retried on its own and never holds back or undoes a fee. Throws when SQS
 * did not take them all, naming how many; a message sent twice (a rerun) issues nothing twice.
 */
export async function queueMonthlyInvoices(companyIds: readonly string[], month: string): Promise<void> {
  let failed = 0;
  for (let start = 0; start < companyIds.length; start += sqsBatchLimit) {
    const batch = companyIds.slice(start, start + sqsBatchLimit);
    const answer = await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: invoicesQueueUrl(),
        Entries: batch.map((companyId, index) => ({ Id: String(index), MessageBody: JSON.stringify({ kind: 'month', companyId, month } satisfies InvoiceMessage), ...correlationAttributes() })),
      }),
    );
    failed += answer.Failed?.length ?? 0;
  }
  if (failed > 0) throw new Error(`${failed} of ${companyIds.length} invoices of ${month} were not queued`);
}
