import Papa from 'papaparse';
import { defaultCardLimits } from '@shared/cards';
import { csvByteOrderMark, csvLine } from '@shared/csv';
import {
  employeeImportColumnKeys,
  employeeImportColumns,
  employeeImportRowSchema,
  importRowProblemCodes,
  type EmployeeImportColumn,
  type ImportRowProblem,
  type ImportRowProblemCode,
} from '@shared/employee-imports';
import { limitsBodySchema } from '@shared/employees';
import type { Language } from '@shared/languages';
import { messageCodeOf } from '@shared/validation';

/** An employee a row creates, with Add user's fields and the card limits it asks for (or the defaults). */
export interface ImportEmployee {
  name: string;
  surname: string;
  phone: string | null;
  email: string | null;
  personalCode: string | null;
  language: Language | null;
  limitCents: number;
  annualLimitCents: number;
}

/** One data row as read: its cells as written (for the preview), what is wrong with it, and the employee it makes. */
export interface ImportRow {
  rowNumber: number;
  name: string;
  surname: string;
  personalCode: string | null;
  phone: string | null;
  problems: ImportRowProblem[];
  /** Null while the row has a problem of its own. */
  employee: ImportEmployee | null;
}

export type ReadImport = { valid: false } | { valid: true; rows: ImportRow[] };

/** The template: the header alone, with a byte order mark so a spreadsheet opens Latvian and Russian letters right. */
export function employeeImportTemplate(): string {
  return `${csvByteOrderMark}${csvLine(employeeImportColumnKeys.map((column) => employeeImportColumns[column]))}`;
}

/** Header cells compared without case, spaces or punctuation ("E-mail", "email", "Personal code", "personalCode"). */
const headerKey = (cell: string) => cell.toLowerCase().replace(/[^a-z0-9]/g, '');
const columnOfHeader = new Map(
  employeeImportColumnKeys.flatMap((column) => [
    [headerKey(employeeImportColumns[column]), column],
    [headerKey(column), column],
  ]),
);
/** The columns a file must have: a row's phone is left out on purpose, never by a missing column. */
const requiredColumns: readonly EmployeeImportColumn[] = ['name', 'surname', 'phone'];

/** A cell as the portal's CSV writer neutralised it (shared/csv.ts), or as a spreadsheet gives it back without it. */
function cellValue(cell: string | undefined): string {
  const trimmed = (cell ?? '').trim();
  return /^'[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(trimmed) ? trimmed.slice(1) : trimmed;
}

/** A phone as spreadsheets write it ("+371 2000 0000"): the spaces and a leading plus go, then Add user's rule decides. */
function phoneValue(cell: string): string {
  return cell.replace(/[\s\u00A0]/g, '').replace(/^\+/, '');
}

const knownCode = (code: string): ImportRowProblemCode => ((importRowProblemCodes as readonly string[]).includes(code) ? (code as ImportRowProblemCode) : 'INVALID_VALUE');

/**
 * Reads an import CSV with papaparse (its delimiter guessed: a Latvian spreadsheet writes semicolons; a byte order mark
 * ignored; quoted cells may hold delimiters, quotes and line breaks) and checks every row on its own and against the
 * file's other rows. A file without a header naming Name, Surname and Phone, or with a column named twice, is refused
 * whole; rows whose cells are all empty are skipped. The row number is the spreadsheet's (the header is row 1).
 */
export function readEmployeeImport(text: string): ReadImport {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false, delimitersToGuess: [',', ';', '\t', '|'] });
  const [header, ...records] = parsed.data;
  if (!header) return { valid: false };
  const columns = header.map((cell) => columnOfHeader.get(headerKey(cell)) ?? null);
  const named = columns.filter((column): column is EmployeeImportColumn => column !== null);
  if (new Set(named).size !== named.length || requiredColumns.some((column) => !named.includes(column))) return { valid: false };

  const rows: ImportRow[] = [];
  records.forEach((cells, index) => {
    if (cells.every((cell) => cell.trim() === '')) return;
    const values: Partial<Record<EmployeeImportColumn, string>> = {};
    columns.forEach((column, cellIndex) => {
      if (column) values[column] = cellValue(cells[cellIndex]);
    });
    rows.push(checkRow(index + 2, values));
  });
  markDuplicates(rows);
  return { valid: true, rows };
}

/**
 * A cell as the preview lists it: cut to this many characters with an ellipsis. The listed rows live in the import's
 * record, which DynamoDB keeps within 400 KB: a cell of half a million characters (a file under the size limit) must
 * not make the record too large to store. Such a cell is refused by the row's check anyway (NAME_TOO_LONG and alike).
 */
export const shownCellLength = 100;
const shownCell = (cell: string) => (cell.length > shownCellLength ? `${cell.slice(0, shownCellLength - 1)}…` : cell);

function checkRow(rowNumber: number, values: Partial<Record<EmployeeImportColumn, string>>): ImportRow {
  const phone = phoneValue(values.phone ?? '');
  const shown = {
    rowNumber,
    name: shownCell(values.name ?? ''),
    surname: shownCell(values.surname ?? ''),
    personalCode: values.personalCode ? shownCell(values.personalCode) : null,
    phone: phone ? shownCell(phone) : null,
  };
  const parsed = employeeImportRowSchema.safeParse({ ...values, phone }, { reportInput: true });
  if (!parsed.success) {
    const problems = new Map<EmployeeImportColumn, ImportRowProblemCode>();
    for (const issue of parsed.error.issues) {
      const column = issue.path[0] as EmployeeImportColumn | undefined;
      if (column && !problems.has(column)) problems.set(column, knownCode(messageCodeOf(issue)));
    }
    return { ...shown, problems: [...problems].map(([column, code]) => ({ column, code })), employee: null };
  }
  const row = parsed.data;
  const limitCents = row.monthlyLimit ?? defaultCardLimits.limitCents;
  // An empty annual limit is the default one, or the monthly limit when that is higher: a row never fails for a cell
  // the company left empty.
  const annualLimitCents = row.annualLimit ?? Math.max(defaultCardLimits.annualLimitCents, limitCents);
  const limits = limitsBodySchema.safeParse({ limitCents, annualLimitCents, mccGroups: [...defaultCardLimits.mccGroups] }, { reportInput: true });
  if (!limits.success) {
    const issue = limits.error.issues[0];
    const column: EmployeeImportColumn = issue?.path[0] === 'limitCents' ? 'monthlyLimit' : 'annualLimit';
    return { ...shown, problems: [{ column, code: issue ? knownCode(messageCodeOf(issue)) : 'INVALID_VALUE' }], employee: null };
  }
  return {
    ...shown,
    name: row.name,
    surname: row.surname,
    problems: [],
    employee: {
      name: row.name,
      surname: row.surname,
      phone: row.phone ?? null,
      email: row.email ?? null,
      personalCode: row.personalCode ?? null,
      language: row.language ?? null,
      limitCents,
      annualLimitCents,
    },
  };
}

/** A personal code or phone written in more than one row: every row after its first is refused. */
function markDuplicates(rows: ImportRow[]): void {
  const seen = { personalCode: new Set<string>(), phone: new Set<string>() };
  for (const row of rows) {
    const employee = row.employee;
    if (!employee) continue;
    const problems: ImportRowProblem[] = [];
    if (employee.personalCode !== null) {
      if (seen.personalCode.has(employee.personalCode)) problems.push({ column: 'personalCode', code: 'ROW_DUPLICATE_PERSONAL_CODE' });
      seen.personalCode.add(employee.personalCode);
    }
    if (employee.phone !== null) {
      if (seen.phone.has(employee.phone)) problems.push({ column: 'phone', code: 'ROW_DUPLICATE_PHONE' });
      seen.phone.add(employee.phone);
    }
    if (problems.length > 0) refuse(row, problems);
  }
}

function refuse(row: ImportRow, problems: ImportRowProblem[]): void {
  row.problems.push(...problems);
  row.employee = null;
}

/** Who the company and the portal already have: the personal codes of the company's employees, and the phones taken. */
export interface ExistingEmployees {
  personalCodes: ReadonlySet<string>;
  takenPhones: ReadonlySet<string>;
}

/** The rows whose personal code the company already has, or whose phone another employee signs in with, refused. */
export function refuseExisting(rows: ImportRow[], existing: ExistingEmployees): void {
  for (const row of rows) {
    const employee = row.employee;
    if (!employee) continue;
    const problems: ImportRowProblem[] = [];
    if (employee.personalCode !== null && existing.personalCodes.has(employee.personalCode)) problems.push({ column: 'personalCode', code: 'PERSONAL_CODE_TAKEN' });
    if (employee.phone !== null && existing.takenPhones.has(employee.phone)) problems.push({ column: 'phone', code: 'EMPLOYEE_PHONE_TAKEN' });
    if (problems.length > 0) refuse(row, problems);
  }
}
