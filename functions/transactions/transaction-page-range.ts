import type { TransactionTallyRecord } from './transaction-records';

/**
 * The arithmetic of a transactions page (docs/access-patterns.md rows 10-12, 28-32), apart from any I/O: which tally
 * sort keys cover a range of days, what they add up to, and which sequence numbers page N holds.
 */

/** A sort-key range of one dimension's tally partition. */
export interface SortKeyRange {
  from: string;
  to: string;
}

/** The sort keys of one dimension's tallies: a Riga day's (YYYY-MM-DD), and a month's (of a day or of YYYY-MM). */
export const dayTally = (day: string) => `D#${day}`;
export const monthTally = (dayOrMonth: string) => `M#${dayOrMonth.slice(0, 7)}`;

function monthOf(day: string): string {
  return day.slice(0, 7);
}

function addMonths(month: string, delta: number): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, number - 1 + delta, 1));
  return date.toISOString().slice(0, 7);
}

/**
 * The tallies of the Riga days `from`..`to` (inclusive): the edge months day by day (`D#`), the whole months between
 * them by their month tally (`M#`). At most 31 + 31 + 11 items, whatever the range holds.
 */
export function tallyRangesOf(from: string, to: string): SortKeyRange[] {
  if (from > to) return [];
  const first = monthOf(from);
  const last = monthOf(to);
  if (first === last) return [{ from: dayTally(from), to: dayTally(to) }];
  const ranges: SortKeyRange[] = [{ from: dayTally(from), to: dayTally(`${first}-31`) }];
  const afterFirst = addMonths(first, 1);
  const beforeLast = addMonths(last, -1);
  if (afterFirst <= beforeLast) ranges.push({ from: monthTally(afterFirst), to: monthTally(beforeLast) });
  ranges.push({ from: dayTally(`${last}-01`), to: dayTally(to) });
  return ranges;
}

/** What a list holds over a range of days: numbers follow time, so its transactions are firstSeq..lastSeq. */
export interface ListSpan {
  count: number;
  sumCents: number;
  firstSeq: number;
  lastSeq: number;
}

export const emptySpan: ListSpan = { count: 0, sumCents: 0, firstSeq: 0, lastSeq: 0 };

export function spanOf(tallies: readonly TransactionTallyRecord[]): ListSpan {
  const counted = tallies.filter((tally) => tally.count > 0);
  if (counted.length === 0) return emptySpan;
  return {
    count: counted.reduce((total, tally) => total + tally.count, 0),
    sumCents: counted.reduce((total, tally) => total + tally.sumCents, 0),
    firstSeq: Math.min(...counted.map((tally) => tally.firstSeq)),
    lastSeq: Math.max(...counted.map((tally) => tally.lastSeq)),
  };
}

/**
 * The sequence numbers of page `page` (1-based, newest first) of a span: `lastSeq - page*size + 1 .. lastSeq -
 * (page-1)*size`, cut at the span's first number; null past the end.
 */
export function pageSeqRange(span: ListSpan, page: number, itemsPerPage: number): { lo: number; hi: number } | null {
  if (span.count === 0) return null;
  const hi = span.lastSeq - (page - 1) * itemsPerPage;
  if (hi < span.firstSeq) return null;
  return { lo: Math.max(span.firstSeq, hi - itemsPerPage + 1), hi };
}
