import type { SQSRecord } from 'aws-lambda';
import { csvChunks } from '../platform/csv-stream';
import { exportsQueueUrl, portalUrl } from '../platform/env';
import { exportObjectKey } from '../platform/keys';
import type { Email } from '../platform/mailer';
import { emailsPut } from '../platform/outbox';
import { queueWorker } from '../platform/queue-worker';
import { type ExportJobRecord, exportMessageSchema, finishExport, readExportJob, uploadTextStream } from './export-jobs';
import { exportSources } from './export-sources';

/**
 * The exports queue's worker, for every kind of background file (export-sources.ts): streams the job's rows to the
 * reports bucket (one 5 MB part in memory at a time), marks the job available and e-mails those who were told to wait
 * for an e-mail. A record that fails or runs out of time is reported back and comes back after a short backoff; on its
 * last receipt the job is marked generation_failed before it goes to the dead-letter queue. A worker that dies without
 * answering on its last receipt cannot mark it: the deadline job (exports/fail-overdue-work) fails it then.
 */
export const handler = queueWorker({ name: 'export', work, giveUp: markFailed, retryQueueUrl: () => exportsQueueUrl() });

async function work(record: SQSRecord, signal: AbortSignal): Promise<void> {
  const message = exportMessageSchema.parse(JSON.parse(record.body));
  const job = await readExportJob(message.companyId, message.fileId);
  // A message delivered again after its file was finished (or given up) has nothing left to do.
  if (job.status !== 'generating') return;
  const source = exportSources[job.kind];
  const counted = { rows: 0 };
  // A redelivery (after a failure, a stop before the timeout or a dead worker) writes the whole file again under the
  // same key: an interrupted upload was aborted, or left incomplete for the bucket's rule, and is never the file.
  await uploadTextStream(exportObjectKey(job.companyId, job.fileId), csvChunks(source.header(job.lang), source.rows(job), counted), signal);
  // The e-mail commits with the file's being available (the outbox): sent once, by the delivery that finished it.
  await finishExport(job.companyId, job.fileId, { status: 'active', rows: counted.rows }, emailsPut(job.emailTo !== '' && Date.now() > Date.parse(job.mailAfter) ? [readyMail(job)] : []));
}

function readyMail(job: ExportJobRecord): Email {
  const source = exportSources[job.kind];
  const texts = source.ready[job.lang];
  const link = `${portalUrl()}${source.screenPath}?download=${job.fileId}`;
  return { to: job.emailTo, subject: texts.subject, text: texts.text(link) };
}

async function markFailed(record: SQSRecord): Promise<void> {
  const parsed = exportMessageSchema.safeParse(JSON.parse(record.body));
  if (parsed.success) await finishExport(parsed.data.companyId, parsed.data.fileId, { status: 'generation_failed' }).catch(() => undefined);
}
