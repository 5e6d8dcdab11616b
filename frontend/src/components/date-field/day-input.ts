import { parseDayText } from '@shared/dates';

export type DayTextError = 'invalid' | 'beforeMin' | 'afterMax';

/**
 * What a date box's text means: the YYYY-MM-DD day it names within [min, max], or '' with why not. Empty text is
 * no day and no error (the form says whether the field is required).
 */
export function checkDayText(text: string, bounds: { min?: string | undefined; max?: string | undefined }): { value: string; error?: DayTextError } {
  if (text.trim() === '') return { value: '' };
  const day = parseDayText(text);
  if (day === null) return { value: '', error: 'invalid' };
  if (bounds.min && day < bounds.min) return { value: '', error: 'beforeMin' };
  if (bounds.max && day > bounds.max) return { value: '', error: 'afterMax' };
  return { value: day };
}

/** A YYYY-MM-DD day as the browser-local midnight Date a calendar widget works with. */
export function dateOfDay(day: string): Date {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  const result = new Date(year, month - 1, date);
  // Years below 100 would otherwise be read as 19xx.
  result.setFullYear(year);
  return result;
}

/** The YYYY-MM-DD day of a calendar widget's browser-local Date. */
export function dayOfDate(date: Date): string {
  const pad = (value: number, length = 2) => String(value).padStart(length, '0');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
