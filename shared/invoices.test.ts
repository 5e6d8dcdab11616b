import { describe, expect, it } from 'vitest';
import { creditedLines, invoiceLine, invoiceNumberOf, invoiceTotals, issueCreditNoteSchema, vatOf } from './invoices';

describe('vatOf', () => {
  it('rounds the VAT of a total half away from zero to the cent, in whole numbers only', () => {
    // 21 % of 0.02 is 0.0042: nothing. Of 0.05 is 0.0105: a cent. Of 0.10 is 0.021: two cents.
    expect(vatOf(2, 2_100)).toBe(0);
    expect(vatOf(5, 2_100)).toBe(1);
    expect(vatOf(10, 2_100)).toBe(2);
    // Exactly half a cent rounds up: 50 % of 0.01 is 0.005.
    expect(vatOf(1, 5_000)).toBe(1);
    // 21 % of 1.50 is 0.315: 0.32; of 92.00 is 19.32.
    expect(vatOf(150, 2_100)).toBe(32);
    expect(vatOf(9_200, 2_100)).toBe(1_932);
    // A reduced rate with a fraction: 5.5 % of 33.33 is 1.833: 1.83.
    expect(vatOf(3_333, 550)).toBe(183);
    // Negative amounts round the same way, mirrored.
    expect(vatOf(-150, 2_100)).toBe(-32);
    expect(vatOf(0, 2_100)).toBe(0);
    expect(vatOf(123_456, 0)).toBe(0);
  });

  it('stays exact where floating point would not: large totals at every rate', () => {
    for (const rate of [0, 500, 550, 1_200, 2_100, 2_500, 10_000]) {
      for (const net of [1, 99, 1_005, 987_654_321]) {
        const exact = (BigInt(net) * BigInt(rate) * 2n + 10_000n) / 20_000n;
        expect(vatOf(net, rate), `${net} at ${rate}`).toBe(Number(exact));
      }
    }
  });
});

describe('invoiceTotals', () => {
  it('adds the lines, then takes the VAT of their sum (not the sum of each line\'s rounded VAT)', () => {
    const lines = [invoiceLine('monthly_fee', 50, 150), invoiceLine('replacement_fee', 3, 500)];
    expect(lines.map((line) => line.netCents)).toEqual([7_500, 1_500]);
    expect(invoiceTotals(lines, 2_100)).toEqual({ netCents: 9_000, vatCents: 1_890, totalCents: 10_890 });
    // Three lines of 0.05 at 21 %: each line's VAT would round to 0.01 (0.03 together); the total's is 0.0315: 0.03.
    const small = [invoiceLine('monthly_fee', 1, 5), invoiceLine('monthly_fee', 1, 5), invoiceLine('replacement_fee', 1, 5)];
    expect(invoiceTotals(small, 2_100)).toEqual({ netCents: 15, vatCents: 3, totalCents: 18 });
    // Seven lines of 0.02: each line's would round to nothing; the total's 0.0294 is 0.03.
    expect(invoiceTotals(Array.from({ length: 7 }, () => invoiceLine('monthly_fee', 1, 2)), 2_100)).toEqual({ netCents: 14, vatCents: 3, totalCents: 17 });
    expect(invoiceTotals([], 2_100)).toEqual({ netCents: 0, vatCents: 0, totalCents: 0 });
  });

  it('charges no VAT at a rate of 0 (an exempt provider)', () => {
    expect(invoiceTotals([invoiceLine('monthly_fee', 50, 150)], 0)).toEqual({ netCents: 7_500, vatCents: 0, totalCents: 7_500 });
  });
});

describe('invoiceNumberOf', () => {
  it('names the year and the place in its series, six digits', () => {
    expect(invoiceNumberOf(2026, 1)).toBe('2026-000001');
    expect(invoiceNumberOf(2027, 123_456)).toBe('2027-123456');
  });
});

describe('creditedLines', () => {
  const lines = [invoiceLine('monthly_fee', 50, 150), invoiceLine('replacement_fee', 3, 500)];

  it('credits chosen lines, or fewer of their units, at the invoice\'s price', () => {
    expect(creditedLines(lines, [{ index: 1, quantity: 1 }])).toEqual([invoiceLine('replacement_fee', 1, 500)]);
    expect(creditedLines(lines, [{ index: 1, quantity: 3 }, { index: 0, quantity: 50 }])).toEqual(lines);
  });

  it('refuses a line the invoice does not have, or more units than it has', () => {
    expect(creditedLines(lines, [{ index: 2, quantity: 1 }])).toBeNull();
    expect(creditedLines(lines, [{ index: 1, quantity: 4 }])).toBeNull();
  });

  it('takes a request of at least one line, each once, with a reason', () => {
    expect(issueCreditNoteSchema.safeParse({ lines: [], reason: 'Wrong' }).success).toBe(false);
    expect(issueCreditNoteSchema.safeParse({ lines: [{ index: 0, quantity: 1 }, { index: 0, quantity: 1 }], reason: 'Wrong' }).success).toBe(false);
    expect(issueCreditNoteSchema.safeParse({ lines: [{ index: 0, quantity: 0 }], reason: 'Wrong' }).success).toBe(false);
    expect(issueCreditNoteSchema.safeParse({ lines: [{ index: 0, quantity: 1 }], reason: ' ' }).success).toBe(false);
    expect(issueCreditNoteSchema.parse({ lines: [{ index: 0, quantity: 1 }], reason: ' Charged twice ' }).reason).toBe('Charged twice');
  });
});
