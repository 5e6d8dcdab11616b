import { describe, expect, it } from 'vitest';
import { parseDayText } from '@shared/dates';
import { shownDay } from './day-field';

describe('shownDay', () => {
  it('shows a saved YYYY-MM-DD day as DD.MM.YYYY', () => {
    expect(shownDay('2015-03-12')).toBe('12.03.2015');
    expect(shownDay('1899-12-31')).toBe('31.12.1899');
  });

  it('shows what was typed while it names no real day', () => {
    expect(shownDay('')).toBe('');
    expect(shownDay('12.03.20')).toBe('12.03.20');
    expect(shownDay('31.02.2015')).toBe('31.02.2015');
    expect(shownDay('2015-02-30')).toBe('2015-02-30');
  });

  it('keeps a typed DD.MM.YYYY as typed once the form holds it as YYYY-MM-DD', () => {
    const typed = '09.01.2014';
    const held = parseDayText(typed);
    expect(held).toBe('2014-01-09');
    expect(shownDay(held ?? '')).toBe(typed);
  });
});
