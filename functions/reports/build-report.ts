import type { SQSRecord } from 'aws-lambda';
import type { Language } from '@shared/languages';
import { csvChunks } from '../platform/csv-stream';
import { portalUrl, reportsQueueUrl } from '../platform/env';
import { uploadTextStream } from '../exports';
import { reportObjectKey } from '../platform/keys';
import type { Email } from '../platform/mailer';
import { emailsPut } from '../platform/outbox';
import { queueWorker } from '../platform/queue-worker';
import { webhookEventPut } from '../webhooks';
import { reportLines } from './report-rows';
import { buildableReport, deleteReportObject, finishReport, readReport, reportMessageSchema, type BuildableReport } from './report-store';

/**
 * The reports queue's worker (SPEC section 2 "Reporting", DESIGN section 8): streams the report's CSV to the reports
 * bucket (one 5 MB part in memory, rows read a page at a time), marks it available with its row count and e-mails
 * the requester. A failed record comes back after a short backoff; on its last receipt the report is marked
 * generation_failed before the message goes to the dead-letter queue.
 */
export const handler = queueWorker({ name: 'report', work, giveUp: markFailed, retryQueueUrl: () => reportsQueueUrl() });

async function work(record: SQSRecord, signal: AbortSignal): Promise<void> {
  const message = reportMessageSchema.parse(JSON.parse(record.body));
  const stored = await readReport(message.companyId, message.reportId);
  // Delivered again after it was finished, given up or deleted: nothing left to do.
  if (!stored || stored.status !== 'generating') return;
  const report = buildableReport.parse(stored);
  const key = reportObjectKey(report.companyId, report.reportId);
  const lines = reportLines(report, new Date());
  const counted = { rows: 0 };
  // A redelivery after a crash writes the whole file again under the same key; an interrupted upload leaves nothing.
  await uploadTextStream(key, csvChunks(lines.header, lines.rows, counted), signal);
  // The requester's e-mail and the company's event commit with the report's being ready (the outbox): told once, by
  // the delivery that finished it. An API key's report has no one to mail: its system lists the reports (or hears the webhook).
  const told = [
    ...emailsPut(report.requestedByEmail !== '' ? [readyMail(report)] : []),
    webhookEventPut(report.companyId, 'report.ready', { reportId: report.reportId, type: report.type, dateFrom: report.dateFrom, dateTo: report.dateTo, rows: counted.rows }),
  ];
  if (!(await finishReport(report.companyId, report.reportId, { status: 'active', rows: counted.rows }, told))) {
    // Deleted while it was being made: its file goes too. Finished by another delivery: that file is this one.
    if (!(await readReport(report.companyId, report.reportId))) await deleteReportObject(report.companyId, report.reportId);
  }
}

async function markFailed(record: SQSRecord): Promise<void> {
  const message = reportMessageSchema.parse(JSON.parse(record.body));
  await finishReport(message.companyId, message.reportId, { status: 'generation_failed' });
}

const readyTexts: Record<Language, { subject: string; text: (link: string) => string }> = {
  en: { subject: 'Your report is ready', text: (link) => `The report you asked for is ready. Download it from the portal's Reporting page: ${link}` },
  lv: { subject: 'Jūsu pārskats ir gatavs', text: (link) => `Pieprasītais pārskats ir gatavs. Lejupielādējiet to portāla sadaļā "Pārskati": ${link}` },
  ru: { subject: 'Ваш отчёт готов', text: (link) => `Запрошенный отчёт готов. Скачайте его в разделе «Отчёты» портала: ${link}` },
};

function readyMail(report: BuildableReport): Email {
  const texts = readyTexts[report.lang];
  return { to: report.requestedByEmail, subject: texts.subject, text: texts.text(`${portalUrl()}/reporting`) };
}
