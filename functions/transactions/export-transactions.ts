import type { SQSBatchItemFailure, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { csvByteOrderMark, csvLine } from '@shared/csv';
import { formatDate } from '@shared/dates';
import type { Language } from '@shared/languages';
import { transactionCsvColumns, transactionCsvHeaders, transactionStatusTexts, type TransactionCsvColumn } from '@shared/transaction-csv';
import { transactionFiltersSchema, type TransactionRow } from '@shared/transactions';
import { deadLetterMaxReceiveCount } from '../../infra/definitions';
import { env } from '../platform/env';
import { exportMessageSchema, finishExport, readExportJob, uploadTextStream, type ExportJobRecord } from '../platform/export-jobs';
import { exportObjectKey } from '../platform/keys';
import { sendEmail } from '../platform/mailer';
import { transactionsOf } from '../platform/transaction-pages';

/**
 * The exports queue's worker for transaction files: streams the filtered list to the reports bucket (one 5 MB part in
 * memory at a time), marks the job available and e-mails those who were told to wait for an e-mail. A record that
 * fails is reported back, so SQS retries it; on its last receipt the job is marked generation_failed before it goes
 * to the dead-letter queue.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchItemFailure[] = [];
  for (const record of event.Records) {
    try {
      await work(record);
    } catch (error) {
      console.error(JSON.stringify({ message: 'export not generated', messageId: record.messageId, error: String(error) }));
      if (Number(record.attributes.ApproximateReceiveCount) >= deadLetterMaxReceiveCount) await markFailed(record);
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}

async function work(record: SQSRecord): Promise<void> {
  const message = exportMessageSchema.parse(JSON.parse(record.body));
  const job = await readExportJob(message.companyId, message.fileId);
  // A message delivered again after its file was finished (or given up) has nothing left to do.
  if (job.status !== 'generating') return;
  const filters = transactionFiltersSchema.parse(job.filters);
  const counted = { rows: 0 };
  await uploadTextStream(exportObjectKey(job.companyId, job.fileId), csvOf(transactionsOf(job.companyId, filters, new Date(job.createdAt)), job.lang, counted));
  if (!(await finishExport(job.companyId, job.fileId, { status: 'active', rows: counted.rows }))) return;
  if (Date.now() > Date.parse(job.mailAfter)) await sendEmail(readyMail(job));
}

async function* csvOf(rows: AsyncIterable<TransactionRow>, lang: Language, counted: { rows: number }): AsyncGenerator<string> {
  const headers = transactionCsvHeaders[lang];
  yield csvByteOrderMark + csvLine(transactionCsvColumns.map((column) => headers[column]));
  let lines: string[] = [];
  for await (const row of rows) {
    const cells = cellsOf(row, lang);
    lines.push(csvLine(transactionCsvColumns.map((column) => cells[column])));
    counted.rows += 1;
    // Lines go out in batches, so the upload is not called once per row.
    if (lines.length >= 1_000) {
      yield lines.join('');
      lines = [];
    }
  }
  if (lines.length > 0) yield lines.join('');
}

/** A row's cell in each column, so the file's order is transactionCsvColumns' alone. */
function cellsOf(row: TransactionRow, lang: Language): Record<TransactionCsvColumn, string | number> {
  return {
    employeeName: row.employeeName,
    amount: Number((row.amountCents / 100).toFixed(2)),
    executedAt: formatDate(row.executedAt, { withTime: true }),
    processedAt: row.processedAt ? formatDate(row.processedAt, { withTime: true }) : '',
    description: row.description,
    merchantCategoryCode: row.merchantCategoryCode,
    merchantId: row.merchantId,
    reference: row.reference,
    beneficiary: row.beneficiary,
    remitter: row.remitter,
    status: transactionStatusTexts[lang][row.status],
  };
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
