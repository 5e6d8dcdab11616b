import { describe, expect, it } from 'vitest';
import { csvLine } from './csv';
import { languages } from './languages';
import { cardStatusTexts, employeeStatusTexts, euroCell, fundingReasonTexts, reportFileName, statusChangerTexts } from './report-csv';

describe('report CSV texts', () => {
  it.each(languages)('say what the %s screens say for statuses and funding reasons', async (lang) => {
    const users = (await import(`../frontend/src/locales/${lang}/users.json`)) as { employeeStatus: object; cardStatus: object; changedBy: object };
    const errors = (await import(`../frontend/src/locales/${lang}/errors.json`)) as { codes: Record<string, string> };
    expect(employeeStatusTexts[lang]).toEqual(users.employeeStatus);
    expect(cardStatusTexts[lang]).toEqual(users.cardStatus);
    expect(statusChangerTexts[lang]).toEqual(users.changedBy);
    for (const [code, text] of Object.entries(fundingReasonTexts[lang])) expect(text).toBe(errors.codes[code]);
  });

  it('writes euros with two decimals, a negative one as a number no spreadsheet runs', () => {
    expect(csvLine([euroCell(1250), euroCell(7), euroCell(0), euroCell(-1250)])).toBe('12.50,0.07,0.00,-12.5\r\n');
  });

  it('names the file by type and period', () => {
    expect(reportFileName({ type: 'monthly_fees', dateFrom: '2026-01-01', dateTo: '2026-03-31' })).toBe('monthly_fees-2026-01-01-2026-03-31.csv');
  });
});
