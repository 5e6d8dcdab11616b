import { randomBytes } from 'node:crypto';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { calendarDay } from '@shared/dates';
import { languageSchema } from '@shared/languages';
import { reportTypeSchema, type GenerateReport, type Report } from '@shared/reports';
import { reportStatuses } from '@shared/statuses';
import { auditPut, type Actor } from '../platform/audit';
import { dynamo } from '../platform/aws/dynamo';
import { s3 } from '../platform/aws/s3';
import { sqs } from '../platform/aws/sqs';
import { reportsBucket, reportsQueueUrl } from '../platform/env';
import { type FileOutcome, finishBackgroundFile, runningFileKeys } from '../exports';
import { entities, keys, reportObjectKey } from '../platform/keys';
import { conditionFailed, getItem, tableName, transact, type TransactItem } from '../platform/table';
import { shownReportStatus } from './report-status';

/**
 * A company's reports (docs/access-patterns.md, reports rows): one item each in the company's partition, keyed by its
 * id, which starts with its created time, so a period of them is one sort key range. Kept until deleted (no TTL).
 */
export const reportRecord = /* @__PURE__ */ z.object({
  companyId: z.string(),
  reportId: z.string(),
  type: z.string(),
  dateFrom: z.string(),
  dateTo: z.string(),
  lang: z.string(),
  status: z.enum(reportStatuses),
  requestedBy: z.string(),
  requestedByEmail: z.string(),
  created: z.string(),
  rows: z._default(z.nullable(z.int().check(z.nonnegative())), null),
});
export type ReportRecord = z.infer<typeof reportRecord>;

/**
 * What the worker needs of a report: stricter than what the list shows, so an item no route could have written (a
 * day that does not exist, an unknown type) fails its generation instead of producing a wrong file.
 */
const day = calendarDay(z.string());
export const buildableReport = /* @__PURE__ */ z.extend(reportRecord, { type: reportTypeSchema, dateFrom: day, dateTo: day, lang: languageSchema }).check(z.refine((report) => report.dateFrom <= report.dateTo, { error: 'DATE_RANGE_REVERSED' }));
export type BuildableReport = z.infer<typeof buildableReport>;

export const reportMessageSchema = /* @__PURE__ */ z.object({ companyId: z.string(), reportId: z.string() });

/**
 * The list's row. The stored type is read loosely (an item written around the route, which the worker fails, must not
 * break the company's list); only the routes write items, so every real one is a known type.
 */
export function reportRow(record: ReportRecord, now = new Date()): Report {
  return {
    id: record.reportId,
    type: z.catch(reportTypeSchema, 'transactions').parse(record.type),
    dateFrom: record.dateFrom,
    dateTo: record.dateTo,
    created: record.created,
    status: shownReportStatus(record.status, record.created, now),
  };
}

/** `<13-digit epoch ms>-<8 hex>` (shared/reports.ts reportIdSchema): ids sort as the reports were asked for. */
export function newReportId(now: Date): string {
  return `${String(now.getTime()).padStart(13, '0')}-${randomBytes(4).toString('hex')}`;
}

/** What the company's audit log says of a report: its type and period (its id hidden). */
function reportFields(record: Pick<ReportRecord, 'reportId' | 'type' | 'dateFrom' | 'dateTo'>) {
  return { reportId: record.reportId, reportType: record.type, dateFrom: record.dateFrom, dateTo: record.dateTo };
}

/**
 * Writes the report, generating, with the request's audit record, and queues its generation; when it cannot be
 * queued the report goes again (the request fails whole), while its record stays: it was asked for.
 */
export async function requestReport(companyId: string, requester: { userId: string; email: string }, request: GenerateReport, actor: Actor): Promise<ReportRecord> {
  const now = new Date();
  const record: ReportRecord = {
    companyId,
    reportId: newReportId(now),
    type: request.type,
    dateFrom: request.dateFrom,
    dateTo: request.dateTo,
    lang: request.lang,
    status: 'generating',
    requestedBy: requester.userId,
    requestedByEmail: requester.email,
    created: now.toISOString(),
    rows: null,
  };
  const key = keys.report(companyId, record.reportId);
  await transact([
    { Put: { TableName: tableName(), Item: { ...key, entity: entities.report, ...record, ...runningFileKeys('reports', companyId, record.reportId, now) }, ConditionExpression: 'attribute_not_exists(pk)' } },
    auditPut({ companyId, actor, action: 'report.request', target: { type: 'company', id: companyId }, before: {}, after: reportFields(record), at: record.created }),
  ]);
  try {
    await sqs.send(new SendMessageCommand({ QueueUrl: reportsQueueUrl(), MessageBody: JSON.stringify({ companyId, reportId: record.reportId }) }));
  } catch (error) {
    // Not queued, no worker would ever build it: the list would show it generating for good. The request fails whole.
    await dynamo.send(new DeleteCommand({ TableName: tableName(), Key: key })).catch(() => undefined);
    throw error;
  }
  return record;
}

export async function readReport(companyId: string, reportId: string): Promise<ReportRecord | null> {
  const item = await getItem(keys.report(companyId, reportId));
  return item ? reportRecord.parse(item) : null;
}

/** The sort key range of the reports created at or after `fromMs`: every id is `<13 digits>-…`, and `~` sorts after digits. */
function createdRange(companyId: string, fromMs: number) {
  const { pk, skPrefix } = keys.reports(companyId);
  return { KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to', ExpressionAttributeValues: { ':pk': pk, ':from': `${skPrefix}${String(fromMs).padStart(13, '0')}`, ':to': `${skPrefix}~` } };
}

/** How many reports were created since `fromMs` (a COUNT query: it reads the range's keys, not the rows into memory). */
export async function countReports(companyId: string, fromMs: number): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(new QueryCommand({ TableName: tableName(), ...createdRange(companyId, fromMs), Select: 'COUNT', ExclusiveStartKey: start }));
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

/** The `skip`+1st to `skip`+`limit`th newest reports created since `fromMs`: the range read backwards, up to the page's end. */
export async function newestReports(companyId: string, fromMs: number, skip: number, limit: number): Promise<ReportRecord[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(
      new QueryCommand({ TableName: tableName(), ...createdRange(companyId, fromMs), ScanIndexForward: false, Limit: skip + limit - items.length, ExclusiveStartKey: start }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start && items.length < skip + limit);
  return items.slice(skip, skip + limit).map((item) => reportRecord.parse(item));
}

/** Marks a report done or failed, only while it still exists and is generating (finishBackgroundFile). */
export function finishReport(companyId: string, reportId: string, outcome: FileOutcome, told: readonly TransactItem[] = []): Promise<boolean> {
  return finishBackgroundFile(keys.report(companyId, reportId), outcome, told);
}

/**
 * Deletes a report of the company, item (with the deletion's audit record) and file; answers whether there was one.
 * One deleted meanwhile by another request is that request's to record.
 */
export async function deleteReport(companyId: string, reportId: string, actor: Actor): Promise<boolean> {
  const report = await readReport(companyId, reportId);
  if (!report) return false;
  try {
    await transact([
      { Delete: { TableName: tableName(), Key: keys.report(companyId, reportId), ConditionExpression: 'attribute_exists(pk)' } },
      auditPut({ companyId, actor, action: 'report.delete', target: { type: 'company', id: companyId }, before: reportFields(report), after: {}, at: new Date().toISOString() }),
    ]);
  } catch (error) {
    if (conditionFailed(error, 0)) return false;
    throw error;
  }
  await deleteReportObject(companyId, reportId);
  return true;
}

/** S3 answers a missing key's delete as done, so this is safe for a report that never got its file. */
export async function deleteReportObject(companyId: string, reportId: string): Promise<void> {
  await s3.send(new DeleteObjectCommand({ Bucket: reportsBucket(), Key: reportObjectKey(companyId, reportId) }));
}
