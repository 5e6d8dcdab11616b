import { describe, expect, it } from 'vitest';
import { csvLine, neutraliseCell } from './csv';

describe('CSV cells', () => {
  it.each(['=1+2', '+31', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd', '\uFF1D1+2', '\uFF0B31', '\uFF0D2+3', '\uFF20SUM(A1)'])('neutralises %j, which a spreadsheet would run', (cell) => {
    expect(neutraliseCell(cell)).toBe(`'${cell}`);
  });

  it('leaves ordinary text alone', () => {
    expect(neutraliseCell('Rimi Hypermarket')).toBe('Rimi Hypermarket');
    expect(neutraliseCell('Jānis Bērziņš')).toBe('Jānis Bērziņš');
  });

  it('quotes cells holding commas, quotes or line breaks, and keeps numbers as numbers', () => {
    expect(csvLine(['a,b', 'say "hi"', 'x\ny', -12.5, null])).toBe('"a,b","say ""hi""","x\ny",-12.5,\r\n');
  });

  it('quotes a neutralised cell that needs quoting too', () => {
    expect(csvLine(['=HYPERLINK("x")'])).toBe(`"'=HYPERLINK(""x"")"\r\n`);
  });
});
