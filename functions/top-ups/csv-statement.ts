import Papa from 'papaparse';
import { bankStatementColumns, bankStatementLineSchema, bankStatementMaxLines, type BankStatementColumn } from '@shared/top-ups';
import { parseEurToCents } from '@shared/money';
import { DomainError } from '../platform/errors';
import { fieldErrorsOf, safeParseReportingInput } from '../platform/validation';
import type { BankStatementPort, StatementLine } from './bank-statement-port';

/** Header cells compared without case, spaces or punctuation: "Booking date", "booking_date" and "BookingDate" match. */
const headerKey = (cell: string) => cell.toLowerCase().replace(/[^a-z0-9]/g, '');
const columnOfHeader = new Map(
  (Object.entries(bankStatementColumns) as [BankStatementColumn, string][]).flatMap(([column, label]) => [
    [headerKey(label), column],
    [headerKey(column), column],
  ]),
);

/**
 * The bank statement CSV (shared/top-ups.ts names its columns). A header that lacks a column, or more lines than one
 * import takes, refuses the whole file before anything is recorded; a bad line is reported as invalid on its own.
 */
export function csvStatement(text: string): BankStatementPort {
  return {
    lines: () => Promise.resolve(readCsvStatement(text)),
  };
}

export function readCsvStatement(text: string): StatementLine[] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header, ...rows] = parsed.data;
  if (!header) throw new DomainError(400, 'BANK_STATEMENT_INVALID');
  const columns = header.map((cell) => columnOfHeader.get(headerKey(cell)) ?? null);
  const missing = Object.keys(bankStatementColumns).filter((column) => !columns.includes(column as BankStatementColumn));
  if (missing.length > 0) throw new DomainError(400, 'BANK_STATEMENT_INVALID', Object.fromEntries(missing.map((column) => [column, 'REQUIRED'])));
  if (rows.length > bankStatementMaxLines) throw new DomainError(413, 'PAYLOAD_TOO_LARGE');
  return rows.map((cells, index) => readLine(cells, columns, index + 2));
}

function readLine(cells: readonly string[], columns: readonly (BankStatementColumn | null)[], line: number): StatementLine {
  const values: Partial<Record<BankStatementColumn, string>> = {};
  columns.forEach((column, index) => {
    if (column) values[column] = cells[index] ?? '';
  });
  const result = safeParseReportingInput(bankStatementLineSchema, values);
  if (result.success) return { line, valid: true, transfer: result.data };
  const bankTransactionId = values.bankTransactionId?.trim() || null;
  return { line, valid: false, bankTransactionId, amountCents: parseEurToCents(values.amount ?? ''), fields: fieldErrorsOf(result.error) };
}
