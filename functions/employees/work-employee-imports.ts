import type { SQSRecord } from 'aws-lambda';
import { employeeImportsQueueUrl } from '../platform/env';
import { queueWorker } from '../platform/queue-worker';
import { applyEmployeeImport } from './create-imported-employees';
import { employeeImportJobSchema, failImport } from './employee-imports';

/**
 * The employee import queue's worker (issue 34): creates an applied import's rows and orders their cards in batches.
 * Applying is resumable, so a redelivered message, or two receipts at once, finish the import without creating any
 * row twice; a worker whose time runs out stops between batches and its record comes back after the short backoff.
 * On the last receipt the import is marked failed before the message goes to the dead-letter queue: the rows created
 * stay created, and applying it again goes on from there.
 */
export const handler = queueWorker({ name: 'employee import', work, giveUp, retryQueueUrl: () => employeeImportsQueueUrl() });

async function work(record: SQSRecord, signal: AbortSignal): Promise<void> {
  const { companyId, importId } = employeeImportJobSchema.parse(JSON.parse(record.body));
  await applyEmployeeImport(companyId, importId, signal);
}

async function giveUp(record: SQSRecord): Promise<void> {
  const { companyId, importId } = employeeImportJobSchema.parse(JSON.parse(record.body));
  await failImport(companyId, importId);
}
