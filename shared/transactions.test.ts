import { describe, expect, it } from 'vitest';
import { monthsBefore, rigaDateOf } from './dates';
import { dayRangeOf } from './day-range';
import { transactionsQuerySchema } from './transactions';

describe('the Riga day of a moment', () => {
  it('is the Riga calendar day, not the UTC one', () => {
    expect(rigaDateOf(new Date('2026-03-05T22:30:00Z'))).toBe('2026-03-06');
    expect(rigaDateOf(new Date('2026-07-31T20:59:59Z'))).toBe('2026-07-31');
    expect(rigaDateOf(new Date('2026-07-31T21:00:00Z'))).toBe('2026-08-01');
  });
});

describe('a day some months before another', () => {
  it('counts calendar months and clamps to the shorter month', () => {
    expect(monthsBefore('2026-11-22', 12)).toBe('2025-11-22');
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2024-03-31', 1)).toBe('2024-02-29');
    expect(monthsBefore('2026-01-15', 3)).toBe('2025-10-15');
  });
});

describe('the days a transactions list covers', () => {
  const now = new Date('2026-11-22T10:00:00Z');

  it('counts the period back from today when no range is given (1y by default)', () => {
    const query = transactionsQuerySchema.parse({});
    expect(query.dateLimit).toBe('1y');
    expect(dayRangeOf(query, now)).toEqual({ from: '2025-11-22', to: '2026-11-22' });
    expect(dayRangeOf({ dateLimit: '1m' }, now)).toEqual({ from: '2026-10-22', to: '2026-11-22' });
  });

  it('uses the chosen range when there is one', () => {
    expect(dayRangeOf({ dateLimit: '1y', dateFrom: '2026-02-01', dateTo: '2026-02-28' }, now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });
});

describe('the transactions query', () => {
  const fieldOf = (input: Record<string, string>) => {
    const result = transactionsQuerySchema.safeParse(input);
    return result.success ? null : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };

  it('refuses a day after today, a reversed range and an impossible date', () => {
    expect(fieldOf({ dateTo: '2999-01-01' })).toEqual({ dateTo: 'DATE_IN_FUTURE' });
    expect(fieldOf({ dateFrom: '2026-02-10', dateTo: '2026-02-01' })).toEqual({ dateTo: 'DATE_RANGE_REVERSED' });
    expect(fieldOf({ dateFrom: '2026-02-30' })).toEqual({ dateFrom: 'DATE_FORMAT' });
  });

  it('reads the merchant groups as a comma-separated list of known groups', () => {
    expect(transactionsQuerySchema.parse({ mccGroups: 'fuel,groceries' }).mccGroups).toEqual(['fuel', 'groceries']);
    expect(fieldOf({ mccGroups: 'fuel,casino' })).not.toBeNull();
  });
});
