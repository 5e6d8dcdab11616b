import { QueryCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { rigaDateOf } from '@shared/dates';
import { auditDigestObjectKey, auditDigestsOfCompany, entities, keys } from '../platform/keys';
import { dayBounds, type StoredItem } from './audit-chain';
import { digestStateSchema, type DigestState } from './audit-digest-state';

/**
 * Where a company's audit records and digests are read and written (issue 31). Given, not imported: the digest job
 * and the activity route use the platform's clients and environment, `npm run audit:verify` its own clients against the
 * local cloud or a deployment.
 */
export interface AuditDigestStore {
  /** The base client: records are hashed as DynamoDB stores them (audit-chain.ts StoredValue). */
  dynamodb: DynamoDBClient;
  documents: DynamoDBDocumentClient;
  s3: S3Client;
  tableName: string;
  bucket: string;
}

const auditPartition = (companyId: string) => keys.auditRecord(companyId, '', '').pk;

async function queryRecords(store: AuditDigestStore, companyId: string, condition: { expression: string; values: Record<string, string> }, limit?: number): Promise<StoredItem[]> {
  const items: StoredItem[] = [];
  let exclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await store.dynamodb.send(
      new QueryCommand({
        TableName: store.tableName,
        KeyConditionExpression: `pk = :pk AND ${condition.expression}`,
        ExpressionAttributeValues: Object.fromEntries([[':pk', { S: auditPartition(companyId) }], ...Object.entries(condition.values).map(([name, value]) => [name, { S: value }])]),
        // A record written just before the read must be in it: the digest is its only witness.
        ConsistentRead: true,
        ...(limit === undefined ? {} : { Limit: limit - items.length }),
        ExclusiveStartKey: exclusiveStartKey as QueryCommand['input']['ExclusiveStartKey'],
      }),
    );
    items.push(...((page.Items ?? []) as StoredItem[]));
    exclusiveStartKey = page.LastEvaluatedKey;
  } while (exclusiveStartKey && (limit === undefined || items.length < limit));
  return items;
}

/** A Riga day's records of the company, by sort key (docs/access-patterns.md row 59). */
export function readDayRecords(store: AuditDigestStore, companyId: string, day: string): Promise<StoredItem[]> {
  const { from, to } = dayBounds(day);
  return queryRecords(store, companyId, { expression: 'sk BETWEEN :from AND :to', values: { ':from': from, ':to': to } });
}

/** At most `limit` records older than a day: the ones before a chain's start, of which there should be none. */
export function readRecordsBefore(store: AuditDigestStore, companyId: string, day: string, limit: number): Promise<StoredItem[]> {
  return queryRecords(store, companyId, { expression: 'sk < :from', values: { ':from': dayBounds(day).from } }, limit);
}

/** The Riga day of the company's oldest record: where its chain starts. */
export async function firstRecordDay(store: AuditDigestStore, companyId: string): Promise<string | null> {
  const [first] = await queryRecords(store, companyId, { expression: 'sk >= :start', values: { ':start': '0' } }, 1);
  const at = first?.sk?.S?.split('#')[0];
  return at ? rigaDateOf(new Date(at)) : null;
}

const notFound = (error: unknown) => error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound');

/** A day's digest as stored (its exact text, which its hash is taken over), or null when there is none. */
export async function readDigest(store: AuditDigestStore, companyId: string, day: string): Promise<string | null> {
  try {
    const answer = await store.s3.send(new GetObjectCommand({ Bucket: store.bucket, Key: auditDigestObjectKey(companyId, day) }));
    return (await answer.Body?.transformToString('utf-8')) ?? '';
  } catch (error) {
    if (notFound(error)) return null;
    throw error;
  }
}

/**
 * Writes a day's digest unless one is there. S3 refuses the write when the key exists (`If-None-Match: *`), so two runs
 * at once write it once; in the cloud Object Lock would keep the first version anyway, but a second would become the
 * current one. s3rver ignores the condition, so the caller reads first (readDigest) and this only closes the race.
 */
export async function putDigest(store: AuditDigestStore, companyId: string, day: string, body: string): Promise<'written' | 'exists'> {
  try {
    await store.s3.send(
      new PutObjectCommand({
        Bucket: store.bucket,
        Key: auditDigestObjectKey(companyId, day),
        Body: body,
        ContentType: 'application/json',
        IfNoneMatch: '*',
        // Object Lock takes a write only with a checksum of its body.
        ChecksumAlgorithm: 'SHA256',
      }),
    );
    return 'written';
  } catch (error) {
    if (error instanceof Error && (error.name === 'PreconditionFailed' || error.name === 'ConditionalRequestConflict')) return 'exists';
    throw error;
  }
}

/**
 * The day of the company's first digest: its first year, then that year's first day. Neither listing is ever cut short
 * (a company has digests of at most a few dozen years, a year at most 366), which s3rver could not continue: its
 * continuation token is DES-encrypted, which Node 22's OpenSSL no longer offers.
 */
export async function firstDigestDay(store: AuditDigestStore, companyId: string): Promise<string | null> {
  const company = auditDigestsOfCompany(companyId);
  const years = await store.s3.send(new ListObjectsV2Command({ Bucket: store.bucket, Prefix: company, Delimiter: '/' }));
  const [firstYear] = (years.CommonPrefixes ?? []).flatMap((prefix) => prefix.Prefix ?? []).sort();
  if (!firstYear) return null;
  const days = await store.s3.send(new ListObjectsV2Command({ Bucket: store.bucket, Prefix: firstYear }));
  // s3rver lists in the order its files lie on disk: sorted here.
  const [first] = (days.Contents ?? []).flatMap((object) => /(\d{4}-\d{2}-\d{2})\.json$/.exec(object.Key ?? '')?.[1] ?? []).sort();
  return first ?? null;
}

export async function readDigestState(store: AuditDigestStore, companyId: string): Promise<DigestState | null> {
  const answer = await store.documents.send(new GetCommand({ TableName: store.tableName, Key: keys.auditDigestState(companyId), ConsistentRead: true }));
  return answer.Item ? digestStateSchema.parse(answer.Item) : null;
}

/**
 * Only the digest job writes it, one run per company at a time (the schedule's). An update rather than a put, so the
 * job's grant needs no PutItem or DeleteItem on a table that holds the records it vouches for.
 */
export async function writeDigestState(store: AuditDigestStore, companyId: string, state: DigestState): Promise<void> {
  const fields = { entity: entities.auditDigestState, companyId, ...state };
  const set = Object.entries(fields).filter(([, value]) => value !== undefined);
  const removed = (['lastDay', 'lastSha256', 'sweep', 'check'] as const).filter((field) => state[field] === undefined);
  await store.documents.send(
    new UpdateCommand({
      TableName: store.tableName,
      Key: keys.auditDigestState(companyId),
      UpdateExpression: `SET ${set.map(([name]) => `#${name} = :${name}`).join(', ')}${removed.length > 0 ? ` REMOVE ${removed.map((name) => `#${name}`).join(', ')}` : ''}`,
      ExpressionAttributeNames: Object.fromEntries([...set.map(([name]) => name), ...removed].map((name) => [`#${name}`, name])),
      // Through JSON: the nested values are plain data, and a field they leave undefined is dropped, which the document
      // client would refuse.
      ExpressionAttributeValues: Object.fromEntries(set.map(([name, value]) => [`:${name}`, JSON.parse(JSON.stringify(value)) as unknown])),
    }),
  );
}
