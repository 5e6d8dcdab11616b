import { describe, expect, it } from 'vitest';
import { linesOf, monthInstants } from './invoice-lines';
import { companyLanguageOf } from './invoice-issuing';

describe('linesOf', () => {
  it('makes a line per fee and price charged, cheapest first, leaving waived fees out', () => {
    expect(linesOf({ monthly_fee: [150, 150, 0, 120, 150], replacement_fee: [500, 700, 500] })).toEqual([
      { kind: 'monthly_fee', quantity: 1, unitPriceCents: 120, netCents: 120 },
      { kind: 'monthly_fee', quantity: 3, unitPriceCents: 150, netCents: 450 },
      { kind: 'replacement_fee', quantity: 2, unitPriceCents: 500, netCents: 1_000 },
      { kind: 'replacement_fee', quantity: 1, unitPriceCents: 700, netCents: 700 },
    ]);
    expect(linesOf({ monthly_fee: [0], replacement_fee: [] })).toEqual([]);
  });
});

describe('monthInstants', () => {
  it('is the month of Riga time: from its first midnight there to the next month\'s, winter and summer', () => {
    expect(monthInstants('2026-01')).toEqual({ from: '2025-12-31T22:00:00.000Z', to: '2026-01-31T22:00:00.000Z' });
    expect(monthInstants('2026-07')).toEqual({ from: '2026-06-30T21:00:00.000Z', to: '2026-07-31T21:00:00.000Z' });
    expect(monthInstants('2026-12')).toEqual({ from: '2026-11-30T22:00:00.000Z', to: '2026-12-31T22:00:00.000Z' });
  });
});

describe('companyLanguageOf', () => {
  it("writes in the owners' language, the one most of them use, on a tie Latvian before English before Russian, Latvian without owners", () => {
    expect(companyLanguageOf(['ru'])).toBe('ru');
    expect(companyLanguageOf(['en', 'ru', 'en'])).toBe('en');
    expect(companyLanguageOf(['en', 'ru'])).toBe('en');
    expect(companyLanguageOf(['en', 'lv'])).toBe('lv');
    expect(companyLanguageOf([])).toBe('lv');
  });
});
