import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { matchesSearch, totalPagesOf } from '@shared/lists';
import { dayRangeOf } from '@shared/day-range';
import { transactionRowSchema, type TransactionFilters, type TransactionRow } from '@shared/transactions';
import { allTransactions, countedAmountCents, employeeTransactions, groupTransactions, type TransactionDimension } from './card-transactions';
import { dynamo } from '../platform/aws/dynamo';
import { keys, sequenceKey } from '../platform/keys';
import { logger } from '../platform/logger';
import { employeeRecord } from '../employees';
import { transactionRecord, transactionTallyRecord, type TransactionRecord } from './transaction-records';
import { queryAll, tableName } from '../platform/table';
import { emptySpan, pageSeqRange, spanOf, tallyRangesOf, type ListSpan } from './transaction-page-range';

/**
 * The read side of the transactions list, shared by the list route, the CSV export worker and the dashboard
 * (docs/access-patterns.md rows 10-12, 28-32). One employee or one merchant category group (or neither) is the
 * indexed path: the tallies of the range, then one Query of `itemsPerPage` items. Several employees or groups, or an
 * employee together with a group, walk the narrowest indexed lists with a filter: the one case whose cost grows with
 * the data, capped at `combinationReadCap` items per request (docs/decisions.md).
 */

/** Several employees or groups are read as separate lists merged by number up to this many; more read the whole company's. */
const maxMergedLists = 20;
/** The most transaction items a filtered walk reads for one request. */
export const combinationReadCap = 20_000;
const walkPageSize = 500;

export interface TransactionPageRequest {
  companyId: string;
  filters: TransactionFilters;
  page: number;
  itemsPerPage: number;
  now?: Date;
}

export interface TransactionPage {
  rows: TransactionRow[];
  totalRecords: number;
  totalPages: number;
  totalSumCents: number;
  /** Table items read (employees, tallies, transactions): the bench's measure of read cost. */
  itemsRead: number;
}

interface Source {
  dimension: TransactionDimension;
  span: ListSpan;
}

/** Which lists to read and what to keep of them. `totals` is known from the tallies unless the lists need a filter. */
interface Plan {
  sources: Source[];
  keep: ((record: TransactionRecord) => boolean) | null;
  totals: { count: number; sumCents: number } | null;
}

class ReadCounter {
  items = 0;
}

export async function readTransactionPage(request: TransactionPageRequest): Promise<TransactionPage> {
  const counter = new ReadCounter();
  const plan = await planOf(request.companyId, request.filters, request.now ?? new Date(), counter);
  const { page, itemsPerPage } = request;
  if (!plan) return { rows: [], totalRecords: 0, totalPages: 0, totalSumCents: 0, itemsRead: counter.items };

  const [single] = plan.sources;
  if (single && plan.sources.length === 1 && !plan.keep && plan.totals) {
    const range = pageSeqRange(single.span, page, itemsPerPage);
    const rows = range ? (await queryRange(request.companyId, single.dimension, range.lo, range.hi, itemsPerPage, undefined, counter)).records.map(rowOf) : [];
    return answer(rows, plan.totals, itemsPerPage, counter);
  }

  // Several lists or a filter: walk them newest first, skipping to the page, counting when the tallies cannot.
  const skip = (page - 1) * itemsPerPage;
  const rows: TransactionRow[] = [];
  let matched = 0;
  let sumCents = 0;
  for await (const record of walk(request.companyId, plan, counter)) {
    if (matched >= skip && rows.length < itemsPerPage) rows.push(rowOf(record));
    matched += 1;
    sumCents += countedAmountCents(record);
    if (plan.totals && rows.length === itemsPerPage) break;
  }
  return answer(rows, plan.totals ?? { count: matched, sumCents }, itemsPerPage, counter);
}

/** Every transaction of the filtered list, newest first, read a Query page at a time (the CSV export). */
export async function* transactionsOf(companyId: string, filters: TransactionFilters, now = new Date()): AsyncGenerator<TransactionRow> {
  const plan = await planOf(companyId, filters, now, new ReadCounter());
  if (!plan) return;
  for await (const record of walk(companyId, plan, new ReadCounter(), Number.POSITIVE_INFINITY)) yield rowOf(record);
}

/** How many transactions the filtered list holds, or at most holds when a filter decides (the export's estimate). */
export async function countTransactions(companyId: string, filters: TransactionFilters, now = new Date()): Promise<number> {
  const plan = await planOf(companyId, filters, now, new ReadCounter());
  if (!plan) return 0;
  return plan.totals?.count ?? plan.sources.reduce((total, source) => total + source.span.count, 0);
}

function answer(rows: TransactionRow[], totals: { count: number; sumCents: number }, itemsPerPage: number, counter: ReadCounter): TransactionPage {
  return { rows, totalRecords: totals.count, totalPages: totalPagesOf(totals.count, itemsPerPage), totalSumCents: totals.sumCents, itemsRead: counter.items };
}

function rowOf(record: TransactionRecord): TransactionRow {
  return transactionRowSchema.parse({ ...record, id: record.transactionId });
}

/** null: nothing can match (a search no employee matches). */
async function planOf(companyId: string, filters: TransactionFilters, now: Date, counter: ReadCounter): Promise<Plan | null> {
  const employeeIds = await employeesOf(companyId, filters, counter);
  if (employeeIds?.length === 0) return null;
  const groups = [...new Set(filters.mccGroups ?? [])];
  const { from, to } = dayRangeOf(filters, now);
  const spanFor = async (dimension: TransactionDimension): Promise<Source> => ({ dimension, span: await readSpan(companyId, dimension, from, to, counter) });
  const exact = (sources: Source[]): Plan => ({
    sources,
    keep: null,
    totals: { count: sources.reduce((t, s) => t + s.span.count, 0), sumCents: sources.reduce((t, s) => t + s.span.sumCents, 0) },
  });

  if (!employeeIds && groups.length === 0) return exact([await spanFor(allTransactions)]);
  // One list or a union of disjoint lists (an employee's or a group's): totals from their tallies.
  if (employeeIds && groups.length === 0 && employeeIds.length <= maxMergedLists) {
    return exact(await Promise.all(employeeIds.map((id) => spanFor(employeeTransactions(id)))));
  }
  if (!employeeIds && groups.length > 0) return exact(await Promise.all(groups.map((group) => spanFor(groupTransactions(group)))));

  // An employee together with a group, or more employees than are worth merging: the cheapest covering lists, filtered.
  const wantedEmployees = employeeIds ? new Set(employeeIds) : null;
  const wantedGroups = groups.length > 0 ? new Set<string>(groups) : null;
  const keep = (record: TransactionRecord) => (!wantedEmployees || wantedEmployees.has(record.employeeId)) && (!wantedGroups || wantedGroups.has(record.mccGroup));
  const candidates: Source[][] = [];
  if (groups.length > 0) candidates.push(await Promise.all(groups.map((group) => spanFor(groupTransactions(group)))));
  if (employeeIds && employeeIds.length <= maxMergedLists) candidates.push(await Promise.all(employeeIds.map((id) => spanFor(employeeTransactions(id)))));
  if (candidates.length === 0) candidates.push([await spanFor(allTransactions)]);
  const cost = (sources: Source[]) => sources.reduce((total, source) => total + source.span.count, 0);
  const cheapest = candidates.reduce((best, next) => (cost(next) < cost(best) ? next : best));
  return { sources: cheapest, keep, totals: null };
}

/**
 * The ids of the employees the search, personal code and phone leave (personal code and phone exact, search as the
 * users list searches), or null when none of them is given. Reads the company's employees: per employee, not per
 * transaction.
 */
async function employeesOf(companyId: string, filters: TransactionFilters, counter: ReadCounter): Promise<string[] | null> {
  const { search, personalCode, phone } = filters;
  if (!search && !personalCode && !phone) return null;
  const { pk, skPrefix } = keys.employees(companyId);
  const items = await queryAll({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix } });
  counter.items += items.length;
  return items
    .map((item) => employeeRecord.parse(item))
    .filter((employee) => !personalCode || employee.personalCode === personalCode)
    .filter((employee) => !phone || employee.phone === phone)
    .filter((employee) => matchesSearch(search, [employee.name, employee.surname, `${employee.name} ${employee.surname}`, employee.personalCode, employee.phone]))
    .map((employee) => employee.employeeId);
}

/** Count, sum and number range of one list over the days, from at most ~75 tallies. */
async function readSpan(companyId: string, dimension: TransactionDimension, from: string, to: string, counter: ReadCounter): Promise<ListSpan> {
  const { pk } = keys.transactionTallies(companyId, dimension);
  const parts = await Promise.all(
    tallyRangesOf(from, to).map((range) =>
      queryAll({ KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to', ExpressionAttributeValues: { ':pk': pk, ':from': range.from, ':to': range.to } }),
    ),
  );
  const tallies = parts.flat();
  counter.items += tallies.length;
  return tallies.length === 0 ? emptySpan : spanOf(tallies.map((item) => transactionTallyRecord.parse(item)));
}

/** The key condition of one list's sequence numbers lo..hi: the table (company), gsi1 (employee) or gsi2 (group). */
function rangeQuery(companyId: string, dimension: TransactionDimension, lo: number, hi: number): Omit<QueryCommandInput, 'TableName'> {
  const between = { ':lo': sequenceKey(lo), ':hi': sequenceKey(hi) };
  if (dimension.startsWith('EMPLOYEE#')) {
    const { gsi1pk } = keys.transactionsOfEmployee(companyId, dimension.slice('EMPLOYEE#'.length));
    return { IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :lo AND :hi', ExpressionAttributeValues: { ':pk': gsi1pk, ...between } };
  }
  if (dimension.startsWith('MCC#')) {
    const { gsi2pk } = keys.transactionsOfGroup(companyId, dimension.slice('MCC#'.length));
    return { IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :lo AND :hi', ExpressionAttributeValues: { ':pk': gsi2pk, ...between } };
  }
  const { pk } = keys.transactions(companyId);
  return { KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi', ExpressionAttributeValues: { ':pk': pk, ...between } };
}

async function queryRange(
  companyId: string,
  dimension: TransactionDimension,
  lo: number,
  hi: number,
  limit: number,
  startKey: Record<string, unknown> | undefined,
  counter: ReadCounter,
): Promise<{ records: TransactionRecord[]; nextKey: Record<string, unknown> | undefined }> {
  const answer = await dynamo.send(
    new QueryCommand({ ...rangeQuery(companyId, dimension, lo, hi), TableName: tableName(), ScanIndexForward: false, Limit: limit, ExclusiveStartKey: startKey }),
  );
  counter.items += answer.ScannedCount ?? 0;
  return { records: (answer.Items ?? []).map((item) => transactionRecord.parse(item)), nextKey: answer.LastEvaluatedKey };
}

/** One list's transactions over its span, newest first, a Query page at a time. */
async function* walkSource(companyId: string, source: Source, counter: ReadCounter): AsyncGenerator<TransactionRecord> {
  if (source.span.count === 0) return;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await queryRange(companyId, source.dimension, source.span.firstSeq, source.span.lastSeq, walkPageSize, startKey, counter);
    yield* page.records;
    startKey = page.nextKey;
  } while (startKey);
}

/**
 * The plan's lists merged newest first (every list is numbered in the company's order, so the company number
 * merges them), with its filter. Stops after `cap` items read.
 */
async function* walk(companyId: string, plan: Plan, counter: ReadCounter, cap = combinationReadCap): AsyncGenerator<TransactionRecord> {
  const walkers = plan.sources.map((source) => walkSource(companyId, source, counter));
  const heads = await Promise.all(walkers.map(async (walker) => (await walker.next()).value ?? null));
  for (;;) {
    let newest = -1;
    heads.forEach((head, index) => {
      const best = newest >= 0 ? heads[newest] : null;
      if (head && (!best || head.seq > best.seq)) newest = index;
    });
    const record = newest >= 0 ? heads[newest] : null;
    const walker = walkers[newest];
    if (!record || !walker) return;
    if (!plan.keep || plan.keep(record)) yield record;
    if (counter.items >= cap) {
      logger.warn('transactions walk reached its read cap', { companyId, cap });
      return;
    }
    heads[newest] = (await walker.next()).value ?? null;
  }
}
