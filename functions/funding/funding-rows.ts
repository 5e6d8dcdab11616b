import { canReceiveFunds } from '@shared/cards';
import { csvByteOrderMark, csvLine, neutraliseCell } from '@shared/csv';
import { maxAmountCents } from '@shared/employees';
import { addBalanceColumn, fundingCsvColumns, parseCsv, type RowProblem, type RowProblemCode } from '@shared/funding';
import { parseEurToCents } from '@shared/money';
import { centsToEurText } from '@shared/money-text';
import type { CardStatus } from '@shared/statuses';

/** What the template and the check need of an employee. */
export interface FundableEmployee {
  employeeId: string;
  name: string;
  surname: string;
  personalCode: string | null;
  phone: string | null;
  lastCardDigits: string | null;
  balanceCents: number;
  cardStatus: CardStatus;
}

/** A row that will move money once the file is applied. */
export interface FundedRow {
  rowNumber: number;
  employeeId: string;
  name: string;
  amountCents: number;
}

export type CheckedFile =
  | { valid: false }
  | { valid: true; rowCount: number; rows: FundedRow[]; problems: RowProblem[]; totalCents: number };

const identityColumns = ['Name', 'Surname', 'Personal code', 'Phone', 'Card last digits'] as const;

function identityOf(employee: FundableEmployee): Record<(typeof identityColumns)[number], string> {
  return {
    Name: employee.name,
    Surname: employee.surname,
    'Personal code': employee.personalCode ?? '',
    Phone: employee.phone ?? '',
    'Card last digits': employee.lastCardDigits ?? '',
  };
}

/**
 * The template: the users who can receive funds (active employees), in the list's order, with an empty Add Balance
 * column. Cells are neutralised like every CSV the portal writes.
 */
export function fundingTemplate(employees: readonly FundableEmployee[]): string {
  const lines = employees
    .filter((employee) => canReceiveFunds(employee.cardStatus))
    .map((employee) => {
      const identity = identityOf(employee);
      return csvLine([employee.employeeId, ...identityColumns.map((column) => identity[column]), centsToEurText(employee.balanceCents), '']);
    });
  return `${csvByteOrderMark}${csvLine(fundingCsvColumns)}${lines.join('')}`;
}

/**
 * One run of a scheduled rule as a funding file, in the template's columns: a row per employee it pays, the amount in
 * Add Balance. An employee who can no longer receive money keeps a row (with the details the company has, or its id
 * alone when it has none), so the check fails that row with its reason instead of dropping it unseen.
 */
export function scheduledFundingCsv(rows: readonly { employeeId: string; employee: FundableEmployee | undefined; amountCents: number }[]): string {
  const lines = rows.map(({ employeeId, employee, amountCents }) => {
    const identity = employee ? identityOf(employee) : undefined;
    return csvLine([employeeId, ...identityColumns.map((column) => identity?.[column] ?? ''), employee ? centsToEurText(employee.balanceCents) : '', centsToEurText(amountCents)]);
  });
  return `${csvByteOrderMark}${csvLine(fundingCsvColumns)}${lines.join('')}`;
}

/** Empty or zero: the row is skipped, not an error. */
type AmountReading = { cents: number } | { skip: true } | { problem: RowProblemCode };

export function readAmount(text: string): AmountReading {
  // A spreadsheet may keep the apostrophe that neutralises a cell starting with '-' (shared/csv.ts).
  const trimmed = text.trim().replace(/^'/, '');
  if (trimmed === '') return { skip: true };
  if (!/^[-+]?\d+(\.\d+)?$/.test(trimmed)) return { problem: 'NUMBER_INVALID' };
  const unsigned = trimmed.replace(/^[-+]/, '');
  if (/\.\d{3,}$/.test(unsigned)) return { problem: trimmed.startsWith('-') && /[1-9]/.test(unsigned) ? 'AMOUNT_NEGATIVE' : 'AMOUNT_TOO_PRECISE' };
  const cents = parseEurToCents(unsigned);
  if (cents === null) return { problem: 'NUMBER_INVALID' };
  if (cents === 0) return { skip: true };
  if (trimmed.startsWith('-')) return { problem: 'AMOUNT_NEGATIVE' };
  if (cents > maxAmountCents) return { problem: 'NUMBER_TOO_LARGE' };
  return { cents };
}

/** A cell as written (neutralised) or as a spreadsheet gives it back without the apostrophe. */
function sameCell(cell: string, value: string): boolean {
  const trimmed = cell.trim();
  return trimmed === value || trimmed === neutraliseCell(value);
}

/**
 * Checks a returned template row by row before anything moves (SPEC section 5: change only Add Balance, keep the
 * structure, column names and rows). The header and the cell count of every row must be the template's, else the
 * whole file is refused; a row's own problem is listed with its spreadsheet row number. The Balance column is not
 * compared: card spending changes it between download and upload.
 */
export function checkFundingFile(text: string, employees: ReadonlyMap<string, FundableEmployee>): CheckedFile {
  const table = parseCsv(text);
  const header = table?.[0]?.map((cell) => cell.trim());
  if (!table || !header || header.length !== fundingCsvColumns.length || header.some((cell, index) => cell !== fundingCsvColumns[index])) return { valid: false };
  const dataRows = table.slice(1);
  if (dataRows.some((cells) => cells.length !== fundingCsvColumns.length)) return { valid: false };

  const amountIndex = fundingCsvColumns.indexOf(addBalanceColumn);
  const seen = new Set<string>();
  const rows: FundedRow[] = [];
  const problems: RowProblem[] = [];
  dataRows.forEach((cells, index) => {
    const rowNumber = index + 2;
    const amount = readAmount(cells[amountIndex] ?? '');
    if ('skip' in amount) return;
    const employeeId = (cells[0] ?? '').trim().replace(/^'/, '');
    const employee = employees.get(employeeId);
    const name = employee ? `${employee.name} ${employee.surname}` : [cells[1], cells[2]].map((cell) => (cell ?? '').trim()).join(' ').trim() || null;
    const refuse = (reason: RowProblemCode) => problems.push({ rowNumber, employeeId: employeeId || null, name, reason });
    if (!employee || !canReceiveFunds(employee.cardStatus)) return refuse('ROW_USER_NOT_ACTIVE');
    if (seen.has(employeeId)) return refuse('ROW_DUPLICATE');
    seen.add(employeeId);
    const identity = identityOf(employee);
    if (identityColumns.some((column) => !sameCell(cells[fundingCsvColumns.indexOf(column)] ?? '', identity[column]))) return refuse('ROW_CHANGED');
    if ('problem' in amount) return refuse(amount.problem);
    rows.push({ rowNumber, employeeId, name: name ?? employeeId, amountCents: amount.cents });
  });
  return { valid: true, rowCount: dataRows.length, rows, problems, totalCents: rows.reduce((sum, row) => sum + row.amountCents, 0) };
}
