import type { SQSRecord } from 'aws-lambda';
import { env } from '../platform/env';
import { queueWorker } from '../platform/queue-worker';
import { applyFile, failFile, fundingJobMessageSchema } from './funding-files';

/**
 * The funding queue's worker: applies the files the API handed over (large ones, one whose apply was cut short, a
 * retried one). Applying is resumable, so a redelivered message finishes the file without moving any row twice; a
 * worker whose time runs out stops between chunks and its record comes back after the short backoff. On the last
 * receipt the file is marked failed before the message goes to the dead-letter queue: the rows applied stay applied,
 * the others moved nothing, and a user can retry it.
 */
export const handler = queueWorker({ name: 'funding file', work, giveUp, retryQueueUrl: () => env().FUNDING_QUEUE_URL });

async function work(record: SQSRecord, signal: AbortSignal): Promise<void> {
  const job = fundingJobMessageSchema.parse(JSON.parse(record.body));
  await applyFile(job.companyId, job.fileId, signal);
}

async function giveUp(record: SQSRecord): Promise<void> {
  const job = fundingJobMessageSchema.parse(JSON.parse(record.body));
  await failFile(job.companyId, job.fileId);
}
