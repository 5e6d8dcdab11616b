import { rigaDateOf } from '@shared/dates';

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
