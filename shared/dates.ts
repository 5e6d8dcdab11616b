import * as z from 'zod/mini';

export * from './date-format';

/** Whether a YYYY-MM-DD string names a day that exists (not 2015-02-30). */
function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A YYYY-MM-DD day that exists, on top of a string schema; anything else is 'Please use YYYY-MM-DD date format'. */
export function calendarDay(base: z.ZodMiniString): z.ZodMiniString {
  return base.check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'DATE_FORMAT' }), z.refine(isRealDate, { error: 'DATE_FORMAT', abort: true }));
}

/** The YYYY-MM month `count` months after a YYYY-MM month (before it when `count` is negative). */
export function addMonths(month: string, count: number): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  const index = year * 12 + monthNumber - 1 + count;
  const newYear = Math.floor(index / 12);
  return `${newYear}-${String(index - newYear * 12 + 1).padStart(2, '0')}`;
}

/** The day `months` calendar months before a YYYY-MM-DD day (clamped to the month's end: 31.03 - 1 month = 28.02). */
export function monthsBefore(day: string, months: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastOfMonth = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date, lastOfMonth));
  return first.toISOString().slice(0, 10);
}

/** A YYYY-MM-DD day as DD.MM.YYYY, the way SPEC section 1 shows dates; '' for anything that is not such a day. */
export function dayText(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
}

/** A month "2026-11" as the portal shows it, "11.2026"; anything else as it came. */
export function monthText(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  return match ? `${match[2]}.${match[1]}` : month;
}

/**
 * A day as a person types it, DD.MM.YYYY (a one-digit day or month, and '/', '-' or a space between, are taken
 * too), or already YYYY-MM-DD, as YYYY-MM-DD; null when it names no real day (31.02.2026, 5.5.26, text).
 */
export function parseDayText(text: string): string | null {
  const trimmed = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return isRealDate(trimmed) ? trimmed : null;
  const match = /^(\d{1,2})[./\- ](\d{1,2})[./\- ](\d{4})$/.exec(trimmed);
  if (!match) return null;
  const [, day = '', month = '', year = ''] = match;
  const value = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isRealDate(value) ? value : null;
}
