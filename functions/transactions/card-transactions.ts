import * as z from 'zod/mini';
import { rigaDateOf } from '@shared/dates';
import { entities, keys } from '../platform/keys';
import type { TransactionRecord, TransactionTallyRecord } from './transaction-records';
import { conditionFailed, getItem, tableName, transactThroughConflicts, type TransactItem } from '../platform/table';
import { dayTally, monthTally } from './transaction-page-range';

/**
 * The lists a transaction is counted in: every transaction of the company, one employee's, one merchant category
 * group's. Each has its own dense sequence and its own day and month tallies, so any page of any of them over any
 * range of days is one key range of `itemsPerPage` items plus a bounded number of tallies (docs/access-patterns.md).
 */
export type TransactionDimension = 'ALL' | `EMPLOYEE#${string}` | `MCC#${string}`;

export const allTransactions: TransactionDimension = 'ALL';
export const employeeTransactions = (employeeId: string): TransactionDimension => `EMPLOYEE#${employeeId}`;
export const groupTransactions = (group: string): TransactionDimension => `MCC#${group}`;

/** The dimensions of one transaction, each with the sequence number it has there. */
export function dimensionsOf(record: Pick<TransactionRecord, 'employeeId' | 'mccGroup' | 'seq' | 'employeeSeq' | 'groupSeq'>): { dimension: TransactionDimension; seq: number }[] {
  return [
    { dimension: allTransactions, seq: record.seq },
    { dimension: employeeTransactions(record.employeeId), seq: record.employeeSeq },
    { dimension: groupTransactions(record.mccGroup), seq: record.groupSeq },
  ];
}

/** The stored item of a transaction: its keys in all three lists, `entity`, and the record. */
export function transactionItem(record: TransactionRecord): Record<string, unknown> {
  return {
    ...keys.transaction(record.companyId, record.seq),
    ...keys.transactionOfEmployee(record.companyId, record.employeeId, record.employeeSeq),
    ...keys.transactionOfGroup(record.companyId, record.mccGroup, record.groupSeq),
    entity: entities.transaction,
    ...record,
  };
}

/** The Put of a new transaction: refused when its company sequence number is taken already. */
export function newTransactionPut(record: TransactionRecord): TransactItem {
  return { Put: { TableName: tableName(), Item: transactionItem(record), ConditionExpression: 'attribute_not_exists(pk)' } };
}

/**
 * The six tally updates of a transaction (day and month in each dimension). A new transaction adds one to the count
 * and its sequence numbers to the range; a later change of its amount (settlement, reversal) adds only the difference
 * to the sums (`countDelta` 0).
 */
export function tallyUpdates(record: TransactionRecord, change: { countDelta: 0 | 1; sumDeltaCents: number }): TransactItem[] {
  return dimensionsOf(record).flatMap(({ dimension, seq }) =>
    [dayTally(record.day), monthTally(record.day)].map((period): TransactItem => {
      const key = keys.transactionTally(record.companyId, dimension, period);
      if (change.countDelta === 0) {
        return {
          Update: {
            TableName: tableName(),
            Key: key,
            UpdateExpression: 'ADD sumCents :sum',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':sum': change.sumDeltaCents },
          },
        };
      }
      return {
        Update: {
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET entity = :entity, firstSeq = if_not_exists(firstSeq, :seq), lastSeq = :seq ADD #count :one, sumCents :sum',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':entity': entities.transactionTally, ':seq': seq, ':one': 1, ':sum': change.sumDeltaCents },
        },
      };
    }),
  );
}

/** What a transaction counts for in the sums: a reversed one nothing, whatever it first held. */
export function countedAmountCents(record: Pick<TransactionRecord, 'status' | 'amountCents'>): number {
  return record.status === 'reversed' ? 0 : record.amountCents;
}

/** The tally items of transactions written in bulk (seed, bench), built as the updates above would leave them. */
export function tallyItemsOf(records: readonly TransactionRecord[]): Record<string, unknown>[] {
  const tallies = new Map<string, { key: { pk: string; sk: string }; tally: TransactionTallyRecord }>();
  for (const record of records) {
    for (const { dimension, seq } of dimensionsOf(record)) {
      for (const period of [dayTally(record.day), monthTally(record.day)]) {
        const key = keys.transactionTally(record.companyId, dimension, period);
        const id = `${key.pk}|${key.sk}`;
        const found = tallies.get(id);
        if (!found) {
          tallies.set(id, { key, tally: { count: 1, sumCents: countedAmountCents(record), firstSeq: seq, lastSeq: seq } });
          continue;
        }
        found.tally.count += 1;
        found.tally.sumCents += countedAmountCents(record);
        found.tally.firstSeq = Math.min(found.tally.firstSeq, seq);
        found.tally.lastSeq = Math.max(found.tally.lastSeq, seq);
      }
    }
  }
  return [...tallies.values()].map(({ key, tally }) => ({ ...key, entity: entities.transactionTally, ...tally }));
}

/** A transaction before it is numbered: `recordTransaction` gives it its numbers, its time and its day. */
export type TransactionDraft = Omit<TransactionRecord, 'seq' | 'employeeSeq' | 'groupSeq' | 'day' | 'executedAt'>;

/** Another transaction of the company (or of the group) took the numbers read first: read again and retry. */
export class TransactionNumbersTaken extends Error {
  constructor() {
    super('the transaction numbers were taken meanwhile');
  }
}

const countersState = /* @__PURE__ */ z.object({ transactionSeq: z._default(z.int().check(z.nonnegative()), 0), lastTransactionAt: z._default(z.nullable(z.string()), null) });
const groupCounterState = /* @__PURE__ */ z.object({ transactionSeq: z._default(z.int().check(z.nonnegative()), 0) });

export interface TransactionWrite {
  draft: TransactionDraft;
  /** The employee item's `transactionSeq` as read: the employee's own update (among `items`) sets `record.employeeSeq`. */
  employeeTransactionSeq: number;
  /** When it happened by the caller's clock; `executedAt` is never earlier than the company's last transaction. */
  requestedAt: string;
  /** Added to the company's total reserved on the counters item (the dashboard's "reserved"). */
  reservedCentsDelta?: number;
  /**
   * The caller's items of the same transaction (the employee's update first, conditioned on what was read), built
   * once the numbers are known, with the error each failed condition means (by index into `items`).
   */
  items: (record: TransactionRecord) => { items: TransactItem[]; refusals?: Record<number, Error> };
}

/**
 * Records a new card transaction in ONE TransactWriteItems with the caller's items: the company's, the employee's and
 * the group's next numbers (each conditioned on the number read, so two transactions never share one and the lists
 * stay dense), the company's `lastTransactionAt` (numbers follow time), the transaction and its six tallies (count
 * one, the amount as the sum). Throws TransactionNumbersTaken when another transaction took the numbers first (read
 * again and call again), or the caller's refusal when one of its conditions failed.
 */
export async function recordTransaction(write: TransactionWrite): Promise<TransactionRecord> {
  const { companyId, mccGroup } = write.draft;
  const [countersItem, groupItem] = await Promise.all([getItem(keys.counters(companyId)), getItem(keys.groupCounter(companyId, mccGroup))]);
  const counters = countersState.parse(countersItem ?? {});
  const group = groupCounterState.parse(groupItem ?? {});
  const executedAt = counters.lastTransactionAt && counters.lastTransactionAt > write.requestedAt ? counters.lastTransactionAt : write.requestedAt;
  const record: TransactionRecord = {
    ...write.draft,
    seq: counters.transactionSeq + 1,
    employeeSeq: write.employeeTransactionSeq + 1,
    groupSeq: group.transactionSeq + 1,
    executedAt,
    day: rigaDateOf(new Date(executedAt)),
  };
  const own = write.items(record);
  const countersIndex = own.items.length;
  const items: TransactItem[] = [
    ...own.items,
    {
      Update: {
        TableName: tableName(),
        Key: keys.counters(companyId),
        UpdateExpression: 'SET entity = if_not_exists(entity, :entity), companyId = :company, transactionSeq = :seq, lastTransactionAt = :at ADD reservedCents :reserved',
        ConditionExpression: counters.transactionSeq === 0 ? 'attribute_not_exists(transactionSeq) OR transactionSeq = :read' : 'transactionSeq = :read',
        ExpressionAttributeValues: { ':entity': entities.counters, ':company': companyId, ':seq': record.seq, ':at': executedAt, ':reserved': write.reservedCentsDelta ?? 0, ':read': counters.transactionSeq },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.groupCounter(companyId, mccGroup),
        UpdateExpression: 'SET entity = :entity, companyId = :company, transactionSeq = :seq',
        ConditionExpression: group.transactionSeq === 0 ? 'attribute_not_exists(transactionSeq) OR transactionSeq = :read' : 'transactionSeq = :read',
        ExpressionAttributeValues: { ':entity': entities.groupCounter, ':company': companyId, ':seq': record.groupSeq, ':read': group.transactionSeq },
      },
    },
    newTransactionPut(record),
    ...tallyUpdates(record, { countDelta: 1, sumDeltaCents: countedAmountCents(record) }),
  ];
  try {
    await transactThroughConflicts(items, own.refusals ?? {}, numberingConflictRetries);
  } catch (error) {
    // The Put of the transaction fails only when its company number is taken: the counters moved as well.
    if ([countersIndex, countersIndex + 1, countersIndex + 2].some((index) => conditionFailed(error, index))) throw new TransactionNumbersTaken();
    throw error;
  }
  return record;
}

/** Every card payment of a company passes the one counters item: conflicts on it are expected under load. */
const numberingConflictRetries = 6;

/**
 * Changes a recorded transaction in the caller's transaction: its status and amount (conditioned on the status it
 * was read with, so it changes once), with the difference of what it counts for added to its six tallies.
 */
export function transactionChangeItems(record: TransactionRecord, change: Pick<TransactionRecord, 'status' | 'amountCents' | 'processedAt'>): TransactItem[] {
  const sumDeltaCents = countedAmountCents(change) - countedAmountCents(record);
  return [
    {
      Update: {
        TableName: tableName(),
        Key: keys.transaction(record.companyId, record.seq),
        UpdateExpression: 'SET #status = :status, amountCents = :amount, processedAt = :processed',
        ConditionExpression: '#status = :was',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': change.status, ':amount': change.amountCents, ':processed': change.processedAt, ':was': record.status },
      },
    },
    ...(sumDeltaCents === 0 ? [] : tallyUpdates(record, { countDelta: 0, sumDeltaCents })),
  ];
}
