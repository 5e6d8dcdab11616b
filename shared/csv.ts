/**
 * CSV as the portal writes it (exports, the funding template): comma-separated, CRLF lines, every cell quoted when it
 * needs to be. A cell that a spreadsheet would run as a formula (starting with = + - @, tab or CR, or the full-width
 * forms of = + - @, which some spreadsheets read as the ASCII ones) is neutralised with a leading apostrophe (DESIGN
 * section 8, OWASP "CSV injection").
 */
const formulaStart = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

export function neutraliseCell(value: string): string {
  return formulaStart.test(value) ? `'${value}` : value;
}

function quoted(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * One CSV line of cells, neutralised and quoted. Numbers are written as they are (a negative amount stays a number a
 * spreadsheet can add up); only text is neutralised.
 */
export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map((cell) => (typeof cell === 'number' ? String(cell) : quoted(neutraliseCell(cell ?? '')))).join(',')}\r\n`;
}

/** A byte order mark first, so a spreadsheet opens UTF-8 (Latvian and Russian letters) correctly. */
export const csvByteOrderMark = '\uFEFF';
