import type { SQSRecord } from 'aws-lambda';
import type { Language } from '@shared/languages';
import { transactionCsvHeader, transactionCsvRow } from '@shared/transaction-csv';
import { transactionFiltersSchema, type TransactionRow } from '@shared/transactions';
import { csvChunks } from '../platform/csv-stream';
import { env } from '../platform/env';
import { type ExportJobRecord, exportMessageSchema, finishExport, readExportJob, uploadTextStream } from '../exports';
import { exportObjectKey } from '../platform/keys';
import { sendEmails } from '../platform/mailer';
import { queueWorker } from '../platform/queue-worker';
import { transactionsOf } from './transaction-pages';

/**
 * The exports queue's worker for transaction files: streams the filtered list to the reports bucket (one 5 MB part in
 * memory at a time), marks the job available and e-mails those who were told to wait for an e-mail. A record that
 * fails or runs out of time is reported back and comes back after a short backoff; on its last receipt the job is
 * marked generation_failed before it goes to the dead-letter queue. A worker that dies without answering on its last
 * receipt cannot mark it: the deadline job (exports/fail-overdue-work) fails it then.
 */
export const handler = queueWorker({ name: 'export', work, giveUp: markFailed, retryQueueUrl: () => env().EXPORTS_QUEUE_URL });

async function work(record: SQSRecord, signal: AbortSignal): Promise<void> {
  const message = exportMessageSchema.parse(JSON.parse(record.body));
  const job = await readExportJob(message.companyId, message.fileId);
  // A message delivered again after its file was finished (or given up) has nothing left to do.
  if (job.status !== 'generating') return;
  const filters = transactionFiltersSchema.parse(job.filters);
  const counted = { rows: 0 };
  // A redelivery (after a failure, a stop before the timeout or a dead worker) writes the whole file again under the
  // same key: an interrupted upload was aborted, or left incomplete for the bucket's rule, and is never the file.
  await uploadTextStream(exportObjectKey(job.companyId, job.fileId), csvOf(transactionsOf(job.companyId, filters, new Date(job.createdAt)), job.lang, counted), signal);
  if (!(await finishExport(job.companyId, job.fileId, { status: 'active', rows: counted.rows }))) return;
  // The file is available whatever the mail does: a redelivery would find it done and not mail again.
  if (job.emailTo !== '' && Date.now() > Date.parse(job.mailAfter)) await sendEmails([readyMail(job)]);
}

function csvOf(rows: AsyncIterable<TransactionRow>, lang: Language, counted: { rows: number }): AsyncGenerator<string> {
  return csvChunks(transactionCsvHeader(lang), linesOf(rows, lang), counted);
}

async function* linesOf(rows: AsyncIterable<TransactionRow>, lang: Language): AsyncGenerator<(string | number)[]> {
  for await (const row of rows) yield transactionCsvRow(row, lang);
}

const readyTexts: Record<Language, { subject: string; text: (link: string) => string }> = {
  en: { subject: 'Your transactions file is ready', text: (link) => `The transactions file you asked for is ready. Download it from the portal: ${link}` },
  lv: { subject: 'Jūsu darījumu fails ir gatavs', text: (link) => `Pieprasītais darījumu fails ir gatavs. Lejupielādējiet to portālā: ${link}` },
  ru: { subject: 'Ваш файл транзакций готов', text: (link) => `Запрошенный файл транзакций готов. Скачайте его в портале: ${link}` },
};

function readyMail(job: ExportJobRecord) {
  const texts = readyTexts[job.lang];
  const link = `${env().PORTAL_URL}/transactions?download=${job.fileId}`;
  return { to: job.emailTo, subject: texts.subject, text: texts.text(link) };
}

async function markFailed(record: SQSRecord): Promise<void> {
  const parsed = exportMessageSchema.safeParse(JSON.parse(record.body));
  if (parsed.success) await finishExport(parsed.data.companyId, parsed.data.fileId, { status: 'generation_failed' }).catch(() => undefined);
}
