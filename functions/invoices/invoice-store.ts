import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { rigaDateOf } from '@shared/dates';
import { invoiceNumberOf } from '@shared/invoices';
import { dynamo } from '../platform/aws/dynamo';
import { entities, keys } from '../platform/keys';
import { conditionFailed, conflictPause, getItem, queryAll, queryGsi1Below, tableName, transact, transactionConflicted, type TransactItem } from '../platform/table';
import { invoiceRecord, type InvoiceRecord } from './invoice-records';

/** A document as the table holds it: its company's item, placed in the provider's list by number (gsi1). */
export function invoiceItem(record: InvoiceRecord): Record<string, unknown> {
  const { fileStoredAt, ...issued } = record;
  return {
    ...keys.invoice(record.companyId, record.number),
    ...keys.invoiceOfProvider(record.number, record.companyId),
    entity: entities.invoice,
    ...issued,
    ...(fileStoredAt ? { fileStoredAt } : {}),
  };
}

export async function readInvoice(companyId: string, number: string): Promise<InvoiceRecord | null> {
  const item = await getItem(keys.invoice(companyId, number), { consistent: true });
  return item ? invoiceRecord.parse(item) : null;
}

const monthClaimSchema = /* @__PURE__ */ z.object({ number: z.string() });

/** The company's invoice of a month, when it was issued. */
export async function readMonthInvoice(companyId: string, month: string): Promise<InvoiceRecord | null> {
  const claim = await getItem(keys.invoiceMonth(companyId, month), { consistent: true });
  return claim ? readInvoice(companyId, monthClaimSchema.parse(claim).number) : null;
}

/** The month's claim: written only if absent, in the transaction that numbers the month's invoice. */
export function monthClaimPut(companyId: string, month: string, number: string): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.invoiceMonth(companyId, month), entity: entities.invoiceMonth, companyId, month, number },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

const providerEntrySchema = /* @__PURE__ */ z.object({ companyId: z.string(), number: z.string() });

/** A document of any company, by its number (the provider's list, gsi1); null when no company has it. */
export async function findInvoice(number: string): Promise<InvoiceRecord | null> {
  const { gsi1pk } = keys.invoiceOfProvider(number, '');
  const entries = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :number)',
    ExpressionAttributeValues: { ':pk': gsi1pk, ':number': `${number}#` },
    ProjectionExpression: 'companyId, #number',
    ExpressionAttributeNames: { '#number': 'number' },
  });
  const entry = entries.map((item) => providerEntrySchema.parse(item))[0];
  // The index is eventually consistent: the item itself is read consistently.
  return entry ? readInvoice(entry.companyId, entry.number) : null;
}

/** Every company's documents below `before` (a number), newest first, a page of `limit`; and where the next page starts. */
export async function providerInvoices(before: string | undefined, limit: number): Promise<{ records: InvoiceRecord[]; nextBefore: string | null }> {
  const items = await queryGsi1Below(keys.invoiceOfProvider('', '').gsi1pk, before ? `${before}#` : null, limit + 1);
  const records = items.map((item) => invoiceRecord.parse(item));
  const shown = records.slice(0, limit);
  return { records: shown, nextBefore: records.length > limit ? (shown.at(-1)?.number ?? null) : null };
}

function companyRange(companyId: string) {
  const { pk, skPrefix } = keys.invoices(companyId);
  return { KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix } };
}

/** How many documents the company has (a COUNT query: its keys, not the items, and a company has about 12 a year). */
export async function countCompanyInvoices(companyId: string): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(new QueryCommand({ TableName: tableName(), ...companyRange(companyId), Select: 'COUNT', ExclusiveStartKey: start }));
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

/** The `skip`+1st to `skip`+`limit`th newest documents of the company: its range read backwards up to the page's end. */
export async function newestCompanyInvoices(companyId: string, skip: number, limit: number): Promise<InvoiceRecord[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(new QueryCommand({ TableName: tableName(), ...companyRange(companyId), ScanIndexForward: false, Limit: skip + limit - items.length, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start && items.length < skip + limit);
  return items.slice(skip, skip + limit).map((item) => invoiceRecord.parse(item));
}

const counterSchema = /* @__PURE__ */ z.object({ lastNumber: z.int().check(z.nonnegative()) });

/** What a numbered document is made of once its number is known. */
export interface NumberedDocument {
  record: InvoiceRecord;
  /** Written in the same transaction, after the counter and the document (a claim, an audit record, an outbox item). */
  with: TransactItem[];
  /** Errors to throw for the conditions of `with`, by their index in it. */
  refusals?: Record<number, Error>;
}

/** Pauses between tries grow to this at most, so racing writers spread out and keep trying often. */
const numberPause = { firstMs: 10, longestMs: 250 } as const;

/**
 * Tries before giving up: each lost try means another document took a number. A queue worker tries many (this many
 * lost in a row means hundreds of documents issued at once; its message is then delivered again later); an API call
 * tries few, so it answers within the API's time (CONFLICT: the admin tries again).
 */
export const numberingAttempts = { worker: 200, api: 20 } as const;

/**
 * Issues a document under the next number of its year's series (the Riga year of the moment it is written): the
 * year's counter, changed only if it still holds the number read, and the document with what goes `with` it, in one
 * transaction. So a number is taken exactly when its document is written, and two writers never take one number or
 * leave one out; the one that loses reads the counter again and tries the next number, after a random pause. Its
 * `attempts` all lost, it throws `outrun` (the API's answer), or else what the last try met.
 */
export async function issueNumbered(
  build: (number: string, issuedAt: Date) => NumberedDocument,
  { attempts, outrun }: { attempts: number; outrun?: Error } = { attempts: numberingAttempts.worker },
): Promise<InvoiceRecord> {
  for (let attempt = 0; ; attempt += 1) {
    const issuedAt = new Date();
    const year = Number(rigaDateOf(issuedAt).slice(0, 4));
    const counterKey = keys.invoiceCounter(year);
    const counter = await getItem(counterKey, { consistent: true });
    const last = counter ? counterSchema.parse(counter).lastNumber : 0;
    const number = invoiceNumberOf(year, last + 1);
    const document = build(number, issuedAt);
    const items: TransactItem[] = [
      {
        Put: {
          TableName: tableName(),
          Item: { ...counterKey, entity: entities.invoiceCounter, year, lastNumber: last + 1, updatedAt: issuedAt.toISOString() },
          ...(counter ? { ConditionExpression: 'lastNumber = :read', ExpressionAttributeValues: { ':read': last } } : { ConditionExpression: 'attribute_not_exists(pk)' }),
        },
      },
      { Put: { TableName: tableName(), Item: invoiceItem(document.record), ConditionExpression: 'attribute_not_exists(pk)' } },
      ...document.with,
    ];
    const refusals = Object.fromEntries(Object.entries(document.refusals ?? {}).map(([index, error]) => [Number(index) + 2, error]));
    try {
      await transact(items, refusals);
      return document.record;
    } catch (error) {
      const lostTheNumber = conditionFailed(error, 0) || conditionFailed(error, 1) || transactionConflicted(error);
      if (!lostTheNumber) throw error;
      if (attempt + 1 >= attempts) throw outrun ?? error;
      await conflictPause(attempt, numberPause);
    }
  }
}

/**
 * Marks a document's PDF stored, with the e-mails that tell of it (an outbox item of the same transaction), once: a
 * second delivery that stored it too finds it marked and sends nothing. Answers whether this call marked it.
 */
export async function markFileStored(record: InvoiceRecord, told: readonly TransactItem[], at: string): Promise<boolean> {
  try {
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: keys.invoice(record.companyId, record.number),
          UpdateExpression: 'SET fileStoredAt = :at',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(fileStoredAt)',
          ExpressionAttributeValues: { ':at': at },
        },
      },
      ...told,
    ]);
    return true;
  } catch (error) {
    if (conditionFailed(error, 0)) return false;
    throw error;
  }
}
