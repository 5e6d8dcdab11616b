import { entities, keys } from './keys';
import type { TransactionRecord, TransactionTallyRecord } from './records';
import { tableName, type TransactItem } from './table';

/**
 * The lists a transaction is counted in: every transaction of the company, one employee's, one merchant category
 * group's. Each has its own dense sequence and its own day and month tallies, so any page of any of them over any
 * range of days is one key range of `itemsPerPage` items plus a bounded number of tallies (docs/access-patterns.md).
 */
export type TransactionDimension = 'ALL' | `EMPLOYEE#${string}` | `MCC#${string}`;

export const allTransactions: TransactionDimension = 'ALL';
export const employeeTransactions = (employeeId: string): TransactionDimension => `EMPLOYEE#${employeeId}`;
export const groupTransactions = (group: string): TransactionDimension => `MCC#${group}`;

export const dayTally = (day: string) => `D#${day}`;
export const monthTally = (day: string) => `M#${day.slice(0, 7)}`;

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
