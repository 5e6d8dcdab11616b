import { describe, expect, it } from 'vitest';
import { checkDayText, dateOfDay, dayOfDate } from './day-input';

const bounds = { min: '2020-01-01', max: '2026-11-25' };

describe('checkDayText', () => {
  it('gives the day typed as DD.MM.YYYY', () => {
    expect(checkDayText('24.11.2026', bounds)).toEqual({ value: '2026-11-24' });
  });

  it('takes the bounds themselves', () => {
    expect(checkDayText('25.11.2026', bounds)).toEqual({ value: '2026-11-25' });
    expect(checkDayText('01.01.2020', bounds)).toEqual({ value: '2020-01-01' });
  });

  it('refuses a day after the last one allowed (today)', () => {
    expect(checkDayText('26.11.2026', bounds)).toEqual({ value: '', error: 'afterMax' });
  });

  it('refuses a day before the first one allowed', () => {
    expect(checkDayText('31.12.2019', bounds)).toEqual({ value: '', error: 'beforeMin' });
  });

  it('refuses text that is no day, and leaves empty text empty', () => {
    expect(checkDayText('31.11.2026', bounds)).toEqual({ value: '', error: 'invalid' });
    expect(checkDayText('24.11', bounds)).toEqual({ value: '', error: 'invalid' });
    expect(checkDayText(' ', bounds)).toEqual({ value: '' });
  });

  it('has no bounds unless given', () => {
    expect(checkDayText('01.01.1900', {})).toEqual({ value: '1900-01-01' });
  });
});

describe('dateOfDay and dayOfDate', () => {
  it('go between a YYYY-MM-DD day and its local midnight', () => {
    const date = dateOfDay('2026-03-29');
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours()]).toEqual([2026, 2, 29, 0]);
    expect(dayOfDate(date)).toBe('2026-03-29');
  });

  it('keep years below 100 as they are', () => {
    expect(dayOfDate(dateOfDay('0042-01-05'))).toBe('0042-01-05');
  });
});
