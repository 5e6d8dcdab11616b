import { describe, expect, it } from 'vitest';
import { csvLine } from '@shared/csv';
import { employeeImportColumns } from '@shared/employee-imports';
import { employeeImportTemplate, readEmployeeImport, refuseExisting, type ImportRow } from './employee-import-rows';

const header = Object.values(employeeImportColumns);
const fileOf = (...rows: string[][]) => [header, ...rows].map((cells) => csvLine(cells)).join('');
const anna = ['Anna', 'Bērziņa', '010190-12345', '37120000001', 'anna@example.lv', 'lv', '', ''];

function rowsOf(text: string): ImportRow[] {
  const read = readEmployeeImport(text);
  if (!read.valid) throw new Error('the file was refused');
  return read.rows;
}

const problemsOf = (rows: ImportRow[]) => rows.map((row) => [row.rowNumber, row.problems.map((problem) => `${problem.column}:${problem.code}`)]);

describe('the employee import template', () => {
  it("is the header of Add user's fields, the language and the limits, and reads back as a file of no rows", () => {
    const template = employeeImportTemplate();
    expect(template.startsWith('\uFEFFName,Surname,Personal code,Phone,E-mail,Language,Monthly limit,Annual limit\r\n')).toBe(true);
    expect(rowsOf(template)).toEqual([]);
  });
});

describe('reading an employee import', () => {
  it('reads a valid row into the employee it creates, with the default limits when the cells are empty', () => {
    const [row] = rowsOf(fileOf(anna));
    expect(row).toMatchObject({ rowNumber: 2, problems: [] });
    expect(row?.employee).toEqual({ name: 'Anna', surname: 'Bērziņa', phone: '37120000001', email: 'anna@example.lv', personalCode: '010190-12345', language: 'lv', limitCents: 50_000, annualLimitCents: 600_000 });
  });

  it('refuses an over-long cell and keeps only its first characters, with an ellipsis, to list', () => {
    const [row] = rowsOf(fileOf(['A'.repeat(500_000), 'Bērziņa', '010190-12345', '37120000001', '', '', '', '']));
    expect(problemsOf([row!])).toEqual([[2, ['name:NAME_TOO_LONG']]]);
    expect(row?.name).toBe(`${'A'.repeat(99)}…`);
    expect(row?.employee).toBeNull();
  });

  it('reads semicolons, a byte order mark, quoted cells, CRLF, columns in any order and case, and skips empty rows', () => {
    const text = '\uFEFFsurname;NAME;phone;Monthly Limit\r\n"Ozola; Jr.";"Ilze ""Ilzīte""";+371 2000 0002;250.50\r\n;;;\r\nKalniņa;Ieva;;\r\n';
    const rows = rowsOf(text);
    expect(rows.map((row) => [row.rowNumber, row.employee?.name, row.employee?.surname, row.employee?.phone, row.employee?.limitCents])).toEqual([
      [2, 'Ilze "Ilzīte"', 'Ozola; Jr.', '37120000002', 25_050],
      [4, 'Ieva', 'Kalniņa', null, 50_000],
    ]);
  });

  it("takes back a cell the portal's CSV writer neutralised with an apostrophe", () => {
    const [row] = rowsOf(fileOf(['Anna', 'Bērziņa', '', "'+37120000003", '', '', '', '']));
    expect(row?.employee?.phone).toBe('37120000003');
  });

  it('refuses a file whose header lacks Name, Surname or Phone, or names a column twice', () => {
    expect(readEmployeeImport('Name,Surname\r\nAnna,Bērziņa\r\n')).toEqual({ valid: false });
    expect(readEmployeeImport('Name,Surname,Phone,phone\r\nAnna,Bērziņa,371,371\r\n')).toEqual({ valid: false });
    expect(readEmployeeImport('')).toEqual({ valid: false });
  });

  it("lists every problem of a row with Add user's codes, per column", () => {
    const rows = rowsOf(
      fileOf(
        ['', 'B', '12345', '+37', 'not-mail', 'de', '-5', '1.234'],
        ['Anna', 'Bērziņa', '', '37120000004', '', '', '600', '500'],
        ['Anna', 'Bērziņa', '', '37120000005', '', '', 'ten', ''],
        ['A'.repeat(51), 'Bērziņa', '', '37120000006', '', 'RU', '2000000', ''],
      ),
    );
    expect(problemsOf(rows)).toEqual([
      [2, ['name:NAME_REQUIRED', 'surname:TEXT_TOO_SHORT', 'phone:INVALID_PHONE', 'email:INVALID_EMAIL', 'personalCode:INVALID_PERSONAL_CODE', 'language:INVALID_VALUE', 'monthlyLimit:AMOUNT_NOT_POSITIVE', 'annualLimit:AMOUNT_TOO_PRECISE']],
      [3, ['annualLimit:ANNUAL_LIMIT_BELOW_MONTHLY']],
      [4, ['monthlyLimit:NUMBER_INVALID']],
      [5, ['name:NAME_TOO_LONG', 'monthlyLimit:NUMBER_TOO_LARGE']],
    ]);
    expect(rows.every((row) => row.employee === null)).toBe(true);
  });

  it('gives an empty annual limit the monthly one when that is above the default annual limit', () => {
    const [row] = rowsOf(fileOf(['Anna', 'Bērziņa', '', '37120000007', '', 'EN', '7000', '']));
    expect(row?.employee).toMatchObject({ limitCents: 700_000, annualLimitCents: 700_000, language: 'en' });
  });

  it('refuses every row after the first that repeats a personal code or a phone', () => {
    const rows = rowsOf(
      fileOf(
        anna,
        ['Jānis', 'Ozols', '010190-12345', '37120000008', '', '', '', ''],
        ['Pēteris', 'Liepa', '020290-22222', '37120000001', '', '', '', ''],
        ['Marta', 'Egle', '', '', '', '', '', ''],
        ['Līga', 'Priede', '', '', '', '', '', ''],
      ),
    );
    expect(problemsOf(rows)).toEqual([
      [2, []],
      [3, ['personalCode:ROW_DUPLICATE_PERSONAL_CODE']],
      [4, ['phone:ROW_DUPLICATE_PHONE']],
      [5, []],
      [6, []],
    ]);
  });

  it("refuses the rows whose personal code the company has, or whose phone is taken, and keeps the others", () => {
    const rows = rowsOf(fileOf(anna, ['Jānis', 'Ozols', '020290-22222', '37120000009', '', '', '', ''], ['Marta', 'Egle', '030390-33333', '37120000010', '', '', '', '']));
    refuseExisting(rows, { personalCodes: new Set(['010190-12345']), takenPhones: new Set(['37120000009']) });
    expect(problemsOf(rows)).toEqual([
      [2, ['personalCode:PERSONAL_CODE_TAKEN']],
      [3, ['phone:EMPLOYEE_PHONE_TAKEN']],
      [4, []],
    ]);
    expect(rows.map((row) => row.employee !== null)).toEqual([false, false, true]);
  });
});
