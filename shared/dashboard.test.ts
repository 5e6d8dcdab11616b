import { describe, expect, it } from 'vitest';
import { monthLabels, turnoverAxis, turnoverMonthsOf } from './dashboard';

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

describe('turnoverAxis', () => {
  it('rounds the top up to a round step of whole euros, the highest month under it', () => {
    expect(turnoverAxis(371_187)).toEqual({ topCents: 400_000, ticks: [0, 100_000, 200_000, 300_000, 400_000] });
    expect(turnoverAxis(12_550)).toEqual({ topCents: 15_000, ticks: [0, 5_000, 10_000, 15_000] });
    expect(turnoverAxis(1_000_000)).toEqual({ topCents: 1_000_000, ticks: [0, 250_000, 500_000, 750_000, 1_000_000] });
  });

  it('keeps at least one euro step when little or nothing was spent', () => {
    expect(turnoverAxis(0)).toEqual({ topCents: 100, ticks: [0, 100] });
    expect(turnoverAxis(55)).toEqual({ topCents: 100, ticks: [0, 100] });
    expect(turnoverAxis(-2_000)).toEqual({ topCents: 100, ticks: [0, 100] });
  });

  it('never steps by part of a euro', () => {
    for (const highest of [101, 999, 2_345, 77_777, 123_456_789]) {
      const { topCents, ticks } = turnoverAxis(highest);
      expect(topCents).toBeGreaterThanOrEqual(highest);
      expect(ticks.every((tick) => tick % 100 === 0)).toBe(true);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });
});

describe('monthLabels', () => {
  it('names each month, with the year under the first month and under January when the period crosses a year', () => {
    expect(monthLabels(['2025-12', '2026-01', '2026-02'], 'en')).toEqual([
      { month: '2025-12', long: 'December 2025', short: 'Dec', narrow: 'D', year: '2025' },
      { month: '2026-01', long: 'January 2026', short: 'Jan', narrow: 'J', year: '2026' },
      { month: '2026-02', long: 'February 2026', short: 'Feb', narrow: 'F', year: null },
    ]);
  });

  it('leaves the year out when the whole period is in one year', () => {
    expect(monthLabels(['2026-03', '2026-04'], 'en').map((label) => label.year)).toEqual([null, null]);
  });

  it('speaks the UI language', () => {
    expect(monthLabels(['2026-01'], 'lv')[0]).toMatchObject({ short: 'janv', long: '2026. g. janvāris' });
    expect(monthLabels(['2026-01'], 'ru')[0]).toMatchObject({ short: 'янв', long: 'январь 2026 г.' });
  });
});
