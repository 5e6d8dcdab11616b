import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { activityRoles, activityTypeOf, employeeIdOfRecord, type ActivityAnswer, type ActivityFilters, type ActivityRow, type AuditValues } from '@shared/activity';
import { actorNameShownToCompany } from '@shared/activity-types';
import { statusChangers } from '@shared/statuses';
import { dynamo } from '../platform/aws/dynamo';
import { validationFailed } from '../platform/errors';
import { keys } from '../platform/keys';
import { batchGetItems, itemId, tableName } from '../platform/table';
import { employeeRecord } from '../employees';
import { attributesOf, cursorOf, newestOf, planActivity, sortKeyOfCursor, type ActivityPlan, type ActivitySource } from './activity-plan';

/**
 * A page of one employee's history narrowed by who or what reads at most this many of their records: the filter
 * DynamoDB applies reads what it drops. An employee's history holds their card, app, data and funding changes and
 * monthly fees (card payments are the company's), so this is years of it; past the bound the page answers what it found and
 * where it stopped, and the next page goes on from there.
 */
export const employeeFilterReadBound = 1_000;

const storedRecord = /* @__PURE__ */ z.object({
  sk: z.string(),
  auditId: z.string(),
  at: z.string(),
  action: z.string(),
  actor: z.object({ kind: z.enum(statusChangers), name: z.optional(z.nullable(z.string())), role: z.optional(z.nullable(z.string())) }),
  target: z.object({ type: z.string(), id: z.string() }),
  before: z._default(z.record(z.string(), z.unknown()), {}),
  after: z._default(z.record(z.string(), z.unknown()), {}),
});
type StoredRecord = z.infer<typeof storedRecord>;

export interface ActivityPage extends ActivityAnswer {
  /** Items DynamoDB read for the page (index items, filtered out or not, and the employees named): the bench's figure. */
  itemsRead: number;
}

interface SourceRead {
  items: StoredRecord[];
  read: number;
  /** The sort key the read stopped at when it stopped at its bound, with more to read. */
  stoppedAt: string | null;
}

/**
 * One page of a company's activity, newest first, after `cursor` (the last row of the page before). Its read cost is
 * the page's: at most `itemsPerPage + 2` records from each source (one per partition the filters name: 60 by default), or
 * `employeeFilterReadBound` for an employee narrowed by who or what, plus one batch read of the page's employees.
 */
export async function readActivityPage(request: { companyId: string; filters: ActivityFilters; cursor?: string | undefined; itemsPerPage: number; now?: Date }): Promise<ActivityPage> {
  const cursorSortKey = request.cursor === undefined ? null : sortKeyOfCursor(request.cursor);
  if (request.cursor !== undefined && cursorSortKey === null) throw validationFailed({ cursor: 'INVALID_VALUE' });
  const plan = planActivity(request.companyId, request.filters, cursorSortKey, request.now ?? new Date());
  const wanted = request.itemsPerPage + 1;
  if (plan.to < plan.from) return { rows: [], nextCursor: null, itemsRead: 0 };

  const reads = plan.onlyIn
    ? [await readBounded(plan, plan.sources[0] as ActivitySource, wanted)]
    : await Promise.all(plan.sources.map((source) => readNewest(plan, source, wanted + (plan.after ? 1 : 0))));
  const found = newestOf(
    reads.map((read) => read.items),
    (item) => item.sk,
    wanted,
    plan.after,
  );
  const stoppedAt = reads[0]?.stoppedAt ?? null;
  const page = found.slice(0, request.itemsPerPage);
  const more = found.length > request.itemsPerPage;
  const last = page.at(-1);
  const named = await employeesNamed(request.companyId, page);
  return {
    rows: page.map((item) => rowOf(item, named.names)),
    nextCursor: more && last ? cursorOf(last.sk) : stoppedAt ? cursorOf(stoppedAt) : null,
    ...(!more && stoppedAt ? { searchedUntil: stoppedAt.split('#')[0] ?? stoppedAt } : {}),
    itemsRead: reads.reduce((sum, read) => sum + read.read, 0) + named.read,
  };
}

/** The Query of one source's range, newest first; for an employee narrowed by who or what, with that filter. */
function queryOf(plan: ActivityPlan, source: ActivitySource) {
  const { partition, sort } = attributesOf(source.index);
  const onlyIn = Object.fromEntries((plan.onlyIn ?? []).map((gsi2pk, index) => [`:in${index}`, gsi2pk]));
  return {
    TableName: tableName(),
    ...(source.index === 'table' ? {} : { IndexName: source.index }),
    KeyConditionExpression: '#partition = :partition AND #sort BETWEEN :from AND :to',
    ...(plan.onlyIn ? { FilterExpression: `gsi2pk IN (${Object.keys(onlyIn).join(', ')})` } : {}),
    ExpressionAttributeNames: { '#partition': partition, '#sort': sort },
    ExpressionAttributeValues: { ':partition': source.partition, ':from': plan.from, ':to': plan.to, ...onlyIn },
    ScanIndexForward: false,
  };
}

/** The newest `limit` records of one partition in the range: one Query. */
async function readNewest(plan: ActivityPlan, source: ActivitySource, limit: number): Promise<SourceRead> {
  const answer = await dynamo.send(new QueryCommand({ ...queryOf(plan, source), Limit: limit }));
  const items = (answer.Items ?? []).map((item) => storedRecord.parse(item));
  return { items, read: answer.ScannedCount ?? items.length, stoppedAt: null };
}

/** An employee's history narrowed to some gsi2 partitions: read in steps until the page is full or the bound is read. */
async function readBounded(plan: ActivityPlan, source: ActivitySource, wanted: number): Promise<SourceRead> {
  const items: StoredRecord[] = [];
  let read = 0;
  let exclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const answer = await dynamo.send(new QueryCommand({ ...queryOf(plan, source), Limit: Math.min(employeeFilterReadBound - read, 200), ExclusiveStartKey: exclusiveStartKey }));
    read += answer.ScannedCount ?? 0;
    items.push(...(answer.Items ?? []).map((item) => storedRecord.parse(item)).filter((item) => item.sk !== plan.after));
    exclusiveStartKey = answer.LastEvaluatedKey;
  } while (exclusiveStartKey && items.length < wanted && read < employeeFilterReadBound);
  const stopped = exclusiveStartKey && items.length < wanted ? exclusiveStartKey.gsi1sk : undefined;
  return { items, read, stoppedAt: typeof stopped === 'string' ? stopped : null };
}

/** The names of the employees a page concerns, now (one batch read of at most a page of them). */
async function employeesNamed(companyId: string, page: readonly StoredRecord[]): Promise<{ names: Map<string, string>; read: number }> {
  const ids = [...new Set(page.flatMap((item) => employeeIdOfRecord(valuesOf(item)) ?? []))];
  if (ids.length === 0) return { names: new Map(), read: 0 };
  const found = await batchGetItems(ids.map((id) => keys.employee(companyId, id)));
  const names = new Map<string, string>();
  for (const id of ids) {
    const item = found.get(itemId(keys.employee(companyId, id)));
    if (!item) continue;
    const employee = employeeRecord.parse(item);
    names.set(id, `${employee.name} ${employee.surname}`.trim());
  }
  return { names, read: found.size };
}

function valuesOf(item: StoredRecord): { target: StoredRecord['target']; before: AuditValues; after: AuditValues } {
  return { target: item.target, before: auditValues(item.before), after: auditValues(item.after) };
}

/** Values as the record type promises them; anything else a writer left (a list) as its JSON. */
function auditValues(values: Record<string, unknown>): AuditValues {
  return Object.fromEntries(
    Object.entries(values).map(([field, value]) => [field, value === null || value === undefined ? null : typeof value === 'number' || typeof value === 'string' ? value : JSON.stringify(value)]),
  );
}

const knownRoles: readonly string[] = activityRoles;

function rowOf(item: StoredRecord, names: ReadonlyMap<string, string>): ActivityRow {
  const values = valuesOf(item);
  const employeeId = employeeIdOfRecord(values);
  const role = item.actor.role ?? null;
  return {
    id: item.auditId,
    at: item.at,
    action: item.action,
    type: activityTypeOf(item.action),
    actor: { kind: item.actor.kind, name: actorNameShownToCompany({ kind: item.actor.kind, name: item.actor.name ?? null }), role: role !== null && knownRoles.includes(role) ? (role as ActivityRow['actor']['role']) : null },
    employee: employeeId ? { employeeId, name: names.get(employeeId) ?? null } : null,
    before: values.before,
    after: values.after,
  };
}

/**
 * How many records a file of the filters will hold, for the download's estimate, counting at most `bound` (DynamoDB
 * counts what it reads: a count is never free). Past the bound the estimate is the bound's, and a file that takes
 * longer than its countdown is e-mailed, as every late file is.
 */
export async function countActivity(companyId: string, filters: ActivityFilters, bound: number): Promise<number> {
  const plan = planActivity(companyId, filters, null, new Date());
  // One source after the other, sharing the bound: the default's 60 partitions count at most `bound` keys in all.
  let counted = 0;
  for (const source of plan.sources) {
    let exclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const answer = await dynamo.send(new QueryCommand({ ...queryOf(plan, source), Select: 'COUNT', Limit: bound - counted, ExclusiveStartKey: exclusiveStartKey }));
      counted += answer.ScannedCount ?? 0;
      exclusiveStartKey = answer.LastEvaluatedKey;
    } while (exclusiveStartKey && counted < bound);
    if (counted >= bound) break;
  }
  return Math.min(bound, counted);
}

/** Export pages are this big: a DynamoDB answer of records, and one batch read of names per 100 records. */
const exportPageSize = 100;

/**
 * Every record of the filters, newest first, a page at a time (the export worker's rows): memory holds one page. The
 * range ends where it ended when the file was asked for, so records written meanwhile do not slide into it.
 */
export async function* activityOf(companyId: string, filters: ActivityFilters, askedAt: Date): AsyncGenerator<ActivityRow> {
  // After every record of that moment ('~' sorts after any id).
  let cursor: string | undefined = cursorOf(`${askedAt.toISOString()}#~`);
  do {
    const page = await readActivityPage({ companyId, filters, cursor, itemsPerPage: exportPageSize, now: askedAt });
    yield* page.rows;
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
}
