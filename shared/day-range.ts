import * as z from 'zod/mini';
import { calendarDay, monthsBefore, rigaDateOf } from './dates';
import { defaultPeriod, periodMonths, periods } from './lists';

const calendarDate = /* @__PURE__ */ calendarDay(z.string());

/**
 * The date filters of a list (SPEC sections 2 and 7): a range of Riga days no later than today, or without one the
 * period (`dateLimit`, 1y by default) counted back from today. Lists spread these into their query shapes.
 */
export const dayRangeShape = {
  dateLimit: /* @__PURE__ */ z._default(z.enum(periods), defaultPeriod),
  dateFrom: /* @__PURE__ */ z.optional(calendarDate),
  dateTo: /* @__PURE__ */ z.optional(calendarDate),
};

export interface DayRangeFilters {
  dateLimit: (typeof periods)[number];
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

/** SPEC section 2: no day after today (the picker offers none), and the range's start not after its end. */
export function checkDayRange(value: { dateFrom?: string | undefined; dateTo?: string | undefined }, context: z.core.$RefinementCtx): void {
  const today = rigaDateOf(new Date());
  if (value.dateFrom && value.dateFrom > today) context.addIssue({ code: 'custom', path: ['dateFrom'], message: 'DATE_IN_FUTURE' });
  if (value.dateTo && value.dateTo > today) context.addIssue({ code: 'custom', path: ['dateTo'], message: 'DATE_IN_FUTURE' });
  if (value.dateFrom && value.dateTo && value.dateFrom > value.dateTo) context.addIssue({ code: 'custom', path: ['dateTo'], message: 'DATE_RANGE_REVERSED' });
}

/** The Riga days a list covers, inclusive: the given range, or the period counted back from today. */
export function dayRangeOf(filters: DayRangeFilters, now: Date): { from: string; to: string } {
  const today = rigaDateOf(now);
  const to = filters.dateTo ?? today;
  const from = filters.dateFrom ?? monthsBefore(today, periodMonths[filters.dateLimit]);
  return { from, to };
}

/**
 * The moment a Riga day (YYYY-MM-DD) starts, in epoch milliseconds: midnight there is 22:00 or 21:00 UTC of the day
 * before (EET or EEST), whichever falls on the day.
 */
export function rigaDayStartMs(day: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  for (const hours of [3, 2]) {
    const candidate = utcMidnight - hours * 3_600_000;
    if (rigaDateOf(new Date(candidate)) === day) return candidate;
  }
  return utcMidnight;
}

/** The day after a YYYY-MM-DD day. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
