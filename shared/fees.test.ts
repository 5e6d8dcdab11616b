import { describe, expect, it } from 'vitest';
import { feeMonthOf, feeMonthSchema, priceListBodyOf, priceListFormSchema } from './fees';
import { centsToEurText } from './money-text';

describe('feeMonthOf', () => {
  it('reads the month on the Riga clock, not in UTC', () => {
    // 22:30 UTC on 31 October is already 1 November in Riga (UTC+2 in winter).
    expect(feeMonthOf(new Date('2026-10-31T22:30:00Z'))).toBe('2026-11');
    expect(feeMonthOf(new Date('2026-10-31T21:30:00Z'))).toBe('2026-10');
  });
});

describe('feeMonthSchema', () => {
  it.each(['2026-11', '2027-01'])('takes %s', (month) => expect(feeMonthSchema.safeParse(month).success).toBe(true));
  it.each(['2026-13', '2026-1', '26-11', '2026-00', ''])('refuses %j', (month) => expect(feeMonthSchema.safeParse(month).success).toBe(false));
});

describe('priceListFormSchema', () => {
  const codes = (values: Record<string, string>) => {
    const result = priceListFormSchema.safeParse(values);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };

  it('reads euros as cents, zero included', () => {
    expect(priceListBodyOf(priceListFormSchema.parse({ replacementFee: '7.5', monthlyFee: '0' }))).toEqual({ replacementFeeCents: 750, monthlyFeeCents: 0 });
  });

  it('answers the codes the API answers for the same amounts', () => {
    expect(codes({ replacementFee: '', monthlyFee: '-1' })).toEqual({ replacementFee: 'AMOUNT_REQUIRED', monthlyFee: 'AMOUNT_NEGATIVE' });
    expect(codes({ replacementFee: '1.234', monthlyFee: 'abc' })).toEqual({ replacementFee: 'AMOUNT_TOO_PRECISE', monthlyFee: 'NUMBER_INVALID' });
    expect(codes({ replacementFee: '1000.01', monthlyFee: '1000' })).toEqual({ replacementFee: 'NUMBER_TOO_LARGE' });
  });

  it('shows stored cents back as the form reads them', () => {
    expect([0, 5, 150, 100_000].map(centsToEurText)).toEqual(['0.00', '0.05', '1.50', '1000.00']);
    expect(priceListFormSchema.parse({ replacementFee: centsToEurText(1234), monthlyFee: centsToEurText(5) })).toEqual({ replacementFee: 1234, monthlyFee: 5 });
  });
});
