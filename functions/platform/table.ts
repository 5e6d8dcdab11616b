import { setTimeout as delay } from 'node:timers/promises';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, type BatchGetCommandOutput, GetCommand, QueryCommand, type QueryCommandInput, ScanCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws/dynamo';
import { tableName } from './env';

export { tableName };

/** `consistent`: read what the last write wrote (a decision that follows a write of the same item needs it). */
export async function getItem(key: { pk: string; sk: string }, options: { consistent?: boolean } = {}): Promise<Record<string, unknown> | undefined> {
  const answer = await dynamo.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: options.consistent }));
  return answer.Item;
}

/** Every item a query matches, following DynamoDB's pagination. */
export async function queryAll(input: Omit<QueryCommandInput, 'TableName'>): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const page of queryPages(input)) items.push(...page);
  return items;
}

/** A query's items a DynamoDB page at a time, for readers that must not hold all of them at once (the reports). */
export async function* queryPages(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): AsyncGenerator<Record<string, unknown>[]> {
  let exclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey: exclusiveStartKey }));
    yield page.Items ?? [];
    exclusiveStartKey = page.LastEvaluatedKey;
  } while (exclusiveStartKey);
}

/**
 * The newest `limit` items of a gsi1 partition whose sort key is below `before` (the last key of an earlier page), or
 * the newest of all when `before` is null: one Query of at most `limit` items, for a list read page after page.
 */
export async function queryGsi1Below(partition: string, before: string | null, limit: number): Promise<Record<string, unknown>[]> {
  const answer = await dynamo.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: before === null ? 'gsi1pk = :pk' : 'gsi1pk = :pk AND gsi1sk < :before',
      ExpressionAttributeValues: { ':pk': partition, ...(before === null ? {} : { ':before': before }) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return answer.Items ?? [];
}

/**
 * The first `limit` items of one index partition, newest first (the index read backwards): a page of the newest
 * reads what it shows, however long the partition has grown.
 */
export async function queryNewestOf(index: 'gsi1' | 'gsi2', partition: string, limit: number): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let exclusiveStartKey: Record<string, unknown> | undefined;
  while (items.length < limit) {
    const page = await dynamo.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: index,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': `${index}pk` },
        ExpressionAttributeValues: { ':pk': partition },
        ScanIndexForward: false,
        Limit: Math.min(limit - items.length, 1000),
        ExclusiveStartKey: exclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []));
    exclusiveStartKey = page.LastEvaluatedKey;
    if (!exclusiveStartKey) break;
  }
  return items.slice(0, limit);
}

export function queryNewestOfGsi1(gsi1pk: string, limit: number): Promise<Record<string, unknown>[]> {
  return queryNewestOf('gsi1', gsi1pk, limit);
}

export function queryPartition(pk: string): Promise<Record<string, unknown>[]> {
  return queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } });
}

/** Reads items by key, 100 per request, retrying what DynamoDB leaves unprocessed; answers them by `itemId`. */
export async function batchGetItems(keyList: { pk: string; sk: string }[]): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  const unique = [...new Map(keyList.map((key) => [itemId(key), key])).values()];
  for (let start = 0; start < unique.length; start += 100) {
    let pending: Record<string, unknown>[] | undefined = unique.slice(start, start + 100);
    while (pending && pending.length > 0) {
      const answer: BatchGetCommandOutput = await dynamo.send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending } } }));
      for (const item of answer.Responses?.[tableName()] ?? []) found.set(itemId({ pk: String(item.pk), sk: String(item.sk) }), item);
      pending = answer.UnprocessedKeys?.[tableName()]?.Keys;
    }
  }
  return found;
}

/** One string naming an item, for maps keyed by item. */
export function itemId(key: { pk: string; sk: string }): string {
  return `${key.pk}|${key.sk}`;
}

/**
 * Whether a write was refused by its condition: a single write's, or in a transaction the one of the item at
 * `index` (DynamoDB names each cancelled item's reason in order).
 */
export function conditionFailed(error: unknown, index = 0): boolean {
  if (error instanceof TransactionCanceledException) return error.CancellationReasons?.[index]?.Code === 'ConditionalCheckFailed';
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/** Whether DynamoDB cancelled a transaction because another one held one of its items; nothing was checked or written. */
export function transactionConflicted(error: unknown): boolean {
  return error instanceof TransactionCanceledException && (error.CancellationReasons ?? []).some((reason) => reason.Code === 'TransactionConflict');
}

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * Runs one TransactWriteItems. When DynamoDB cancels it because the condition of the item at some index failed,
 * the error `refusals` names for that index is thrown instead, so each condition answers with its own code.
 */
export async function transact(items: TransactItem[], refusals: Record<number, Error> = {}): Promise<void> {
  try {
    await dynamo.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    for (const [index, refusal] of Object.entries(refusals)) if (conditionFailed(error, Number(index))) throw refusal;
    throw error;
  }
}

/** DynamoDB's limit of items in one TransactWriteItems. */
export const transactionItemLimit = 100;

/**
 * A change with audit records that may be many: one for each company of a person, who may belong to more companies
 * than one transaction holds. The change and as many records as fit are one transaction (its refusals as `transact`'s);
 * records beyond that (a person in more than 99 companies) follow in transactions of their own right after it.
 */
export async function transactWithRecords(change: readonly TransactItem[], records: readonly TransactItem[], refusals: Record<number, Error> = {}): Promise<void> {
  const fit = Math.max(0, transactionItemLimit - change.length);
  const first = [...change, ...records.slice(0, fit)];
  if (first.length > 0) await transact(first, refusals);
  for (let start = fit; start < records.length; start += transactionItemLimit) await transact(records.slice(start, start + transactionItemLimit));
}

/**
 * A random pause before try `attempt` + 1 of a write another one got to first: up to `firstMs` after the first try,
 * twice as long after each further one, never longer than `longestMs` (however many tries a caller allows, its pauses
 * grow no further, so a request that loses them all still answers with its own refusal, inside its function's time).
 * Random, so two racers do not meet again at once.
 */
export function conflictPause(attempt: number, { firstMs = 20, longestMs = 1_000 }: { firstMs?: number; longestMs?: number } = {}): Promise<void> {
  return delay(Math.random() * Math.min(longestMs, firstMs * 2 ** attempt));
}

/**
 * `transact`, tried again (up to `retries` times, with a growing random pause) while DynamoDB cancels it because
 * another transaction held one of its items: nothing was checked or written then, so the same items are sent again
 * and the conditions decide. A conflict still there after the retries is thrown as it came.
 */
export async function transactThroughConflicts(items: TransactItem[], refusals: Record<number, Error>, retries: number): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await transact(items, refusals);
      return;
    } catch (error) {
      if (!transactionConflicted(error) || attempt >= retries) throw error;
      await conflictPause(attempt);
    }
  }
}

/** A SET update of the named attributes, for a transaction item or a single write. */
export function setExpression(set: Record<string, unknown>): { UpdateExpression: string; ExpressionAttributeNames: Record<string, string>; ExpressionAttributeValues: Record<string, unknown> } {
  const names = Object.keys(set);
  return {
    UpdateExpression: `SET ${names.map((name) => `#${name} = :${name}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(names.map((name) => [`#${name}`, name])),
    ExpressionAttributeValues: Object.fromEntries(names.map((name) => [`:${name}`, set[name]])),
  };
}

/** A migration's scan reads this many segments of the table at once: the table once, in a quarter of the time. */
const scanSegments = 4;

/**
 * For a deploy job's migration, where no key leads to everything it changes: scans the whole table for the items
 * `filter` selects, segments side by side, and hands each to `change`. Answers how many `change` said it changed.
 */
export async function changeEachScanned(
  filter: { FilterExpression: string; ExpressionAttributeValues: Record<string, unknown> },
  change: (item: Record<string, unknown>) => Promise<boolean>,
): Promise<number> {
  const counts = await Promise.all(
    Array.from({ length: scanSegments }, async (_, segment) => {
      let changed = 0;
      let start: Record<string, unknown> | undefined;
      do {
        const page = await dynamo.send(new ScanCommand({ TableName: tableName(), Segment: segment, TotalSegments: scanSegments, ...filter, ExclusiveStartKey: start }));
        for (const item of page.Items ?? []) if (await change(item)) changed += 1;
        start = page.LastEvaluatedKey;
      } while (start);
      return changed;
    }),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}
