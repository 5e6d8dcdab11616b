import type * as z from 'zod';

/** The programme runs in Latvia: dates are shown in Riga time whatever the viewer's clock says. */
export const displayTimeZone = 'Europe/Riga';

const partsFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: displayTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** DD.MM.YYYY, or DD.MM.YYYY HH:mm with time (SPEC section 1). */
export function formatDate(value: string | number | Date, options: { withTime?: boolean } = {}): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    partsFormatter.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  const day = `${part('day')}.${part('month')}.${part('year')}`;
  return options.withTime ? `${day} ${part('hour')}:${part('minute')}` : day;
}


const dayParts = new Intl.DateTimeFormat('en-CA', { timeZone: displayTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Riga calendar day (YYYY-MM-DD) a moment falls in: the day a transaction is listed and tallied under. */
export function rigaDateOf(at: Date): string {
  const parts = dayParts.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Whether a YYYY-MM-DD string names a day that exists (not 2015-02-30). */
function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A YYYY-MM-DD day that exists, on top of a string schema; anything else is 'Please use YYYY-MM-DD date format'. */
export function calendarDay(base: z.ZodString): z.ZodString {
  return base.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'DATE_FORMAT' }).refine(isRealDate, { error: 'DATE_FORMAT', abort: true });
}

/** The day `months` calendar months before a YYYY-MM-DD day (clamped to the month's end: 31.03 - 1 month = 28.02). */
export function monthsBefore(day: string, months: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastOfMonth = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date, lastOfMonth));
  return first.toISOString().slice(0, 10);
}
