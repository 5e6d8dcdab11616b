import { createHash, randomUUID } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { rigaDateOf } from '@shared/date-format';
import {
  employeeImportStatuses,
  importPreviewRowSchema,
  importRowRefusalCodes,
  importRowStateOrder,
  importResultRowSchema,
  listedImportRows,
  maxEmployeeImportRows,
  type EmployeeImport,
  type EmployeeImportStatus,
  type ImportFileRow,
  type ImportPreviewRow,
  type ImportResultRow,
} from '@shared/employee-imports';
import { matchesSearch, pageOf, type ListQuery, type TableAnswer } from '@shared/lists';
import { actorSchema, auditPut, type Actor } from '../platform/audit';
import { dynamo } from '../platform/aws/dynamo';
import { s3 } from '../platform/aws/s3';
import { sqs } from '../platform/aws/sqs';
import { documentsBucket, employeeImportsQueueUrl } from '../platform/env';
import { DomainError, notFound, validationFailed } from '../platform/errors';
import { employeeImportObjectKey, employeeImportPreviewObjectKey, entities, keys } from '../platform/keys';
import { endOverdueWork, runningValues } from '../platform/running-work';
import { batchGetItems, conditionFailed, getItem, queryAll, tableName, transactThroughConflicts } from '../platform/table';
import { readPriceList } from '../fees';
import { readEmployeeImport, refuseExisting, type ImportRow } from './employee-import-rows';
import { cardholderPhoneClaimRecord } from './employee-records';
import { listEmployees } from './employee-store';

const conflictRetries = 8;

const employeeImportRecord = /* @__PURE__ */ z.object({
  companyId: z.string(),
  importId: z.string(),
  fileName: z.string(),
  status: z.enum(employeeImportStatuses),
  rowCount: z.int(),
  validCount: z.int(),
  problemCount: z.int(),
  withoutPhoneCount: z.int(),
  /** The preview's rows as the screen lists them (problems first), at most listedImportRows. */
  listedRows: z.array(importPreviewRowSchema),
  /** Every row the preview found a problem in: never created, whatever is true when the import is applied. */
  skippedRows: z.array(z.int()),
  /** The monthly maintenance fee of the price list when the file was previewed (the fee its preview showed). */
  monthlyFeeCents: z.int(),
  previewedAt: z.string(),
  confirmWithoutPhone: z._default(z.boolean(), false),
  appliedBy: z._default(z.nullable(actorSchema), null),
  doneRows: z._default(z.int(), 0),
  createdCount: z._default(z.int(), 0),
  refusedCount: z._default(z.int(), 0),
  /** The first refused rows (at most listedImportRows); the count is whole. */
  refusals: z._default(z.array(importResultRowSchema), []),
  /**
   * Rows whose cards were ordered and that are not settled yet (created or refused): a run that dies in between leaves
   * them here, so the next run that refuses one closes its card instead of leaving it without an employee.
   */
  orderingRows: z.optional(z.set(z.number())),
});
export type EmployeeImportRecord = z.infer<typeof employeeImportRecord>;

export const employeeImportJobSchema = /* @__PURE__ */ z.object({ companyId: z.string(), importId: z.string() });

/**
 * The employee a row of an import creates has an id made of the import's and the row's: a retried or redelivered
 * apply finds the same employee (and the same card order) instead of making another. Shaped as a UUID (version 8,
 * "custom"), as the portal's other employee ids.
 */
export function importedEmployeeId(importId: string, rowNumber: number): string {
  const hex = createHash('sha256').update(`employee-import:${importId}:${rowNumber}`).digest('hex');
  const variant = ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Strongly consistent: the apply and the worker decide from it right after their own or another worker's writes. */
export async function readEmployeeImportRecord(companyId: string, importId: string): Promise<EmployeeImportRecord> {
  const item = await getItem(keys.employeeImport(companyId, importId), { consistent: true });
  if (!item) throw notFound('EMPLOYEE_IMPORT_NOT_FOUND');
  return employeeImportRecord.parse(item);
}

/** YYYY-MM of the month after the Riga day of `at`: the first month the monthly fee job charges a card made then. */
export function monthAfter(at: Date): string {
  const [year = 0, month = 0] = rigaDateOf(at).split('-').map(Number);
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

const rowItemSchema = /* @__PURE__ */ z.object({ rowNumber: z.int(), employeeId: z.nullable(z.string()), name: z.string(), outcome: z.enum(['card_ordered', 'refused']) });

/** The import as the screen shows it: the preview, then the progress, then the result. */
export async function employeeImportView(record: EmployeeImportRecord): Promise<EmployeeImport> {
  const ended = record.status === 'applied' || record.status === 'failed';
  return {
    importId: record.importId,
    fileName: record.fileName,
    status: record.status,
    rowCount: record.rowCount,
    validCount: record.validCount,
    problemCount: record.problemCount,
    withoutPhoneCount: record.withoutPhoneCount,
    rows: record.listedRows,
    fees: {
      cardCount: record.validCount,
      // The price list has no fee for issuing a card (shared/prices.ts): a new card costs its monthly fee only.
      issueFeeCents: 0,
      monthlyFeeCents: record.monthlyFeeCents,
      monthlyTotalCents: record.monthlyFeeCents * record.validCount,
      firstChargedMonth: monthAfter(new Date(record.previewedAt)),
    },
    progress: { doneRows: record.doneRows, totalRows: record.validCount, createdRows: record.createdCount, refusedRows: record.refusedCount },
    result: ended
      ? {
          createdCount: record.createdCount,
          refusedCount: record.refusedCount,
          rows: [...record.refusals, ...(await createdRows(record))].slice(0, listedImportRows),
        }
      : null,
  };
}

/** The first created rows of an import, for its result (refused ones are listed from the record). */
async function createdRows(record: EmployeeImportRecord): Promise<ImportResultRow[]> {
  const room = listedImportRows - record.refusals.length;
  if (room <= 0) return [];
  const { pk } = keys.employeeImportRows(record.companyId, record.importId);
  const rows: ImportResultRow[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(
      new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', FilterExpression: 'outcome = :created', ExpressionAttributeValues: { ':pk': pk, ':created': 'card_ordered' }, Limit: listedImportRows, ExclusiveStartKey: start }),
    );
    for (const item of page.Items ?? []) {
      const row = rowItemSchema.parse(item);
      rows.push({ rowNumber: row.rowNumber, name: row.name, employeeId: row.employeeId, outcome: 'card_ordered', reason: null });
    }
    start = page.LastEvaluatedKey;
  } while (start && rows.length < room);
  return rows.slice(0, room);
}

const workedRowSchema = /* @__PURE__ */ z.object({ rowNumber: z.int(), employeeId: z.nullable(z.string()), outcome: z.enum(['card_ordered', 'refused']), reason: z.nullable(z.enum(importRowRefusalCodes)) });

/**
 * One page of every row of an import: each as its preview checked it, with its outcome once a run worked it; those
 * needing attention (problems, refusals) first.
 */
export async function importRowsPage(record: EmployeeImportRecord, query: ListQuery): Promise<TableAnswer<ImportFileRow>> {
  const previewRows = await storedPreviewRows(record);
  const worked = new Map<number, z.infer<typeof workedRowSchema>>();
  if (record.status !== 'previewed') {
    const { pk } = keys.employeeImportRows(record.companyId, record.importId);
    const items = await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ProjectionExpression: 'rowNumber, employeeId, outcome, reason' });
    for (const item of items) {
      const row = workedRowSchema.parse({ reason: null, ...item });
      worked.set(row.rowNumber, row);
    }
  }
  const rows = previewRows
    .map((row): ImportFileRow => {
      const outcome = worked.get(row.rowNumber);
      return outcome
        ? { ...row, state: outcome.outcome, reason: outcome.reason, employeeId: outcome.employeeId }
        : { ...row, reason: null, employeeId: null };
    })
    .filter((row) => matchesSearch(query.search, [`${row.name} ${row.surname}`, row.personalCode, row.phone, String(row.rowNumber)]))
    .sort((a, b) => importRowStateOrder[a.state] - importRowStateOrder[b.state] || a.rowNumber - b.rowNumber);
  return pageOf(rows, query);
}

async function storedPreviewRows(record: EmployeeImportRecord): Promise<ImportPreviewRow[]> {
  const object = await s3.send(new GetObjectCommand({ Bucket: documentsBucket(), Key: employeeImportPreviewObjectKey(record.companyId, record.importId) }));
  return z.array(importPreviewRowSchema).parse(JSON.parse((await object.Body?.transformToString('utf-8')) ?? '[]'));
}

/**
 * What the company and the portal already have for the rows' personal codes and phones: the company's employees'
 * personal codes (unique within a company, as SPEC's user list tells employees apart by them), and every phone that
 * signs in to /card (one employee per phone across companies: keys.cardholderPhoneClaim) or that an employee of the
 * company has. `ownIds` are employees this import made: their own codes and phones are no conflict when it resumes.
 */
export async function existingEmployees(companyId: string, phones: readonly string[], ownIds: ReadonlySet<string> = new Set()) {
  const employees = (await listEmployees(companyId)).filter((employee) => !ownIds.has(employee.employeeId));
  const personalCodes = new Set(employees.flatMap((employee) => (employee.personalCode ? [employee.personalCode] : [])));
  const takenPhones = new Set(employees.flatMap((employee) => (employee.phone ? [employee.phone] : [])));
  // A 5,000-row file's phones are 50 reads of 100: a few of them at a time, so the preview answers well inside the
  // API's time on a busy machine too.
  const keyList = phones.map((phone) => keys.cardholderPhoneClaim(phone));
  const slices = Array.from({ length: Math.ceil(keyList.length / claimsPerRead) }, (_, index) => keyList.slice(index * claimsPerRead, (index + 1) * claimsPerRead));
  const found: Map<string, Record<string, unknown>>[] = [];
  for (let start = 0; start < slices.length; start += claimReadsAtOnce) found.push(...(await Promise.all(slices.slice(start, start + claimReadsAtOnce).map((slice) => batchGetItems(slice)))));
  for (const item of found.flatMap((claims) => [...claims.values()])) {
    const claim = cardholderPhoneClaimRecord.parse(item);
    if (!ownIds.has(claim.employeeId)) takenPhones.add(claim.phone);
  }
  return { personalCodes, takenPhones };
}

/** BatchGetItem reads at most 100 keys; this many such reads run at once. */
const claimsPerRead = 100;
const claimReadsAtOnce = 8;

const stateOf = (row: ImportRow): ImportPreviewRow['state'] => (!row.employee ? 'problem' : row.employee.phone === null ? 'no_phone' : 'valid');
const stateOrder: Record<ImportPreviewRow['state'], number> = importRowStateOrder;

/**
 * A file uploaded: its bytes stored, every row checked (on its own, against the file's other rows, against the
 * company's employees and the phones taken), the preview kept. Nothing is created yet.
 */
export async function previewEmployeeImport(companyId: string, userId: string, fileName: string, content: string): Promise<EmployeeImportRecord> {
  const read = readEmployeeImport(content);
  if (!read.valid) throw new DomainError(422, 'EMPLOYEE_IMPORT_INVALID');
  if (read.rows.length > maxEmployeeImportRows) throw new DomainError(413, 'PAYLOAD_TOO_LARGE');
  const rows = read.rows;
  const phones = rows.flatMap((row) => (row.employee?.phone ? [row.employee.phone] : []));
  refuseExisting(rows, await existingEmployees(companyId, phones));
  const valid = rows.filter((row) => row.employee !== null);
  const previewRows = rows.map((row): ImportPreviewRow => ({ rowNumber: row.rowNumber, name: row.name, surname: row.surname, personalCode: row.personalCode, phone: row.phone, state: stateOf(row), problems: row.problems }));
  const listed = [...previewRows].sort((a, b) => stateOrder[a.state] - stateOrder[b.state] || a.rowNumber - b.rowNumber).slice(0, listedImportRows);
  const importId = randomUUID();
  const previewedAt = new Date().toISOString();
  const record: EmployeeImportRecord = {
    companyId,
    importId,
    fileName,
    status: 'previewed',
    rowCount: rows.length,
    validCount: valid.length,
    problemCount: rows.length - valid.length,
    withoutPhoneCount: valid.filter((row) => row.employee?.phone === null).length,
    listedRows: listed,
    skippedRows: rows.filter((row) => row.employee === null).map((row) => row.rowNumber),
    monthlyFeeCents: (await readPriceList()).monthlyFeeCents,
    previewedAt,
    confirmWithoutPhone: false,
    appliedBy: null,
    doneRows: 0,
    createdCount: 0,
    refusedCount: 0,
    refusals: [],
  };
  await Promise.all([
    s3.send(new PutObjectCommand({ Bucket: documentsBucket(), Key: employeeImportObjectKey(companyId, importId), Body: content, ContentType: 'text/csv; charset=utf-8' })),
    // Every row as checked, for the rows route: what the preview found stays what it showed, whatever changes later.
    s3.send(new PutObjectCommand({ Bucket: documentsBucket(), Key: employeeImportPreviewObjectKey(companyId, importId), Body: JSON.stringify(previewRows), ContentType: 'application/json' })),
  ]);
  await dynamo.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.employeeImport(companyId, importId), entity: entities.employeeImport, ...record, uploadedBy: userId },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return record;
}

/**
 * Starts applying a previewed import (or one that failed: the rows done are skipped), once: the status moves under a
 * condition, so a second click, a retried request or a second tab finds it moving and only reads it. Rows without a
 * phone need the caller's confirmation, as Add user's do. The import worker does the rest, whatever the file's size.
 */
export async function startApplyingImport(companyId: string, importId: string, actor: Actor, confirmWithoutPhone: boolean): Promise<EmployeeImportRecord> {
  const record = await readEmployeeImportRecord(companyId, importId);
  if (record.status !== 'previewed' && record.status !== 'failed') return record;
  if (record.validCount === 0) throw new DomainError(409, 'EMPLOYEE_IMPORT_NOTHING_TO_CREATE');
  if (record.withoutPhoneCount > 0 && !confirmWithoutPhone && !record.confirmWithoutPhone) throw validationFailed({ confirmWithoutPhone: 'PHONE_CONFIRMATION_REQUIRED' });
  const at = new Date().toISOString();
  try {
    await transactThroughConflicts(
      [
        {
          Update: {
            TableName: tableName(),
            Key: keys.employeeImport(companyId, importId),
            UpdateExpression: 'SET #status = :queued, appliedBy = :actor, confirmWithoutPhone = :confirm, gsi2pk = :runningPk, gsi2sk = :runningSk REMOVE failedAt',
            ConditionExpression: '#status = :from',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':queued': 'queued', ':from': record.status, ':actor': actor, ':confirm': confirmWithoutPhone || record.confirmWithoutPhone, ...runningValues(keys.runningEmployeeImport, 'employeeImports', companyId, importId) },
          },
        },
        // Who started it and what it makes; each employee's own record is written with the employee (employee.add).
        auditPut({ companyId, actor, action: 'employee.import', target: { type: 'company', id: companyId }, before: {}, after: { importId, fileName: record.fileName, rows: record.validCount }, at }),
      ],
      {},
      conflictRetries,
    );
  } catch (error) {
    if (conditionFailed(error, 0)) return readEmployeeImportRecord(companyId, importId);
    throw error;
  }
  try {
    await sqs.send(new SendMessageCommand({ QueueUrl: employeeImportsQueueUrl(), MessageBody: JSON.stringify({ companyId, importId }) }));
  } catch (error) {
    // Not queued, no worker would take it: it shows failed, and applying it again queues it again.
    await endImport(companyId, importId, ['queued'], 'failed');
    throw error;
  }
  return readEmployeeImportRecord(companyId, importId);
}

/** Ends an import that is at one of `from`, out of the running index; answers whether this call ended it. */
export async function endImport(companyId: string, importId: string, from: readonly EmployeeImportStatus[], to: 'applied' | 'failed'): Promise<boolean> {
  const fromValues = Object.fromEntries(from.map((status, index) => [`:from${index}`, status]));
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.employeeImport(companyId, importId),
        UpdateExpression: `SET #status = :to${to === 'failed' ? ', failedAt = :at' : ''} REMOVE gsi2pk, gsi2sk`,
        ConditionExpression: `#status IN (${Object.keys(fromValues).join(', ')})`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':to': to, ...fromValues, ...(to === 'failed' ? { ':at': new Date().toISOString() } : {}) },
      }),
    );
    return true;
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
}

/** The worker's last receipt gave up, or the import's deadline passed: the rows created stay created, the rest can be applied again. */
export function failImport(companyId: string, importId: string): Promise<boolean> {
  return endImport(companyId, importId, ['queued', 'applying'], 'failed');
}

/**
 * Fails every import still queued or applying past its deadline (a worker that died without answering, a message
 * lost), each under the condition, so a worker that finishes it meanwhile keeps it applied. Each on its own: one that
 * cannot be ended is logged and counted, the others are still failed.
 */
export function failOverdueImports(now: Date): Promise<{ failed: number; notEnded: number }> {
  return endOverdueWork(keys.runningEmployeeImport, now, { projection: 'companyId, importId', parse: (item) => employeeImportJobSchema.parse(item), work: 'overdue employee import' }, ({ companyId, importId }) => failImport(companyId, importId));
}
