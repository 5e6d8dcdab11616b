import type { SQSBatchItemFailure, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { applyFile, fundingJobMessageSchema } from './funding-files';

/**
 * The funding queue's worker: applies the files the API handed over (large ones, or one whose apply was cut short).
 * Applying is resumable, so a redelivered message finishes the file without moving any row twice; a failed one stays
 * on the queue (partial batch response) and ends in the dead-letter queue after its retries.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchItemFailure[] = [];
  for (const record of event.Records) {
    try {
      const job = fundingJobMessageSchema.parse(JSON.parse(record.body));
      await applyFile(job.companyId, job.fileId);
    } catch (error) {
      console.error(JSON.stringify({ message: 'funding file not applied', messageId: record.messageId, error: String(error) }));
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}
