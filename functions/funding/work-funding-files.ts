import type { SQSRecord } from 'aws-lambda';
import { queueWorker } from '../platform/queue-worker';
import { applyFile, fundingJobMessageSchema } from './funding-files';

/**
 * The funding queue's worker: applies the files the API handed over (large ones, or one whose apply was cut short).
 * Applying is resumable, so a redelivered message finishes the file without moving any row twice; a failed one stays
 * on the queue (partial batch response) and ends in the dead-letter queue after its retries. Nothing is marked then:
 * the rows applied stay applied, and the file keeps the status its apply reached.
 */
export const handler = queueWorker({ name: 'funding file', work });

async function work(record: SQSRecord): Promise<void> {
  const job = fundingJobMessageSchema.parse(JSON.parse(record.body));
  await applyFile(job.companyId, job.fileId);
}
