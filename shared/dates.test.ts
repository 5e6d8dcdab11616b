import { describe, expect, it } from 'vitest';
import { dayText, parseDayText } from './dates';

describe('dayText', () => {
  it('shows a YYYY-MM-DD day as DD.MM.YYYY', () => {
    expect(dayText('2026-03-07')).toBe('07.03.2026');
  });

  it('shows nothing for anything else', () => {
    expect(dayText('')).toBe('');
    expect(dayText('07.03.2026')).toBe('');
    expect(dayText('2026-3-7')).toBe('');
  });
});

describe('parseDayText', () => {
  it('reads DD.MM.YYYY, with one-digit parts and other separators', () => {
    expect(parseDayText('07.03.2026')).toBe('2026-03-07');
    expect(parseDayText(' 7.3.2026 ')).toBe('2026-03-07');
    expect(parseDayText('07/03/2026')).toBe('2026-03-07');
    expect(parseDayText('07-03-2026')).toBe('2026-03-07');
  });

  it('takes a day already written YYYY-MM-DD', () => {
    expect(parseDayText('2026-03-07')).toBe('2026-03-07');
  });

  it('refuses days that do not exist and text that is not a day', () => {
    expect(parseDayText('31.02.2026')).toBeNull();
    expect(parseDayText('29.02.2025')).toBeNull();
    expect(parseDayText('2025-02-29')).toBeNull();
    expect(parseDayText('07.03.26')).toBeNull();
    expect(parseDayText('yesterday')).toBeNull();
    expect(parseDayText('')).toBeNull();
  });

  it('reads back what dayText shows', () => {
    expect(parseDayText(dayText('2024-02-29'))).toBe('2024-02-29');
  });
});
