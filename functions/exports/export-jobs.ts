import { randomUUID } from 'node:crypto';
import { AbortMultipartUploadCommand, CompleteMultipartUploadCommand, CreateMultipartUploadCommand, GetObjectCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import * as z from 'zod/mini';
import { exportMaxWaitSeconds, type BackgroundFileAnswer, type ExportFile } from '@shared/exports';
import { languageSchema, type Language } from '@shared/languages';
import { reportStatuses } from '@shared/statuses';
import { auditPut, type Actor } from '../platform/audit';
import { dynamo } from '../platform/aws/dynamo';
import { endOverdueWork, runningKeys } from '../platform/running-work';
import { s3 } from '../platform/aws/s3';
import { sqs } from '../platform/aws/sqs';
import { exportsQueueUrl, reportsBucket } from '../platform/env';
import { DomainError, notFound } from '../platform/errors';
import { entities, exportFileDays, exportObjectKey, keys } from '../platform/keys';
import { conditionFailed, getItem, tableName, transact, type TransactItem } from '../platform/table';
import { downloadSeconds, encodeHeaderValue } from '../platform/uploads';

/**
 * Background files (SPEC section 4 "Background export", DESIGN section 8): the API writes a job item and a message on
 * the exports queue and answers the file id with an estimate; a worker streams the rows to the reports bucket and
 * marks the job available (or, after its retries, generation_failed). A job is its company's: every key names it.
 */

/** What the worker writes a second, for the estimate the countdown shows (measured locally, rounded down). */
const rowsPerSecond = 5_000;
/** Queueing, the worker's start and the upload's completion. */
const baseSeconds = 3;
/** Files are kept as long as the bucket's rule keeps them; the table's TTL removes the job then. */
const keptSeconds = exportFileDays * 24 * 3600;
/** S3's smallest part (but the last). */
const partBytes = 5 * 1024 * 1024;

export const exportKinds = ['transactions', 'activity'] as const;

export const exportJobRecord = /* @__PURE__ */ z.object({
  companyId: z.string(),
  fileId: z.string(),
  kind: z.enum(exportKinds),
  status: z.enum(reportStatuses),
  /** The request's filters, as its route parsed them; the worker parses them again with the same schema. */
  filters: z.record(z.string(), z.unknown()),
  lang: languageSchema,
  fileName: z.string(),
  /** The requester: told by e-mail when the file is ready later than `mailAfter` (at once when not waited for). */
  emailTo: z.string(),
  mailAfter: z.string(),
  requestedBy: z.string(),
  createdAt: z.string(),
  rows: z._default(z.nullable(z.int().check(z.nonnegative())), null),
  expiresAt: z.int(),
});
export type ExportJobRecord = z.infer<typeof exportJobRecord>;

export const exportMessageSchema = /* @__PURE__ */ z.object({ companyId: z.string(), fileId: z.string() });

export interface ExportRequest {
  companyId: string;
  kind: ExportJobRecord['kind'];
  filters: Record<string, unknown>;
  lang: Language;
  fileName: string;
  estimatedRows: number;
  /** The requester; an API key's e-mail is '' (it is never mailed). */
  requestedBy: { userId: string; email: string };
  /** Who the company's audit log names for the request. */
  actor: Actor;
}

export function estimatedSeconds(rows: number): number {
  return baseSeconds + Math.ceil(rows / rowsPerSecond);
}

/**
 * Writes the job with the request's audit record and queues it: the file id and its estimate, or the address the file
 * will be e-mailed to.
 */
export async function startExport(request: ExportRequest): Promise<BackgroundFileAnswer> {
  const fileId = randomUUID();
  const seconds = estimatedSeconds(request.estimatedRows);
  // A file that takes long is e-mailed to a person; an API key has no address, and polls the file's availability.
  const emailed = seconds > exportMaxWaitSeconds && request.requestedBy.email !== '';
  const now = new Date();
  const job: ExportJobRecord = {
    companyId: request.companyId,
    fileId,
    kind: request.kind,
    status: 'generating',
    filters: request.filters,
    lang: request.lang,
    fileName: request.fileName,
    emailTo: request.requestedBy.email,
    // The modal waits out the countdown; a file that is ready only after it is e-mailed, as the modal then says.
    mailAfter: emailed ? now.toISOString() : new Date(now.getTime() + seconds * 1000).toISOString(),
    requestedBy: request.requestedBy.userId,
    createdAt: now.toISOString(),
    rows: null,
    expiresAt: Math.floor(now.getTime() / 1000) + keptSeconds,
  };
  const item = { ...keys.exportJob(request.companyId, fileId), entity: entities.exportJob, ...job, ...runningFileKeys('exports', request.companyId, fileId, now) };
  await transact([
    { Put: { TableName: tableName(), Item: item } },
    auditPut({ companyId: request.companyId, actor: request.actor, action: 'export.request', target: { type: 'company', id: request.companyId }, before: {}, after: { fileId, fileName: request.fileName }, at: job.createdAt }),
  ]);
  await sqs.send(new SendMessageCommand({ QueueUrl: exportsQueueUrl(), MessageBody: JSON.stringify({ companyId: request.companyId, fileId }) }));
  return emailed ? { descriptionValues: { email: request.requestedBy.email } } : { timeRemaining: seconds, fileId };
}

/** The caller's company's job, or 404 for any other (an id of another company is as unknown as a made-up one). */
export async function readExportJob(companyId: string, fileId: string): Promise<ExportJobRecord> {
  const item = await getItem(keys.exportJob(companyId, fileId));
  if (!item) throw notFound('EXPORT_NOT_FOUND');
  return exportJobRecord.parse(item);
}

/** A short-lived presigned GET of a finished file, named for the browser's save dialog. */
export async function exportFileLink(companyId: string, fileId: string): Promise<ExportFile> {
  const job = await readExportJob(companyId, fileId);
  if (job.status !== 'active') throw new DomainError(409, 'EXPORT_NOT_READY');
  return csvFileLink(exportObjectKey(companyId, fileId), job.fileName);
}

/** A short-lived presigned GET of a CSV in the reports bucket (an export's or a report's), named for the save dialog. */
export async function csvFileLink(key: string, fileName: string): Promise<ExportFile> {
  const url = await getSignedUrl(
    s3,
    new GetObjectCommand({
      Bucket: reportsBucket(),
      Key: key,
      ResponseContentType: 'text/csv; charset=utf-8',
      ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeHeaderValue(fileName)}`,
    }),
    { expiresIn: downloadSeconds },
  );
  return { url, fileName };
}

/**
 * A background file's place among the running ones (keys.runningBackgroundFile), written with its item: due when every
 * receipt of its queue could have been worked (workDeadlineSeconds), after which the deadline job fails it.
 */
export function runningFileKeys(queue: 'exports' | 'reports', companyId: string, id: string, now: Date): { gsi2pk: string; gsi2sk: string } {
  return runningKeys(keys.runningBackgroundFile, queue, companyId, id, now);
}

/**
 * Fails every export and report still generating past its deadline (the running files of gsi2, due first), each
 * under finishBackgroundFile's condition, so a worker that finishes it meanwhile keeps it available, and each on its
 * own (one that cannot be ended does not stop the others). Answers how many it failed and how many it could not end.
 */
export function failOverdueBackgroundFiles(now: Date): Promise<{ failed: number; notEnded: number }> {
  return endOverdueWork(keys.runningBackgroundFile, now, { projection: 'pk, sk', parse: (item) => itemKeySchema.parse(item), work: 'overdue export or report' }, (key) => finishBackgroundFile(key, { status: 'generation_failed' }));
}

const itemKeySchema = /* @__PURE__ */ z.object({ pk: z.string(), sk: z.string() });

/** How a background file's generation ended: available with its row count, or failed after its retries. */
export type FileOutcome = { status: 'active'; rows: number } | { status: 'generation_failed' };

/**
 * Marks a background file's item (an export job, a report) done or failed, only while it still exists and is
 * generating: one deleted meanwhile stays deleted, and a late retry cannot undo a finished file. Answers whether it
 * changed.
 */
export async function finishBackgroundFile(key: { pk: string; sk: string }, outcome: FileOutcome, told: readonly TransactItem[] = []): Promise<boolean> {
  const finish = {
    TableName: tableName(),
    Key: key,
    // Finished either way: it leaves the deadline job's index of running files.
    UpdateExpression: 'SET #status = :status, #rows = :rows, finishedAt = :now REMOVE gsi2pk, gsi2sk',
    ConditionExpression: 'attribute_exists(pk) AND #status = :generating',
    ExpressionAttributeNames: { '#status': 'status', '#rows': 'rows' },
    ExpressionAttributeValues: { ':status': outcome.status, ':rows': outcome.status === 'active' ? outcome.rows : null, ':now': new Date().toISOString(), ':generating': 'generating' },
  };
  try {
    // What the finish tells (its e-mail, its webhook event: outbox items) commits with it, so it is told once.
    if (told.length > 0) await transact([{ Update: finish }, ...told]);
    else await dynamo.send(new UpdateCommand(finish));
    return true;
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
}

/** Marks a job done or failed (finishBackgroundFile). */
export function finishExport(companyId: string, fileId: string, outcome: FileOutcome, told: readonly TransactItem[] = []): Promise<boolean> {
  return finishBackgroundFile(keys.exportJob(companyId, fileId), outcome, told);
}

/**
 * Streams text chunks to one object of the reports bucket as a multipart upload: memory holds one part (5 MB)
 * whatever the file's size. A failure aborts the upload, so no half file is left to be charged for.
 */
export async function uploadTextStream(key: string, chunks: AsyncIterable<string>, signal?: AbortSignal): Promise<void> {
  const Bucket = reportsBucket();
  const created = await s3.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: 'text/csv; charset=utf-8' }));
  const UploadId = created.UploadId;
  if (!UploadId) throw new Error('S3 gave no upload id');
  const parts: { ETag: string; PartNumber: number }[] = [];
  let buffered: Buffer[] = [];
  let size = 0;
  const flush = async () => {
    const PartNumber = parts.length + 1;
    const answer = await s3.send(new UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber, Body: Buffer.concat(buffered) }));
    if (!answer.ETag) throw new Error('S3 gave no ETag for a part');
    parts.push({ ETag: answer.ETag, PartNumber });
    buffered = [];
    size = 0;
  };
  try {
    for await (const chunk of chunks) {
      // The worker's time is up: the upload is aborted below, and the redelivery writes the whole file again.
      signal?.throwIfAborted();
      const bytes = Buffer.from(chunk, 'utf8');
      buffered.push(bytes);
      size += bytes.length;
      if (size >= partBytes) await flush();
    }
    if (size > 0 || parts.length === 0) await flush();
    await s3.send(new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }));
  } catch (error) {
    await s3.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId })).catch(() => undefined);
    throw error;
  }
}
