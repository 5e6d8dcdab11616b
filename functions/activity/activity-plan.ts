import { activityActors, activityTypes, listsCardPayments, type ActivityFilters } from '@shared/activity';
import { dayRangeOf, nextDay, rigaDayStartMs } from '@shared/day-range';
import { keys } from '../platform/keys';

/**
 * Which index partitions a page of the activity log reads, and between which sort keys (docs/access-patterns.md rows
 * 20, 21 and 50). Every audit record's sort key in all three places is `<at>#<auditId>`, so one sort key names one
 * place in time in any of them: that is what a cursor holds.
 */
export interface ActivitySource {
  index: 'table' | 'gsi1' | 'gsi2';
  partition: string;
}

export interface ActivityPlan {
  sources: ActivitySource[];
  /** gsi2 partitions a record must be in to be listed, when the one source (an employee's history) holds others too. */
  onlyIn: string[] | null;
  /** The sort keys read, inclusive: from the first day's start to (not into) the day after the last, or the cursor. */
  from: string;
  to: string;
  /** The previous page's last row: it sits at `to` and is not listed again. */
  after: string | null;
}

const attributes = {
  table: { partition: 'pk', sort: 'sk' },
  gsi1: { partition: 'gsi1pk', sort: 'gsi1sk' },
  gsi2: { partition: 'gsi2pk', sort: 'gsi2sk' },
} as const;

export function attributesOf(index: ActivitySource['index']): { partition: string; sort: string } {
  return attributes[index];
}

/**
 * Card payments included and no other filter: the company's log. One employee: their history (gsi1), narrowed by who
 * and what with a filter that reads what it drops, so such a request is bounded (activity-pages.ts); card payments
 * name their employee but are not in her history, so it holds none to leave out. Otherwise the gsi2 partitions of every
 * (actor, type) pair the filters allow, merged by time: by default (card payments left out) every actor with every
 * other type, 5 x 12; one actor, at most 13; one type, 5. Reading each partition's newest page keeps a page's cost a
 * page per partition, however many authorizations the network sends.
 */
export function planActivity(companyId: string, filters: ActivityFilters, cursorSortKey: string | null, now: Date): ActivityPlan {
  const { from, to } = dayRangeOf(filters, now);
  const start = new Date(rigaDayStartMs(from)).toISOString();
  const end = new Date(rigaDayStartMs(nextDay(to))).toISOString();
  const upper = cursorSortKey !== null && cursorSortKey < end ? cursorSortKey : end;
  const range = { from: start, to: upper, after: cursorSortKey !== null && cursorSortKey === upper ? cursorSortKey : null };
  const byActorOrType = filters.actor !== undefined || filters.type !== undefined;
  const types = filters.type ? [filters.type] : activityTypes.filter((type) => type !== 'card_payments' || listsCardPayments(filters));
  const allowed = (filters.actor ? [filters.actor] : activityActors).flatMap((actor) => types.map((type) => keys.auditByActorAndType(companyId, actor, type, '', '').gsi2pk));
  if (filters.employeeId !== undefined) {
    const partition = keys.auditOfEmployee(companyId, filters.employeeId, '', '').gsi1pk;
    return { sources: [{ index: 'gsi1', partition }], onlyIn: byActorOrType ? allowed : null, ...range };
  }
  if (byActorOrType || !listsCardPayments(filters)) return { sources: allowed.map((partition) => ({ index: 'gsi2', partition })), onlyIn: null, ...range };
  return { sources: [{ index: 'table', partition: keys.auditRecord(companyId, '', '').pk }], onlyIn: null, ...range };
}

/** A sort key is `<ISO moment>#<id>`; a cursor is its base64url, which the next request hands back unchanged. */
const sortKeyPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z#[^#\s]{1,100}$/;

export function cursorOf(sortKey: string): string {
  return Buffer.from(sortKey, 'utf8').toString('base64url');
}

/** The sort key a cursor names, or null for one this API never gave out. */
export function sortKeyOfCursor(cursor: string): string | null {
  const sortKey = Buffer.from(cursor, 'base64url').toString('utf8');
  return sortKeyPattern.test(sortKey) ? sortKey : null;
}

/**
 * The newest `count` of several lists each newest first (sort keys descending, unique across lists), leaving out the
 * previous page's last row.
 */
export function newestOf<Item>(lists: readonly (readonly Item[])[], sortKeyOf: (item: Item) => string, count: number, after: string | null): Item[] {
  return lists
    .flat()
    .filter((item) => sortKeyOf(item) !== after)
    .sort((a, b) => (sortKeyOf(a) < sortKeyOf(b) ? 1 : sortKeyOf(a) > sortKeyOf(b) ? -1 : 0))
    .slice(0, count);
}
