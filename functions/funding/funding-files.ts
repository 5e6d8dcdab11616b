import { createHash, randomUUID } from 'node:crypto';
import type { WebhookEventData } from '@shared/webhook-events';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { fundingNeedsApproval, type ApprovalRules } from '@shared/approvals';
import { fundingRequestItems, readApprovalRules, unapprovedFundingItem } from '../approvals';
import {
  fundingBackgroundRows,
  fundingFileStatuses,
  listedRowsLimit,
  rowFailureSchema,
  rowProblemSchema,
  type FundingFile,
  type RowFailure,
  type RowFailureCode,
} from '@shared/funding';
import type { MovementSourceFields } from '@shared/activity-links';
import { endOverdueWork, runningKeys as runningKeysOf, runningValues } from '../platform/running-work';
import { workNotEndedCleanlyMetric } from '../platform/metrics';
import { actorSchema, auditPut, type Actor } from '../platform/audit';
import { dynamo } from '../platform/aws/dynamo';
import { s3 } from '../platform/aws/s3';
import { sqs } from '../platform/aws/sqs';
import { logger } from '../platform/logger';
import { putCountMetric } from '../platform/metrics';
import { webhookEventPut } from '../webhooks';
import { readableError } from '../platform/readable-error';
import { documentsBucket, fundingQueueUrl } from '../platform/env';
import { DomainError, notFound } from '../platform/errors';
import { entities, fundingFileObjectKey, keys } from '../platform/keys';
import { conditionFailed, getItem, queryAll, tableName, transactThroughConflicts, type TransactItem } from '../platform/table';
import { checkFundingFile, type CheckedFile, type FundableEmployee, type FundedRow } from './funding-rows';
import { listFundableEmployees, readAvailableCents, transferItems } from './funding-store';
import { alertOnLowBalance, mainAccountHold, mainAccountRelease, readAccount } from '../money';

/**
 * Credits per transaction. Each row takes its credit, its exactly-once row item, its ledger leg and its employee's
 * audit record (issue 31: the payment is in her history); with the debit, the main account's leg and the file's
 * progress that is 4n + 3 items, within DynamoDB's 100.
 */
export const rowsPerChunk = 24;
const conflictRetries = 8;

const fundingFileRecord = /* @__PURE__ */ z.object({
  companyId: z.string(),
  fileId: z.string(),
  fileName: z.string(),
  sha256: z.string(),
  status: z.enum(fundingFileStatuses),
  rowCount: z.int(),
  fundedRowCount: z.int(),
  totalCents: z.int(),
  availableCents: z.int(),
  problems: z.array(rowProblemSchema),
  problemCount: z.int(),
  doneRows: z._default(z.int(), 0),
  appliedCount: z._default(z.int(), 0),
  appliedCents: z._default(z.int(), 0),
  failedCount: z._default(z.int(), 0),
  failures: z._default(z.array(rowFailureSchema), []),
  appliedBy: z._default(z.nullable(actorSchema), null),
  /**
   * A scheduled run's file is paid from money set aside before its first row moves (mainAccountHold), never from the
   * available amount. Its own hold is `holdLeftCents`: every chunk pays from it under the condition that it covers the
   * chunk, so no run spends another's, and its end gives back what is left. Across the file's life, `heldCents` (every
   * hold: the start's and each retry's) = `appliedCents` + `releasedCents` + `holdLeftCents`.
   */
  holdsFunds: z._default(z.boolean(), false),
  heldCents: z._default(z.int(), 0),
  holdLeftCents: z._default(z.int(), 0),
  releasedCents: z._default(z.int(), 0),
  /**
   * What an ended run should have given back and the account no longer held (another run had spent it): given back
   * as far as it was there, alarmed, and kept here for the operator. Zero when the hold was whole.
   */
  holdShortCents: z._default(z.int(), 0),
  /** Rows a run set nothing aside for (their user could not receive money when it started): failed, never paid by it. */
  unheldRows: z._default(z.array(z.int()), []),
  /** A run of a rule that allows partial runs: short of money, it holds and pays what there is, row by row. */
  partial: z._default(z.boolean(), false),
  /** A scheduled run's file: its rule, the rule's name when it ran and the run's date, which each payment names. */
  scheduleId: z.optional(z.string()),
  scheduleName: z.optional(z.string()),
  runDate: z.optional(z.string()),
  /** The request a second person decides, once the file waited for approval (issue 35). */
  approvalId: z._default(z.nullable(z.string()), null),
});
export type FundingFileRecord = z.infer<typeof fundingFileRecord>;

export const fundingJobMessageSchema = /* @__PURE__ */ z.object({ companyId: z.string(), fileId: z.string() });

export function sha256Of(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export async function readText(companyId: string, fileId: string): Promise<string> {
  const object = await s3.send(new GetObjectCommand({ Bucket: documentsBucket(), Key: fundingFileObjectKey(companyId, fileId) }));
  return (await object.Body?.transformToString('utf-8')) ?? '';
}

/** The file's rows checked against the company's employees as they are now (the preview, and again when applied). */
export async function checkAgainstEmployees(companyId: string, text: string): Promise<CheckedFile> {
  const employees = new Map<string, FundableEmployee>((await listFundableEmployees(companyId)).map((employee) => [employee.employeeId, employee]));
  return checkFundingFile(text, employees);
}

/** Strongly consistent: the apply, end and retry decide from it right after their own or another worker's writes. */
export async function readFundingFile(companyId: string, fileId: string): Promise<FundingFileRecord> {
  const item = await getItem(keys.fundingFile(companyId, fileId), { consistent: true });
  if (!item) throw notFound('FUNDING_FILE_NOT_FOUND');
  return fundingFileRecord.parse(item);
}

/** The file as the screen shows it: the preview, then the progress, then the result. */
export async function fundingFileView(file: FundingFileRecord): Promise<FundingFile> {
  const blocking = file.problemCount > 0 ? 'FUNDING_FILE_HAS_ERRORS' : file.status === 'previewed' && file.totalCents > file.availableCents ? 'FUNDING_TOTAL_TOO_HIGH' : null;
  return {
    fileId: file.fileId,
    fileName: file.fileName,
    status: file.status,
    approvalId: file.approvalId,
    rowCount: file.rowCount,
    fundedRowCount: file.fundedRowCount,
    totalCents: file.totalCents,
    availableCents: file.availableCents,
    problems: file.problems,
    problemCount: file.problemCount,
    blocking,
    progress: { doneRows: file.doneRows, totalRows: file.fundedRowCount },
    // A failed file shows what it applied before it stopped; the rest moved nothing and a retry applies it.
    result:
      file.status === 'applied' || file.status === 'failed'
        ? {
            appliedCount: file.appliedCount,
            appliedCents: file.appliedCents,
            failedCount: file.failedCount,
            failed: file.failures,
            applied: await appliedRows(file.companyId, file.fileId),
            code: file.failedCount > 0 ? 'FUNDS_TRANSFER_FAILED_FOR_ACCOUNTS' : null,
          }
        : null,
  };
}

const rowItemSchema = /* @__PURE__ */ z.object({ rowNumber: z.int(), employeeId: z.string(), name: z.string(), amountCents: z.int(), outcome: z.enum(['applied', 'failed']) });

/**
 * The first applied rows of a file, for its result. DynamoDB filters after it has read a page, so it reads on until it
 * has them (failed rows may come first) or the file's rows end.
 */
async function appliedRows(companyId: string, fileId: string) {
  const { pk } = keys.fundingRows(companyId, fileId);
  const rows: z.infer<typeof rowItemSchema>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        FilterExpression: 'outcome = :applied',
        ExpressionAttributeValues: { ':pk': pk, ':applied': 'applied' },
        Limit: listedRowsLimit * 2,
        ExclusiveStartKey: start,
      }),
    );
    rows.push(...(page.Items ?? []).map((item) => rowItemSchema.parse(item)));
    start = page.LastEvaluatedKey;
  } while (start && rows.length < listedRowsLimit);
  return rows.slice(0, listedRowsLimit).map((row) => ({ rowNumber: row.rowNumber, employeeId: row.employeeId, name: row.name, amountCents: row.amountCents }));
}

/** The hold fields of a file paid from the available amount (an upload): it sets nothing aside. */
export function unheldFile(): Pick<FundingFileRecord, 'holdsFunds' | 'heldCents' | 'holdLeftCents' | 'releasedCents' | 'holdShortCents' | 'unheldRows' | 'partial'> {
  return { holdsFunds: false, heldCents: 0, holdLeftCents: 0, releasedCents: 0, holdShortCents: 0, unheldRows: [], partial: false };
}

/** A file's item: its record, when it came and from whom (a scheduled run's file comes from no user). */
export function fundingFileItem(record: FundingFileRecord, uploadedAt: string, uploadedBy: string | null): Record<string, unknown> {
  return { ...keys.fundingFile(record.companyId, record.fileId), entity: entities.fundingFile, ...record, uploadedAt, uploadedBy };
}

/**
 * A file uploaded: its bytes stored, every row checked, the preview kept. The same content uploaded again leads to
 * the first upload: checked afresh while it is only previewed, refused once it was applied (nothing moves twice).
 */
export async function previewFile(companyId: string, userId: string, fileName: string, content: string): Promise<FundingFileRecord> {
  const sha256 = sha256Of(content);
  const claim = await getItem(keys.fundingFileHash(companyId, sha256));
  const fileId = claim ? z.object({ fileId: z.string() }).parse(claim).fileId : randomUUID();
  if (claim) {
    const earlier = await readFundingFile(companyId, fileId);
    // A file whose approval was refused (or expired) moved nothing: it may be checked and asked for again.
    if (earlier.status !== 'previewed' && earlier.status !== 'declined') throw new DomainError(409, 'FUNDING_FILE_ALREADY_APPLIED');
  }
  const checked = await checkAgainstEmployees(companyId, content);
  if (!checked.valid) throw new DomainError(422, 'FUNDING_FILE_INVALID');
  if (!claim) {
    await s3.send(new PutObjectCommand({ Bucket: documentsBucket(), Key: fundingFileObjectKey(companyId, fileId), Body: content, ContentType: 'text/csv; charset=utf-8' }));
  }
  const record: FundingFileRecord = {
    companyId,
    fileId,
    fileName,
    sha256,
    status: 'previewed',
    rowCount: checked.rowCount,
    fundedRowCount: checked.rows.length,
    totalCents: checked.totalCents,
    availableCents: await readAvailableCents(companyId),
    problems: checked.problems.slice(0, listedRowsLimit),
    problemCount: checked.problems.length,
    doneRows: 0,
    appliedCount: 0,
    appliedCents: 0,
    failedCount: 0,
    failures: [],
    appliedBy: null,
    ...unheldFile(),
    approvalId: null,
  };
  const at = new Date().toISOString();
  const fileItem = fundingFileItem(record, at, userId);
  if (claim) {
    // Only while still a preview (or declined): an apply that started meanwhile keeps its own record.
    try {
      await dynamo.send(
        new PutCommand({ TableName: tableName(), Item: fileItem, ConditionExpression: '#status IN (:previewed, :declined)', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':previewed': 'previewed', ':declined': 'declined' } }),
      );
    } catch (error) {
      if (conditionFailed(error)) throw new DomainError(409, 'FUNDING_FILE_ALREADY_APPLIED');
      throw error;
    }
    return record;
  }
  try {
    await transactThroughConflicts(
      [
        { Put: { TableName: tableName(), Item: { ...keys.fundingFileHash(companyId, sha256), entity: entities.fundingFileHash, companyId, sha256, fileId }, ConditionExpression: 'attribute_not_exists(pk)' } },
        { Put: { TableName: tableName(), Item: fileItem, ConditionExpression: 'attribute_not_exists(pk)' } },
      ],
      {},
      conflictRetries,
    );
  } catch (error) {
    // The same file uploaded twice at once: the other upload's preview stands.
    if (conditionFailed(error, 0)) return previewFile(companyId, userId, fileName, content);
    throw error;
  }
  return record;
}

/**
 * Starts applying a previewed file, once: the status moves from previewed under a condition, so a second click, a
 * retried request or a second tab finds it moving and only reads it. Small files are applied in the request; large
 * ones by the funding queue's worker, whose progress the screen polls.
 */
export async function startApplying(companyId: string, fileId: string, actor: Actor): Promise<FundingFileRecord> {
  const file = await readFundingFile(companyId, fileId);
  if (file.status !== 'previewed') return file;
  if (file.problemCount > 0) throw new DomainError(409, 'FUNDING_FILE_HAS_ERRORS');
  if (file.totalCents > (await readAvailableCents(companyId))) throw new DomainError(409, 'FUNDING_TOTAL_TOO_HIGH');
  // Issue 35: a file above the company's approval amount waits whole for a second person; nothing of it moves.
  const rules = await readApprovalRules(companyId);
  if (fundingNeedsApproval(rules, file.totalCents)) return awaitApproval(file, actor, rules);
  const background = file.fundedRowCount > fundingBackgroundRows;
  // Its whole total counts against the per-day amount when it starts (its rows move within minutes).
  const dayTotal = unapprovedFundingItem(companyId, rules, file.totalCents, new Date());
  try {
    await transactThroughConflicts(
      [
        {
          Update: {
            TableName: tableName(),
            Key: keys.fundingFile(companyId, fileId),
            UpdateExpression: 'SET #status = :next, appliedBy = :actor, gsi2pk = :runningPk, gsi2sk = :runningSk',
            ConditionExpression: '#status = :previewed',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':next': background ? 'queued' : 'applying', ':previewed': 'previewed', ':actor': actor, ...runningValues(keys.runningFundingFile, 'funding', companyId, fileId) },
          },
        },
        // Who started it and what it pays; each row's credit is recorded with the credit (funds.add).
        auditPut({
          companyId,
          actor,
          action: 'fundingFile.apply',
          target: { type: 'company', id: companyId },
          before: {},
          after: { fileId, fileName: file.fileName, rows: file.fundedRowCount, totalCents: file.totalCents },
          at: new Date().toISOString(),
        }),
        ...(dayTotal ? [dayTotal] : []),
      ],
      {},
      conflictRetries,
    );
  } catch (error) {
    if (conditionFailed(error, 0)) return readFundingFile(companyId, fileId);
    // The day's unapproved fundings leave no room for it: it waits whole, as one above the amount does.
    if (dayTotal && conditionFailed(error, 2)) return awaitApproval(file, actor, rules);
    throw error;
  }
  if (!background) {
    try {
      return await applyFile(companyId, fileId);
    } catch (error) {
      // Whatever stopped it, the rows done stay done: the worker finishes the rest, as it would a large file.
      logger.warn('funding file apply interrupted; handed to the worker', { companyId, fileId, error: await readableError(error) });
    }
  }
  await sqs.send(new SendMessageCommand({ QueueUrl: fundingQueueUrl(), MessageBody: JSON.stringify({ companyId, fileId }) }));
  return readFundingFile(companyId, fileId);
}

/** Who asks for a file to be applied: the audit's actor (the money moves in their name) and the person who may not decide it. */
export interface FileRequester {
  actor: Actor;
  userId: string;
}

/**
 * A file above the company's approval amount waits whole (issue 35): its request, with the file's rows as the
 * preview, its audit record, `approval.requested` and the approvers' e-mails. The caller writes them in the
 * transaction that records the file as awaiting approval.
 */
export async function fileRequestItems(file: FundingFileRecord, rows: FundedRow[], requester: FileRequester, rules: ApprovalRules, at: Date) {
  return fundingRequestItems({
    companyId: file.companyId,
    requester: requester.actor,
    requesterUserId: requester.userId,
    viaApiKey: false,
    credits: rows.map((row) => ({ employeeId: row.employeeId, name: row.name, amountCents: row.amountCents })),
    file: { fileId: file.fileId, fileName: file.fileName, scheduleName: file.scheduleName ?? null, runDate: file.runDate ?? null },
    rules,
    at,
  });
}

/**
 * A previewed file recorded as awaiting approval, with its request, in one transaction: a second click, a retried
 * request or a second tab finds it waiting and only reads it.
 */
async function awaitApproval(file: FundingFileRecord, actor: Actor, rules: ApprovalRules): Promise<FundingFileRecord> {
  const checked = await checkAgainstEmployees(file.companyId, await readText(file.companyId, file.fileId));
  if (!checked.valid) throw new Error(`funding file ${file.fileId} no longer reads`);
  const request = await fileRequestItems(file, checked.rows, { actor, userId: actor.userId ?? '' }, rules, new Date());
  try {
    await transactThroughConflicts(
      [
        {
          Update: {
            TableName: tableName(),
            Key: keys.fundingFile(file.companyId, file.fileId),
            UpdateExpression: 'SET #status = :awaiting, appliedBy = :actor, approvalId = :approvalId',
            ConditionExpression: '#status = :previewed',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':awaiting': 'awaiting_approval', ':previewed': 'previewed', ':actor': actor, ':approvalId': request.record.approvalId },
          },
        },
        ...request.items,
      ],
      {},
      conflictRetries,
    );
  } catch (error) {
    if (!conditionFailed(error, 0)) throw error;
  }
  return readFundingFile(file.companyId, file.fileId);
}

/**
 * The file's place among the running ones (keys.runningFundingFile), due when every receipt of the funding queue
 * could have been worked: past it the deadline job marks the file failed.
 */
export function runningKeys(companyId: string, fileId: string): { gsi2pk: string; gsi2sk: string } {
  return runningKeysOf(keys.runningFundingFile, 'funding', companyId, fileId);
}

/**
 * Retries a failed file (SPEC section 4 funding, issue 18): back to queued under a condition, so two clicks queue it
 * once (and record the retry once), and handed to the worker again. Applying skips the rows already done, so a retry moves only the rest. Any
 * other status is answered as it is.
 */
export async function retryFile(companyId: string, fileId: string, actor: Actor): Promise<FundingFileRecord> {
  const file = await readFundingFile(companyId, fileId);
  if (file.status !== 'failed') return file;
  const toHold = file.holdsFunds ? await retryHold(file) : 0;
  try {
    await transactThroughConflicts(
      [
        {
          Update: {
            TableName: tableName(),
            Key: keys.fundingFile(companyId, fileId),
            UpdateExpression: 'SET #status = :queued, appliedBy = :actor, holdLeftCents = :hold, gsi2pk = :runningPk, gsi2sk = :runningSk ADD heldCents :hold REMOVE failedAt',
            // A failed file gave its hold back when it ended; the status condition makes two retries hold once.
            ConditionExpression: '#status = :failed AND holdLeftCents = :none',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':queued': 'queued', ':failed': 'failed', ':none': 0, ':actor': actor, ':hold': toHold, ...runningValues(keys.runningFundingFile, 'funding', companyId, fileId) },
          },
        },
        ...(toHold > 0 ? [mainAccountHold(companyId, toHold)] : []),
        auditPut({ companyId, actor, action: 'fundingFile.retry', target: { type: 'company', id: companyId }, before: {}, after: { fileId, fileName: file.fileName }, at: new Date().toISOString() }),
      ],
      {},
      conflictRetries,
    );
  } catch (error) {
    if (conditionFailed(error, 0)) return readFundingFile(companyId, fileId);
    if (toHold > 0 && conditionFailed(error, 1)) throw new DomainError(409, 'FUNDS_NOT_ENOUGH');
    throw error;
  }
  try {
    await sqs.send(new SendMessageCommand({ QueueUrl: fundingQueueUrl(), MessageBody: JSON.stringify({ companyId, fileId }) }));
  } catch (error) {
    // Not queued, no worker would take it: it shows failed again (its hold given back), and the user can retry.
    await failFile(companyId, fileId);
    throw error;
  }
  if (toHold > 0) await alertOnLowBalance(companyId);
  return readFundingFile(companyId, fileId);
}

/**
 * What a retried run sets aside: what it can still pay (the rows it held that are not done and whose users can
 * receive money now), not its total less what it paid, which still counts rows that failed for good. A run that must
 * pay all or nothing is refused when that is not available; a partial run holds what there is of it.
 */
async function retryHold(file: FundingFileRecord): Promise<number> {
  const { pending } = await rowsToApply(file);
  const rest = pending.reduce((sum, row) => sum + row.amountCents, 0);
  if (rest === 0) return 0;
  const availableCents = await readAvailableCents(file.companyId);
  if (rest <= availableCents) return rest;
  if (file.partial) return Math.max(0, availableCents);
  throw new DomainError(409, 'FUNDS_NOT_ENOUGH');
}

/**
 * Marks a file that could not be finished failed, while it is still queued or applying: the rows applied stay applied
 * (their money moved once), the others moved nothing. Answers whether it changed.
 */
export async function failFile(companyId: string, fileId: string): Promise<boolean> {
  if (!(await markFailed(companyId, fileId))) return false;
  // A scheduled run's money set aside and not paid went back to the available amount.
  await alertOnLowBalance(companyId);
  return true;
}

async function markFailed(companyId: string, fileId: string): Promise<boolean> {
  return endRun(companyId, fileId, ['queued', 'applying'], { status: 'failed', failedAt: new Date().toISOString() });
}

type RunEnd = { status: 'failed' | 'applied'; failedAt?: string };

/**
 * Ends a file that is at one of `from` (failed, or applied), once: the status moves under a condition on it and on
 * the file's hold, and what a scheduled run set aside and did not pay goes back to the available amount in the same
 * write. A chunk committed between the read and the write changes the hold, so it reads again.
 */
async function endRun(companyId: string, fileId: string, from: readonly FundingFile['status'][], set: RunEnd): Promise<boolean> {
  for (let attempt = 0; attempt <= conflictRetries; attempt += 1) {
    const file = await readFundingFile(companyId, fileId);
    if (!from.includes(file.status)) return false;
    const unpaid = file.holdLeftCents;
    try {
      await transactThroughConflicts([endItem(file, from, set, unpaid), ...(unpaid > 0 ? [mainAccountRelease(companyId, unpaid)] : []), endEvent(file, set)], {}, conflictRetries);
      return true;
    } catch (error) {
      // The account holds less than this run's hold: another run spent it. The run still ends, never left applying.
      if (unpaid > 0 && !conditionFailed(error, 0) && conditionFailed(error, 1)) {
        if (await endShortOfHold(file, from, set)) return true;
        continue;
      }
      if (!conditionFailed(error, 0)) throw error;
    }
  }
  throw new Error(`funding file ${fileId} kept changing while it was ended`);
}

/**
 * The company's systems are told of a file's end in the transaction that ends it (the outbox), so once: by the run
 * that ended it, never by one that found it ended.
 */
function endEvent(file: FundingFileRecord, set: RunEnd): TransactItem {
  return webhookEventPut(file.companyId, set.status === 'applied' ? 'funding_file.applied' : 'funding_file.failed', fileEventData({ ...file, status: set.status }));
}

/** The file's end: its status, its hold given back (`released` of it, the rest counted short), out of the running index. */
function endItem(file: FundingFileRecord, from: readonly FundingFile['status'][], set: RunEnd, released: number): TransactItem {
  const fromValues = Object.fromEntries(from.map((status, index) => [`:from${index}`, status]));
  return {
    Update: {
      TableName: tableName(),
      Key: keys.fundingFile(file.companyId, file.fileId),
      UpdateExpression: `SET #status = :to, holdLeftCents = :none${set.failedAt ? ', failedAt = :failedAt' : ''} ADD releasedCents :released, holdShortCents :short REMOVE gsi2pk, gsi2sk`,
      ConditionExpression: `#status IN (${Object.keys(fromValues).join(', ')}) AND holdLeftCents = :left`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':to': set.status,
        ':none': 0,
        ':left': file.holdLeftCents,
        ':released': released,
        ':short': file.holdLeftCents - released,
        ...fromValues,
        ...(set.failedAt ? { ':failedAt': set.failedAt } : {}),
      },
    },
  };
}

/**
 * Ends a run whose hold the account no longer has whole (only a defect, or data from before holds were kept per run,
 * can cause it): it gives back what the account still holds of it, records the rest as short, and raises the alarm
 * of work not ended cleanly, so the operator reconciles. Answers whether it ended it (false: read again and retry).
 */
async function endShortOfHold(file: FundingFileRecord, from: readonly FundingFile['status'][], set: RunEnd): Promise<boolean> {
  const account = await readAccount(file.companyId);
  const released = Math.min(file.holdLeftCents, Math.max(0, account?.reservedCents ?? 0));
  try {
    await transactThroughConflicts([endItem(file, from, set, released), ...(released > 0 ? [mainAccountRelease(file.companyId, released)] : []), endEvent(file, set)], {}, conflictRetries);
  } catch (error) {
    if (conditionFailed(error, 0) || conditionFailed(error, 1)) return false;
    throw error;
  }
  const shortCents = file.holdLeftCents - released;
  logger.error('funding run ended short of its hold: the account held less than the run had set aside', { companyId: file.companyId, fileId: file.fileId, holdLeftCents: file.holdLeftCents, releasedCents: released, shortCents });
  putCountMetric(workNotEndedCleanlyMetric, 1, { job: 'funding-run-end', companyId: file.companyId, fileId: file.fileId, shortCents });
  return true;
}

/**
 * Fails every file still queued or applying past its deadline (the running files of gsi2, due first), each under the
 * condition, so a worker that finishes it meanwhile keeps it applied. Each file on its own: one that cannot be ended
 * is logged and counted, and the others are still failed. Answers how many it failed and how many it could not end.
 */
export function failOverdueFiles(now: Date): Promise<{ failed: number; notEnded: number }> {
  return endOverdueWork(keys.runningFundingFile, now, { projection: 'companyId, fileId', parse: (item) => fundingJobMessageSchema.parse(item), work: 'overdue funding file' }, ({ companyId, fileId }) => failFile(companyId, fileId));
}

/**
 * Applies every funded row of a file that is not applied yet, chunk by chunk. Safe to run again after a crash or on
 * a redelivered message: a row's item (file id, row number) is written only in the transaction that moves its
 * money, so rows already done are skipped and no row can move twice. `signal` stops it between chunks (the worker's
 * time is up): the rows done stay done, and the next receipt goes on from there.
 */
export async function applyFile(companyId: string, fileId: string, signal?: AbortSignal): Promise<FundingFileRecord> {
  const file = await readFundingFile(companyId, fileId);
  // A failed file moves nothing more until a user retries it (retryFile queues it again): a late redelivery of its
  // message must not apply rows the screen says were not.
  if (file.status === 'applied' || file.status === 'failed') return file;
  if (file.status === 'previewed') throw new Error(`funding file ${fileId} was not started`);
  // Waiting for its approval, or refused it: nothing of it moves (a run's message delivered meanwhile does nothing).
  if (file.status === 'awaiting_approval' || file.status === 'declined') return file;
  if (file.status === 'queued') await setStatus(file, 'queued', 'applying');
  const actor = file.appliedBy;
  if (!actor) throw new Error(`funding file ${fileId} has no actor`);

  const { pending, refused } = await rowsToApply(file);
  const failures = { listed: file.failures.length };
  try {
    for (const { row, reason } of refused) await recordFailure(file, failures, row, reason);
    const context: ChunkContext = { file, actor, failures };
    for (let start = 0; start < pending.length; start += rowsPerChunk) {
      signal?.throwIfAborted();
      await applyChunk(context, pending.slice(start, start + rowsPerChunk));
    }
  } catch (error) {
    // Ended meanwhile (failed past its deadline, or finished by another receipt of its message): what it did stands.
    if (error instanceof FileNotApplying) return readFundingFile(companyId, fileId);
    throw error;
  }
  await endRun(companyId, fileId, ['applying'], { status: 'applied' });
  const finished = await readFundingFile(companyId, fileId);
  await alertOnLowBalance(companyId);
  return finished;
}

/** A chunk found its file no longer applying: another receipt or the deadline job ended it. */
class FileNotApplying extends Error {}

/**
 * The file's rows not done yet, as the employees are now: those to pay, and those refused with their reason. The
 * preview had no problems, so a problem now is a row whose user stopped being able to receive funds, or whose details
 * changed (the row may no longer be who it was written for). A row a scheduled run set nothing aside for is refused
 * whatever its user's card is now: the run pays only what it held.
 */
async function rowsToApply(file: FundingFileRecord): Promise<{ pending: FundedRow[]; refused: { row: FundedRow; reason: RowFailureCode }[] }> {
  const checked = await checkAgainstEmployees(file.companyId, await readText(file.companyId, file.fileId));
  if (!checked.valid) throw new Error(`funding file ${file.fileId} no longer reads`);
  const done = new Set((await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.fundingRows(file.companyId, file.fileId).pk }, ProjectionExpression: 'rowNumber' })).map((item) => Number(item.rowNumber)));
  const unheld = new Set(file.unheldRows);
  const refused: { row: FundedRow; reason: RowFailureCode }[] = [];
  for (const problem of checked.problems) {
    if (done.has(problem.rowNumber)) continue;
    const row = { rowNumber: problem.rowNumber, employeeId: problem.employeeId ?? '', name: problem.name ?? '', amountCents: 0 };
    refused.push({ row, reason: problem.reason === 'ROW_USER_NOT_ACTIVE' || unheld.has(problem.rowNumber) ? 'FUNDING_USER_NOT_ACTIVE' : 'FUNDS_TRANSFER_FAILED' });
  }
  const pending: FundedRow[] = [];
  for (const row of checked.rows) {
    if (done.has(row.rowNumber)) continue;
    if (unheld.has(row.rowNumber)) refused.push({ row, reason: 'FUNDING_USER_NOT_ACTIVE' });
    else pending.push(row);
  }
  refused.sort((a, b) => a.row.rowNumber - b.row.rowNumber);
  return { pending, refused };
}

/** What the company's systems are told of a finished or failed file: its totals and the rows that failed, with why. */
function fileEventData(file: FundingFileRecord & { status: 'applied' | 'failed' }): WebhookEventData<'funding_file.applied'> {
  return {
    fileId: file.fileId,
    fileName: file.fileName,
    status: file.status,
    appliedCount: file.appliedCount,
    appliedCents: file.appliedCents,
    failedCount: file.failedCount,
    failedRows: file.failures.map((failure) => ({ rowNumber: failure.rowNumber, employeeId: failure.employeeId, reason: failure.reason })),
  };
}

interface ChunkContext {
  file: FundingFileRecord;
  actor: Actor;
  failures: { listed: number };
}

/** Moves the file on, when it is still at `from`; answers whether this call moved it. */
async function setStatus(file: FundingFileRecord, from: FundingFile['status'], to: FundingFile['status']): Promise<boolean> {
  return dynamo
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.fundingFile(file.companyId, file.fileId),
        UpdateExpression: 'SET #status = :to',
        ConditionExpression: '#status = :from',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':to': to, ':from': from },
      }),
    )
    .then(
      () => true,
      (error: unknown) => {
        if (!conditionFailed(error)) throw error;
        return false;
      },
    );
}

function rowItem(file: FundingFileRecord, row: FundedRow, outcome: 'applied' | 'failed', reason: RowFailureCode | null): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.fundingRow(file.companyId, file.fileId, row.rowNumber), entity: entities.fundingRow, fileId: file.fileId, rowNumber: row.rowNumber, employeeId: row.employeeId, name: row.name, amountCents: row.amountCents, outcome, reason },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** A row that will not move: its item says why (once), and the file counts and lists it. */
async function recordFailure(file: FundingFileRecord, failures: { listed: number }, row: FundedRow, reason: RowFailureCode): Promise<void> {
  const failure: RowFailure = { rowNumber: row.rowNumber, employeeId: row.employeeId || null, name: row.name || null, reason };
  const listIt = failures.listed < listedRowsLimit;
  try {
    await transactThroughConflicts(
      [
        rowItem(file, row, 'failed', reason),
        {
          Update: {
            TableName: tableName(),
            Key: keys.fundingFile(file.companyId, file.fileId),
            UpdateExpression: `ADD doneRows :one, failedCount :one${listIt ? ' SET failures = list_append(if_not_exists(failures, :empty), :failure)' : ''}`,
            ExpressionAttributeValues: { ':one': 1, ...(listIt ? { ':empty': [], ':failure': [failure] } : {}) },
          },
        },
      ],
      {},
      conflictRetries,
    );
    if (listIt) failures.listed += 1;
  } catch (error) {
    if (!conditionFailed(error, 0)) throw error;
  }
}

/** What each payment of the file names: the scheduled run that wrote it, or the file a person uploaded. */
function movementSourceOfFile(file: FundingFileRecord): MovementSourceFields {
  if (file.scheduleId !== undefined && file.runDate !== undefined) {
    return { fileId: file.fileId, scheduleId: file.scheduleId, scheduleName: file.scheduleName ?? file.fileName, runDate: file.runDate };
  }
  return { fileId: file.fileId, fileName: file.fileName };
}

/**
 * One TransactWriteItems for up to rowsPerChunk rows: one combined debit, a credit, a row item and an audit record on
 * its employee per row, one ledger movement and the file's progress. A refused credit fails its row and the rest is
 * tried again. A scheduled run's chunk is paid from its own hold, under the condition that the hold covers it; when it
 * does not (a partial run's hold ran out), or the available amount of a file without a hold emptied meanwhile, it goes
 * row by row, so each row that still fits is paid and the others fail for want of funds.
 */
async function applyChunk(context: ChunkContext, rows: FundedRow[]): Promise<void> {
  if (rows.length === 0) return;
  const { file, actor } = context;
  const transfer = transferItems({
    companyId: file.companyId,
    actor,
    at: new Date().toISOString(),
    description: file.fileName,
    credits: rows.map((row) => ({ employeeId: row.employeeId, amountCents: row.amountCents })),
    fromHeld: file.holdsFunds,
    source: movementSourceOfFile(file),
  });
  const rowItems = rows.map((row) => rowItem(file, row, 'applied', null));
  const sum = rows.reduce((total, row) => total + row.amountCents, 0);
  const progress: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: keys.fundingFile(file.companyId, file.fileId),
      UpdateExpression: `ADD doneRows :rows, appliedCount :rows, appliedCents :sum${file.holdsFunds ? ', holdLeftCents :spent' : ''}`,
      ConditionExpression: `#status = :applying${file.holdsFunds ? ' AND holdLeftCents >= :sum' : ''}`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':rows': rows.length, ':sum': sum, ':applying': 'applying', ...(file.holdsFunds ? { ':spent': -sum } : {}) },
    },
  };
  const rowOffset = transfer.items.length;
  const progressIndex = rowOffset + rowItems.length;
  try {
    await transactThroughConflicts([...transfer.items, ...rowItems, progress], {}, conflictRetries);
    return;
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const alreadyDone = rows.filter((_, index) => conditionFailed(error, rowOffset + index));
    const inactive = rows.filter((_, index) => conditionFailed(error, transfer.creditIndexes[index] ?? -1));
    if (alreadyDone.length > 0 || inactive.length > 0) {
      for (const row of inactive) await recordFailure(file, context.failures, row, 'FUNDING_USER_NOT_ACTIVE');
      const settled = new Set([...alreadyDone, ...inactive]);
      return applyChunk(context, rows.filter((row) => !settled.has(row)));
    }
    const progressRefused = conditionFailed(error, progressIndex);
    if (progressRefused && (await readFundingFile(file.companyId, file.fileId)).status !== 'applying') throw new FileNotApplying();
    const overHold = progressRefused && file.holdsFunds;
    if (!overHold && !conditionFailed(error, transfer.debitIndex)) throw error;
    if (rows.length === 1) {
      const [row] = rows;
      if (row) await recordFailure(file, context.failures, row, 'FUNDS_NOT_ENOUGH');
      return;
    }
    for (const row of rows) await applyChunk(context, [row]);
  }
}
