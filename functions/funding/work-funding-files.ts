import type { SQSRecord } from 'aws-lambda';
import * as z from 'zod/mini';
import { fundingQueueUrl } from '../platform/env';
import { DomainError } from '../platform/errors';
import { queueWorker } from '../platform/queue-worker';
import { applyFile, failFile, fundingJobMessageSchema } from './funding-files';
import { fileOfRun, scheduledRunMessageSchema, startDueRuns, startRun } from './funding-schedules';

/** The hourly message EventBridge Scheduler puts on the queue: start the scheduled runs due by its time. */
const dueRunsMessageSchema = /* @__PURE__ */ z.object({ kind: z.literal('start_due_runs'), at: z.optional(z.string()) });
const messageSchema = /* @__PURE__ */ z.union([scheduledRunMessageSchema, dueRunsMessageSchema, fundingJobMessageSchema]);

/**
 * The funding queue's worker: applies the files the API handed over (large ones, one whose apply was cut short, a
 * retried one), starts the scheduled runs that are due, and applies each run's file. Applying is resumable, so a
 * redelivered message finishes the file without moving any row twice, and a run is started once per rule and date
 * whatever delivers it; a worker whose time runs out stops between chunks and its record comes back after the short
 * backoff. On the last receipt the file is marked failed before the message goes to the dead-letter queue: the rows
 * applied stay applied, the others moved nothing (a run's money set aside goes back), and a user can retry it.
 */
export const handler = queueWorker({ name: 'funding file', work, giveUp, retryQueueUrl: () => fundingQueueUrl() });

async function work(record: SQSRecord, signal: AbortSignal): Promise<void> {
  const message = messageSchema.parse(JSON.parse(record.body));
  if ('kind' in message && message.kind === 'start_due_runs') {
    await startDueRuns(message.at ? new Date(message.at) : new Date());
    return;
  }
  if ('kind' in message) {
    const started = await startRun(message.companyId, message.scheduleId, message.runDate).catch((error: unknown) => {
      // The rule was deleted after its run was due: there is nothing to run.
      if (error instanceof DomainError && error.code === 'SCHEDULE_NOT_FOUND') return null;
      throw error;
    });
    if (started?.file) await applyFile(started.file.companyId, started.file.fileId, signal);
    return;
  }
  await applyFile(message.companyId, message.fileId, signal);
}

async function giveUp(record: SQSRecord): Promise<void> {
  const message = messageSchema.parse(JSON.parse(record.body));
  if ('kind' in message && message.kind === 'start_due_runs') return;
  // A run that was started ends failed like any file (its money set aside goes back); one never started stays due to
  // be started by hand, and the dead-letter queue's alarm says so.
  const fileId = 'kind' in message ? await fileOfRun(message.companyId, message.scheduleId, message.runDate) : message.fileId;
  if (fileId) await failFile(message.companyId, fileId);
}
