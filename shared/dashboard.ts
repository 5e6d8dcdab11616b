import * as z from 'zod/mini';
import { monthsBefore } from './dates';
import type { Language } from './languages';
import { intlLocale } from './money';
import { periods, periodMonths, type Period } from './lists';

/**
 * The dashboard's balances (SPEC section 2 "Dashboard"): what the main account can spend, and what pending card
 * authorizations hold across the company's cards; `asOf` is when they were read ('Last updated {date}').
 */
export const dashboardSummarySchema = /* @__PURE__ */ z.object({
  availableCents: z.int(),
  reservedCents: z.int(),
  currency: z.literal('EUR'),
  asOf: z.string(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

export const turnoverQuerySchema = /* @__PURE__ */ z.object({ dateLimit: z._default(z.enum(periods), '1y') });
export type TurnoverQuery = z.infer<typeof turnoverQuerySchema>;

/** One calendar month of card spending: net spent (payments less refunds, positive when spent) and how many. */
export const turnoverMonthSchema = /* @__PURE__ */ z.object({
  month: z.string().check(z.regex(/^\d{4}-\d{2}$/)),
  spentCents: z.int(),
  count: z.int().check(z.nonnegative()),
});
export type TurnoverMonth = z.infer<typeof turnoverMonthSchema>;

/** Every month of the period, oldest first, months without transactions as zero. */
export const turnoverAnswerSchema = /* @__PURE__ */ z.object({ months: z.array(turnoverMonthSchema) });
export type TurnoverAnswer = z.infer<typeof turnoverAnswerSchema>;

/**
 * The calendar months (YYYY-MM, oldest first) a period's graph shows: the month of `today` and the ones before it,
 * as many as the period has months. Whole months, so each bar is one month tally.
 */
export function turnoverMonthsOf(period: Period, today: string): string[] {
  const count = periodMonths[period];
  return Array.from({ length: count }, (_, index) => monthsBefore(today, count - 1 - index).slice(0, 7));
}

/**
 * The turnover chart's EUR axis: its top and its gridlines' values (cents, from 0 up) in about `steps` steps of 1, 2,
 * 2.5 or 5 times a power of ten whole euros, so the axis reads in round numbers and the highest bar fits under the top.
 */
export function turnoverAxis(highestCents: number, steps = 4): { topCents: number; ticks: number[] } {
  const raw = Math.max(highestCents, 0) / steps;
  const magnitude = 10 ** Math.floor(Math.log10(Math.max(raw, 100)));
  const candidates = [1, 2, 2.5, 5, 10].map((factor) => factor * magnitude).filter((candidate) => candidate % 100 === 0);
  const step = candidates.find((candidate) => candidate >= raw) ?? 10 * magnitude;
  const count = Math.max(1, Math.ceil(highestCents / step));
  const ticks = Array.from({ length: count + 1 }, (_, index) => index * step);
  return { topCents: count * step, ticks };
}

/**
 * How the chart names a month (YYYY-MM): `long` for its accessible name and tooltip ("October 2026"), `short` and
 * `narrow` under its bar ("Oct", "O"), and `year` under the bar of the period's first month and of each January, so
 * a period that crosses a year says which year each month belongs to.
 */
export interface MonthLabel {
  month: string;
  long: string;
  short: string;
  narrow: string;
  year: string | null;
}

export function monthLabels(months: readonly string[], language: Language): MonthLabel[] {
  const locale = intlLocale[language];
  const format = (style: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { ...style, timeZone: 'UTC' });
  const long = format({ month: 'long', year: 'numeric' });
  const short = format({ month: 'short' });
  const narrow = format({ month: 'narrow' });
  const crossesYear = new Set(months.map((month) => month.slice(0, 4))).size > 1;
  return months.map((month, index) => {
    const date = new Date(`${month}-01T00:00:00Z`);
    const startsYear = index === 0 || month.endsWith('-01');
    return {
      month,
      long: long.format(date),
      short: short.format(date).replace(/\.$/, ''),
      narrow: narrow.format(date),
      year: crossesYear && startsYear ? month.slice(0, 4) : null,
    };
  });
}
