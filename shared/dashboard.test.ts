import { describe, expect, it } from 'vitest';
import { turnoverMonthsOf } from './dashboard';

describe('turnoverMonthsOf', () => {
  it('counts whole months back from the current one, across a year end', () => {
    expect(turnoverMonthsOf('3m', '2026-01-31')).toEqual(['2025-11', '2025-12', '2026-01']);
    expect(turnoverMonthsOf('1m', '2026-03-01')).toEqual(['2026-03']);
  });

  it('gives twelve months for a year, ending with the current month', () => {
    const months = turnoverMonthsOf('1y', '2026-07-15');
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2025-08');
    expect(months.at(-1)).toBe('2026-07');
  });
});
