import { formatDate } from './dates';
import type { Language } from './languages';
import type { TransactionStatus } from './statuses';
import type { TransactionRow } from './transactions';

/** The columns of the transactions CSV (SPEC section 3 "Transaction"), in order, with their headers per language. */
export const transactionCsvColumns = [
  'employeeName', 'amount', 'executedAt', 'processedAt', 'description', 'merchantCategoryCode', 'merchantId', 'reference', 'beneficiary', 'remitter', 'status',
] as const;
export type TransactionCsvColumn = (typeof transactionCsvColumns)[number];

// The worker has no i18next: the file's headers and statuses are here, in the three languages of the portal.
export const transactionCsvHeaders: Readonly<Record<Language, Readonly<Record<TransactionCsvColumn, string>>>> = {
  en: {
    employeeName: 'Employee', amount: 'Amount (EUR)', executedAt: 'Executed', processedAt: 'Processed', description: 'Description',
    merchantCategoryCode: 'Merchant category code', merchantId: 'Merchant ID', reference: 'Reference', beneficiary: 'Beneficiary', remitter: 'Remitter', status: 'Status',
  },
  lv: {
    employeeName: 'Darbinieks', amount: 'Summa (EUR)', executedAt: 'Izpildīts', processedAt: 'Apstrādāts', description: 'Apraksts',
    merchantCategoryCode: 'Tirgotāja kategorijas kods', merchantId: 'Tirgotāja ID', reference: 'Atsauce', beneficiary: 'Saņēmējs', remitter: 'Maksātājs', status: 'Statuss',
  },
  ru: {
    employeeName: 'Сотрудник', amount: 'Сумма (EUR)', executedAt: 'Выполнено', processedAt: 'Обработано', description: 'Описание',
    merchantCategoryCode: 'Код категории продавца', merchantId: 'ID продавца', reference: 'Ссылка', beneficiary: 'Получатель', remitter: 'Плательщик', status: 'Статус',
  },
};

export const transactionStatusTexts: Readonly<Record<Language, Readonly<Record<TransactionStatus, string>>>> = {
  en: { authorization: 'Pending', regular: 'Processed', reversed: 'Reversed' },
  lv: { authorization: 'Gaida', regular: 'Apstrādāts', reversed: 'Atcelts' },
  ru: { authorization: 'В ожидании', regular: 'Обработано', reversed: 'Отменено' },
};

/** The file's header cells, in transactionCsvColumns' order. */
export function transactionCsvHeader(lang: Language): string[] {
  return transactionCsvColumns.map((column) => transactionCsvHeaders[lang][column]);
}

/**
 * A row's cells in transactionCsvColumns' order, so a file's order is that list's alone: the transactions export and
 * the transactions report write the same lines.
 */
export function transactionCsvRow(row: TransactionRow, lang: Language): (string | number)[] {
  const cells = cellsOf(row, lang);
  return transactionCsvColumns.map((column) => cells[column]);
}

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
