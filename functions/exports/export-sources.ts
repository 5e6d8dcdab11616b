import { activityFiltersSchema } from '@shared/activity';
import { activityCsvHeader, activityCsvRow } from '@shared/activity-csv';
import type { Language } from '@shared/languages';
import { paths } from '@shared/routes';
import { transactionCsvHeader, transactionCsvRow } from '@shared/transaction-csv';
import { transactionFiltersSchema } from '@shared/transactions';
import { activityOf } from '../activity';
import type { Cells } from '../platform/csv-stream';
import { transactionsOf } from '../transactions';
import type { ExportJobRecord } from './export-jobs';

/**
 * What each kind of background file holds: its header and rows in the job's language (the filters parsed again by the
 * schema its route parsed them with), and the e-mail that says it is ready, linking to the screen it was asked on,
 * which picks the download up (`?download=<fileId>`).
 */
export interface ExportSource {
  header: (lang: Language) => Cells;
  rows: (job: ExportJobRecord) => AsyncIterable<Cells>;
  screenPath: string;
  ready: Readonly<Record<Language, { subject: string; text: (link: string) => string }>>;
}

async function* cellsOf<Row>(rows: AsyncIterable<Row>, cells: (row: Row) => Cells): AsyncGenerator<Cells> {
  for await (const row of rows) yield cells(row);
}

export const exportSources: Readonly<Record<ExportJobRecord['kind'], ExportSource>> = {
  transactions: {
    header: transactionCsvHeader,
    rows: (job) => cellsOf(transactionsOf(job.companyId, transactionFiltersSchema.parse(job.filters), new Date(job.createdAt)), (row) => transactionCsvRow(row, job.lang)),
    screenPath: paths.transactions,
    ready: {
      en: { subject: 'Your transactions file is ready', text: (link) => `The transactions file you asked for is ready. Download it from the portal: ${link}` },
      lv: { subject: 'Jūsu darījumu fails ir gatavs', text: (link) => `Pieprasītais darījumu fails ir gatavs. Lejupielādējiet to portālā: ${link}` },
      ru: { subject: 'Ваш файл транзакций готов', text: (link) => `Запрошенный файл транзакций готов. Скачайте его в портале: ${link}` },
    },
  },
  activity: {
    header: activityCsvHeader,
    rows: (job) => cellsOf(activityOf(job.companyId, activityFiltersSchema.parse(job.filters), new Date(job.createdAt)), (row) => activityCsvRow(row, job.lang)),
    screenPath: paths.activity,
    ready: {
      en: { subject: 'Your activity log file is ready', text: (link) => `The activity log file you asked for is ready. Download it from the portal: ${link}` },
      lv: { subject: 'Jūsu darbību žurnāla fails ir gatavs', text: (link) => `Pieprasītais darbību žurnāla fails ir gatavs. Lejupielādējiet to portālā: ${link}` },
      ru: { subject: 'Ваш файл журнала действий готов', text: (link) => `Запрошенный файл журнала действий готов. Скачайте его в портале: ${link}` },
    },
  },
};
