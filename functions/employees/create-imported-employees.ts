import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { defaultCardLimits } from '@shared/cards';
import { listedImportRows, type EmployeeImportStatus, type ImportResultRow, type ImportRowRefusalCode } from '@shared/employee-imports';
import type { Actor } from '../platform/audit';
import { dynamo } from '../platform/aws/dynamo';
import { s3 } from '../platform/aws/s3';
import { documentsBucket } from '../platform/env';
import { companyRecord, type CompanyRecord } from '../platform/identity-records';
import { employeeImportObjectKey, entities, keys } from '../platform/keys';
import { logger } from '../platform/logger';
import { readableError } from '../platform/readable-error';
import { batchGetItems, conditionFailed, getItem, itemId, queryAll, tableName, transactThroughConflicts, type TransactItem } from '../platform/table';
import { cardIssuer, CardIssuerError, cardOrderBatchLimit, type CardOrder } from '../issuer';
import { readEmployeeImport, type ImportEmployee } from './employee-import-rows';
import { cardOrderRequestId, deliveryAddressOf, newEmployeeItems } from './new-employees';
import { cardholderPhoneClaimRecord } from './employee-records';
import { endImport, existingEmployees, importedEmployeeId, readEmployeeImportRecord, type EmployeeImportRecord } from './employee-imports';

/**
 * Rows per TransactWriteItems: each row's employee, card owner, audit record, webhook event (the outbox), row item,
 * phone claim and personal code claim, with the company's counters and the import's progress: 7n + 2 items (86),
 * within DynamoDB's 100.
 */
export const rowsPerTransaction = 12;
const conflictRetries = 8;

/** A row about to be created: its employee id (made of the import's and the row's) and what it creates. */
interface PendingRow {
  rowNumber: number;
  employeeId: string;
  employee: ImportEmployee;
}

interface ApplyContext {
  record: EmployeeImportRecord;
  actor: Actor;
  company: CompanyRecord;
  refusalsListed: { count: number };
  /** Rows an earlier run ordered cards for and did not settle (it died in between): refusing one closes its card. */
  orderedBefore: ReadonlySet<number>;
}

/** A chunk found its import no longer applying: another receipt ended it, or it was failed meanwhile. */
class ImportNotApplying extends Error {}

/**
 * Creates every row of an import that is not done yet, a transaction's card orders and then its employees at a
 * time. Safe to run again after a crash, on a redelivered message or at the same time as another receipt: a row's
 * item (import id, row number) is written only in the transaction that creates its employee, the employee's id and
 * its card's request id are the same on every run, so no row makes a second employee and the issuer no second
 * card. `signal` stops it between batches (the worker's time is up): the next receipt goes on from the rows done.
 */
export async function applyEmployeeImport(companyId: string, importId: string, signal?: AbortSignal): Promise<EmployeeImportRecord> {
  const record = await readEmployeeImportRecord(companyId, importId);
  // A failed import creates nothing more until it is applied again: a late redelivery must not create rows the screen
  // says were not.
  if (record.status === 'applied' || record.status === 'failed') return record;
  if (record.status === 'previewed') throw new Error(`employee import ${importId} was not started`);
  if (record.status === 'queued') await moveOn(record, 'queued', 'applying');
  const actor = record.appliedBy;
  if (!actor) throw new Error(`employee import ${importId} has no actor`);

  const pending = await rowsToCreate(record);
  const company = companyRecord.parse(await getItem(keys.company(companyId)));
  const context: ApplyContext = { record, actor, company, refusalsListed: { count: record.refusals.length }, orderedBefore: record.orderingRows ?? new Set() };
  try {
    const ownIds = new Set(pending.map((row) => row.employeeId));
    const existing = await existingEmployees(companyId, [], ownIds);
    const creatable: PendingRow[] = [];
    for (const row of pending) {
      // A personal code another employee of the company got since the preview: refused, as the preview would now.
      if (row.employee.personalCode !== null && existing.personalCodes.has(row.employee.personalCode)) await refuseBeforeOrdering(context, row, 'PERSONAL_CODE_TAKEN');
      else creatable.push(row);
    }
    for (let start = 0; start < creatable.length; start += cardOrderBatchLimit) {
      signal?.throwIfAborted();
      await createBatch(context, creatable.slice(start, start + cardOrderBatchLimit));
    }
  } catch (error) {
    // Ended meanwhile (by another receipt of its message, or failed): what it did stands.
    if (error instanceof ImportNotApplying) return readEmployeeImportRecord(companyId, importId);
    throw error;
  }
  await endImport(companyId, importId, ['applying'], 'applied');
  return readEmployeeImportRecord(companyId, importId);
}

async function moveOn(record: EmployeeImportRecord, from: EmployeeImportStatus, to: EmployeeImportStatus): Promise<void> {
  await dynamo
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.employeeImport(record.companyId, record.importId),
        UpdateExpression: 'SET #status = :to',
        ConditionExpression: '#status = :from',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':to': to, ':from': from },
      }),
    )
    .catch((error: unknown) => {
      // Another receipt moved it first: it applies, and so may this one (each row is created once either way).
      if (!conditionFailed(error)) throw error;
    });
}

/** The rows the preview found valid that no run has done yet, read again from the stored file. */
async function rowsToCreate(record: EmployeeImportRecord): Promise<PendingRow[]> {
  const object = await s3.send(new GetObjectCommand({ Bucket: documentsBucket(), Key: employeeImportObjectKey(record.companyId, record.importId) }));
  const read = readEmployeeImport((await object.Body?.transformToString('utf-8')) ?? '');
  if (!read.valid) throw new Error(`employee import ${record.importId} no longer reads`);
  const { pk } = keys.employeeImportRows(record.companyId, record.importId);
  const done = new Set((await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ProjectionExpression: 'rowNumber' })).map((item) => Number(item.rowNumber)));
  const skipped = new Set(record.skippedRows);
  return read.rows.flatMap((row) => {
    if (!row.employee || skipped.has(row.rowNumber) || done.has(row.rowNumber)) return [];
    // Confirmed when the import was started (startApplyingImport refuses it otherwise); never created unconfirmed.
    if (row.employee.phone === null && !record.confirmWithoutPhone) return [];
    return [{ rowNumber: row.rowNumber, employeeId: importedEmployeeId(record.importId, row.rowNumber), employee: row.employee }];
  });
}

/**
 * One batch of rows: those whose phone someone took since the preview are refused before their card is ordered (as
 * Add user checks first), the others' cards ordered and their employees created rowsPerTransaction at a time. An order the issuer refuses refuses its row; a batch it cannot take fails the run,
 * which the queue retries (the same request ids order nothing twice).
 */
async function createBatch(context: ApplyContext, rows: PendingRow[]): Promise<void> {
  const claims = await batchGetItems(rows.flatMap((row) => (row.employee.phone ? [keys.cardholderPhoneClaim(row.employee.phone)] : [])));
  const toOrder: PendingRow[] = [];
  for (const row of rows) {
    const claim = row.employee.phone ? claims.get(itemId(keys.cardholderPhoneClaim(row.employee.phone))) : undefined;
    const holder = claim ? cardholderPhoneClaimRecord.parse(claim).employeeId : null;
    if (holder !== null && holder !== row.employeeId) await refuseBeforeOrdering(context, row, 'EMPLOYEE_PHONE_TAKEN');
    else toOrder.push(row);
  }
  for (let start = 0; start < toOrder.length; start += rowsPerTransaction) await orderAndCreate(context, toOrder.slice(start, start + rowsPerTransaction));
}

/**
 * One transaction's rows: their cards ordered in one call to the issuer (a batch, within cardOrderBatchLimit), then at
 * once their employees written. The issuer announces a card's delivery as soon as it is ordered, and the portal drops
 * an event of a card it does not know yet: ordering only what is written next keeps that window as short as Add
 * user's (docs/decisions.md "Bulk employee import").
 */
async function orderAndCreate(context: ApplyContext, rows: PendingRow[]): Promise<void> {
  const deliveryAddress = deliveryAddressOf(context.company);
  const orders: CardOrder[] = rows.map((row) => ({ requestId: cardOrderRequestId(row.employeeId), cardholderName: `${row.employee.name} ${row.employee.surname}`, deliveryAddress }));
  await markOrdering(context.record, rows);
  const answers = await cardIssuer().orderCards(orders);
  const ordered: OrderedRow[] = [];
  for (const [index, row] of rows.entries()) {
    const answer = answers[index];
    if (answer && 'card' in answer && answer.requestId === orders[index]?.requestId) ordered.push({ row, cardId: answer.card.cardId, lastDigits: answer.card.lastDigits });
    else await recordRefusal(context, row, 'CARD_ISSUER_UNAVAILABLE');
  }
  await setAskedLimits(ordered);
  await createChunk(context, ordered);
}

const hasDefaultLimits = (employee: ImportEmployee) => employee.limitCents === defaultCardLimits.limitCents && employee.annualLimitCents === defaultCardLimits.annualLimitCents;

/**
 * The limits a row asks for, other than the card's defaults, set at the issuer as the limits dialog sets them. Before
 * the employee is written, not after: a run that stops between the two goes on from the rows not written, so a
 * written employee always has its limits at the issuer; the request id is the row's own, so a retry sets them once.
 * A card whose row is refused afterwards is closed anyway. The issuer failing fails the run, which the queue retries.
 */
async function setAskedLimits(ordered: readonly OrderedRow[]): Promise<void> {
  await Promise.all(
    ordered
      .filter(({ row }) => !hasDefaultLimits(row.employee))
      .map(({ row, cardId }) =>
        cardIssuer().setLimits({ requestId: `${row.employeeId}:import-limits`, cardId, limitCents: row.employee.limitCents, annualLimitCents: row.employee.annualLimitCents, mccGroups: defaultCardLimits.mccGroups }),
      ),
  );
}

type OrderedRow = { row: PendingRow; cardId: string; lastDigits: string };

/**
 * Notes on the import, before their cards are ordered, the rows about to be: the transaction that creates a row, or
 * its refusal, takes it off again. A run that dies in between leaves the note, and the next run closes the card of
 * any of them it refuses (refuseBeforeOrdering).
 */
async function markOrdering(record: EmployeeImportRecord, rows: readonly PendingRow[]): Promise<void> {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.employeeImport(record.companyId, record.importId),
        UpdateExpression: 'ADD orderingRows :rows',
        ConditionExpression: '#status = :applying',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':rows': new Set(rows.map((row) => row.rowNumber)), ':applying': 'applying' },
      }),
    );
  } catch (error) {
    if (conditionFailed(error)) throw new ImportNotApplying();
    throw error;
  }
}

/**
 * A row refused before this run ordered its card. An earlier run that died may have ordered it: the same request id
 * answers the same card without ordering another (the issuer's contract), and it is closed, so no card is left
 * without its employee.
 */
async function refuseBeforeOrdering(context: ApplyContext, row: PendingRow, reason: ImportRowRefusalCode): Promise<void> {
  if (context.orderedBefore.has(row.rowNumber)) {
    const [answer] = await cardIssuer().orderCards([{ requestId: cardOrderRequestId(row.employeeId), cardholderName: displayName(row.employee), deliveryAddress: deliveryAddressOf(context.company) }]);
    if (answer && 'card' in answer) await closeUnusedCard(context.record, answer.card.cardId);
  }
  await recordRefusal(context, row, reason);
}

const displayName = (employee: ImportEmployee) => `${employee.name} ${employee.surname}`;

/** A row's exactly-once item: written only if no run wrote it, in the transaction that creates its employee. */
function rowItem(record: EmployeeImportRecord, row: PendingRow, outcome: 'card_ordered' | 'refused', reason: ImportRowRefusalCode | null): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.employeeImportRow(record.companyId, record.importId, row.rowNumber),
        entity: entities.employeeImportRow,
        importId: record.importId,
        rowNumber: row.rowNumber,
        employeeId: outcome === 'card_ordered' ? row.employeeId : null,
        name: displayName(row.employee),
        outcome,
        reason,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * The items that create one row's employee as Add user creates one (newEmployeeItems, the audit record naming the
 * import), with the row's item. Answers where its conditioned items sit, to read a cancellation.
 */
function createItems(context: ApplyContext, ordered: OrderedRow, at: string): { items: TransactItem[]; rowIndex: number; claimIndex: number | null; codeClaimIndex: number | null } {
  const { record, actor } = context;
  const { row } = ordered;
  const created = newEmployeeItems(
    { companyId: record.companyId, employeeId: row.employeeId, ...row.employee, cardId: ordered.cardId, lastCardDigits: ordered.lastDigits },
    actor,
    at,
    { importId: record.importId, fileName: record.fileName },
  );
  const items = [...created.items];
  const rowIndex = items.push(rowItem(record, row, 'card_ordered', null)) - 1;
  return { items, rowIndex, claimIndex: created.phoneClaimIndex, codeClaimIndex: created.personalCodeClaimIndex };
}

/**
 * One TransactWriteItems for up to rowsPerTransaction rows with their cards ordered, the company's employee count and
 * the import's progress. A row another run created meanwhile is left to it; a row whose phone or personal code was
 * claimed meanwhile is refused (its card closed again at the issuer); the rest is tried again.
 */
async function createChunk(context: ApplyContext, chunk: OrderedRow[]): Promise<void> {
  if (chunk.length === 0) return;
  const { record } = context;
  const at = new Date().toISOString();
  const rows = chunk.map((ordered) => createItems(context, ordered, at));
  const items: TransactItem[] = [];
  const offsets = rows.map((row) => {
    const offset = items.length;
    items.push(...row.items);
    return offset;
  });
  items.push({ Update: { TableName: tableName(), Key: keys.counters(record.companyId), UpdateExpression: 'ADD employees :count', ExpressionAttributeValues: { ':count': chunk.length } } });
  const progressIndex =
    items.push({
      Update: {
        TableName: tableName(),
        Key: keys.employeeImport(record.companyId, record.importId),
        UpdateExpression: 'ADD doneRows :count, createdCount :count DELETE orderingRows :rows',
        ConditionExpression: '#status = :applying',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':count': chunk.length, ':applying': 'applying', ':rows': new Set(chunk.map((ordered) => ordered.row.rowNumber)) },
      },
    }) - 1;
  try {
    await transactThroughConflicts(items, {}, conflictRetries);
    return;
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const done = chunk.filter((_, index) => conditionFailed(error, (offsets[index] ?? 0) + (rows[index]?.rowIndex ?? 0)) || conditionFailed(error, offsets[index] ?? 0));
    const phoneTaken = chunk.filter((ordered, index) => {
      const claimIndex = rows[index]?.claimIndex;
      return !done.includes(ordered) && claimIndex !== null && claimIndex !== undefined && conditionFailed(error, (offsets[index] ?? 0) + claimIndex);
    });
    // Another import or Add user created an employee with the row's personal code meanwhile.
    const codeTaken = chunk.filter((ordered, index) => {
      const codeClaimIndex = rows[index]?.codeClaimIndex;
      return !done.includes(ordered) && !phoneTaken.includes(ordered) && codeClaimIndex !== null && codeClaimIndex !== undefined && conditionFailed(error, (offsets[index] ?? 0) + codeClaimIndex);
    });
    if (done.length === 0 && phoneTaken.length === 0 && codeTaken.length === 0) {
      if (conditionFailed(error, progressIndex)) throw new ImportNotApplying();
      throw error;
    }
    // Closed first, then refused: a run that dies in between leaves the row to the next, which closes it again.
    for (const ordered of phoneTaken) {
      await closeUnusedCard(record, ordered.cardId);
      await recordRefusal(context, ordered.row, 'EMPLOYEE_PHONE_TAKEN');
    }
    for (const ordered of codeTaken) {
      await closeUnusedCard(record, ordered.cardId);
      await recordRefusal(context, ordered.row, 'PERSONAL_CODE_TAKEN');
    }
    const settled = new Set([...done, ...phoneTaken, ...codeTaken]);
    await createChunk(context, chunk.filter((ordered) => !settled.has(ordered)));
  }
}

/** A card ordered for a row that could not be created is closed at the issuer, so no card is left without its employee. */
async function closeUnusedCard(record: EmployeeImportRecord, cardId: string): Promise<void> {
  try {
    await cardIssuer().changeCardStatus({ requestId: `${cardId}:close-unused`, cardId, change: 'close' });
  } catch (error) {
    if (!(error instanceof CardIssuerError)) throw error;
    logger.warn('a card ordered for a refused import row could not be closed', { companyId: record.companyId, importId: record.importId, cardId, error: await readableError(error) });
  }
}

/** A row that will not be created: its item says why (once), and the import counts it and lists it. */
async function recordRefusal(context: ApplyContext, row: PendingRow, reason: ImportRowRefusalCode): Promise<void> {
  const { record } = context;
  const refusal: ImportResultRow = { rowNumber: row.rowNumber, name: displayName(row.employee), employeeId: null, outcome: 'refused', reason };
  const listIt = context.refusalsListed.count < listedImportRows;
  try {
    await transactThroughConflicts(
      [
        rowItem(record, row, 'refused', reason),
        {
          Update: {
            TableName: tableName(),
            Key: keys.employeeImport(record.companyId, record.importId),
            UpdateExpression: `ADD doneRows :one, refusedCount :one DELETE orderingRows :row${listIt ? ' SET refusals = list_append(if_not_exists(refusals, :empty), :refusal)' : ''}`,
            ExpressionAttributeValues: { ':one': 1, ':row': new Set([row.rowNumber]), ...(listIt ? { ':empty': [], ':refusal': [refusal] } : {}) },
          },
        },
      ],
      {},
      conflictRetries,
    );
    if (listIt) context.refusalsListed.count += 1;
  } catch (error) {
    if (!conditionFailed(error, 0)) throw error;
  }
}
