import * as z from 'zod';
import { monthsBefore } from './dates';
import { periods, periodMonths, type Period } from './lists';

/**
 * The dashboard's balances (SPEC section 2 "Dashboard"): what the main account can spend, and what pending card
 * authorizations hold across the company's cards; `asOf` is when they were read ('Last updated {date}').
 */
export const dashboardSummarySchema = z.object({
  availableCents: z.number().int(),
  reservedCents: z.number().int(),
  currency: z.literal('EUR'),
  asOf: z.string(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

export const turnoverQuerySchema = z.object({ dateLimit: z.enum(periods).default('1y') });
export type TurnoverQuery = z.infer<typeof turnoverQuerySchema>;

/** One calendar month of card spending: net spent (payments less refunds, positive when spent) and how many. */
export const turnoverMonthSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  spentCents: z.number().int(),
  count: z.number().int().nonnegative(),
});
export type TurnoverMonth = z.infer<typeof turnoverMonthSchema>;

/** Every month of the period, oldest first, months without transactions as zero. */
export const turnoverAnswerSchema = z.object({ months: z.array(turnoverMonthSchema) });
export type TurnoverAnswer = z.infer<typeof turnoverAnswerSchema>;

/**
 * The calendar months (YYYY-MM, oldest first) a period's graph shows: the month of `today` and the ones before it,
 * as many as the period has months. Whole months, so each bar is one month tally.
 */
export function turnoverMonthsOf(period: Period, today: string): string[] {
  const count = periodMonths[period];
  return Array.from({ length: count }, (_, index) => monthsBefore(today, count - 1 - index).slice(0, 7));
}
