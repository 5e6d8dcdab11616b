import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { ActivityAction, AuditFieldValues } from '@shared/activity';
import { canReceiveFunds, employeeStatusOf } from '@shared/cards';
import { listedRowsLimit } from '@shared/funding';
import { fundingNeedsApproval, type ApprovalRules } from '@shared/approvals';
import { fundingRequestItems, readApprovalRules, unapprovedFundingItem } from '../approvals';
import { dayText, rigaDateOf } from '@shared/dates';
import {
  dayAfter,
  listedRunsLimit,
  maxScheduleEmployees,
  nextRunDate,
  scheduleCadenceSchema,
  schedulesPerCompany,
  scheduleStates,
  storedRecipientsSchema,
  type DraftPreview,
  type NextRunPreview,
  type ScheduleSkipReason,
  type scheduleBodySchema,
  type schedulePreviewBodySchema,
  type scheduleUpdateBodySchema,
  type ScheduleRun,
  type ScheduleView,
  type StoredRecipients,
} from '@shared/funding-schedules';
import { auditItem, type Actor } from '../platform/audit';
import { dynamo } from '../platform/aws/dynamo';
import { s3 } from '../platform/aws/s3';
import { sqs } from '../platform/aws/sqs';
import { documentsBucket, fundingQueueUrl } from '../platform/env';
import { DomainError, notFound, validationFailed } from '../platform/errors';
import { entities, fundingFileObjectKey, keys } from '../platform/keys';
import { logger } from '../platform/logger';
import { emailsPut } from '../platform/outbox';
import { conditionFailed, getItem, queryAll, tableName, transactThroughConflicts, type TransactItem } from '../platform/table';
import { alertOnLowBalance, mainAccountHold } from '../money';
import { fileRequestItems, fundingFileItem, fundingFileView, readFundingFile, runningKeys, sha256Of, unheldFile, type FundingFileRecord } from './funding-files';
import { checkFundingFile, scheduledFundingCsv, type CheckedFile, type FundableEmployee } from './funding-rows';
import { listFundableEmployees, readAvailableCents } from './funding-store';
import { runRefusedEmails } from './schedule-mail';

const conflictRetries = 8;

/** A rule's body as the route hands it over, its defaults applied. */
type SavedScheduleBody = z.output<typeof scheduleBodySchema>;
type SavedUpdateBody = z.output<typeof scheduleUpdateBodySchema>;
type SavedPreviewBody = z.output<typeof schedulePreviewBodySchema>;

const scheduleRecord = /* @__PURE__ */ z.object({
  companyId: z.string(),
  scheduleId: z.string(),
  name: z.string(),
  state: z.enum(scheduleStates),
  cadence: scheduleCadenceSchema,
  recipients: storedRecipientsSchema,
  allowPartial: z.boolean(),
  nextRunDate: z.nullable(z.string()),
  /** The latest run date started, so an edit or a resume never schedules a date already run. */
  lastRunDate: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * The person who last set the rule up (created, edited or resumed it): its runs above the company's approval amount
   * are asked for in their name, so they cannot approve them themselves (issue 35). Null on rules from before.
   */
  changedBy: z._default(z.nullable(z.object({ userId: z.string(), name: z.string() })), null),
  /** The request of its latest wait for approval (state awaiting_approval), kept once decided. */
  approvalId: z._default(z.nullable(z.string()), null),
});
export type ScheduleRecord = z.infer<typeof scheduleRecord>;

const runRecord = /* @__PURE__ */ z.object({
  companyId: z.string(),
  scheduleId: z.string(),
  runDate: z.string(),
  status: z.enum(['refused', 'started']),
  fileId: z.nullable(z.string()),
  startedAt: z.string(),
  /** Who made this attempt: the rule on its date, or a person ("run now", "try again"). */
  startedBy: z._default(z.enum(['rule', 'person']), 'rule'),
  employeeCount: z.int(),
  totalCents: z.int(),
  availableCents: z.int(),
});
type RunRecord = z.infer<typeof runRecord>;

/** The funding queue's message that starts one run of a rule (from the hourly start of due runs, or "run now"). */
export const scheduledRunMessageSchema = /* @__PURE__ */ z.object({ kind: z.literal('scheduled_run'), companyId: z.string(), scheduleId: z.string(), runDate: z.string() });

export const todayInRiga = (now = new Date()) => rigaDateOf(now);

export async function readSchedule(companyId: string, scheduleId: string): Promise<ScheduleRecord> {
  const item = await getItem(keys.fundingSchedule(companyId, scheduleId));
  if (!item) throw notFound('SCHEDULE_NOT_FOUND');
  return scheduleRecord.parse(item);
}

async function companySchedules(companyId: string): Promise<ScheduleRecord[]> {
  const { pk, skPrefix } = keys.fundingSchedules(companyId);
  const items = await queryAll({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix } });
  return items.map((item) => scheduleRecord.parse(item)).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * Reads what a rule pays from the form's recipients, against the company's employees as they are: chosen employees
 * must be the company's; a CSV is checked like an uploaded funding file (its structure, then each row) and kept as
 * amounts per employee. Anything wrong is refused with its field or rows, and nothing is saved.
 */
async function storedRecipients(companyId: string, recipients: SavedScheduleBody['recipients']): Promise<StoredRecipients> {
  if (recipients.kind === 'all_active') return { kind: 'all_active', amountCents: recipients.amountCents };
  const employees = new Map((await listFundableEmployees(companyId)).map((employee) => [employee.employeeId, employee]));
  if (recipients.kind === 'chosen') {
    if (recipients.employeeIds.some((id) => !employees.has(id))) throw validationFailed({ 'recipients.employeeIds': 'EMPLOYEES_NOT_FOUND' });
    return { kind: 'chosen', amountCents: recipients.amountCents, employeeIds: recipients.employeeIds };
  }
  const checked = checkFundingFile(recipients.content, employees);
  if (!checked.valid) throw new DomainError(422, 'FUNDING_FILE_INVALID', { 'recipients.content': 'FUNDING_FILE_INVALID' });
  if (checked.problems.length > 0) {
    throw new DomainError(422, 'FUNDING_FILE_HAS_ERRORS', Object.fromEntries(checked.problems.slice(0, listedRowsLimit).map((problem) => [`row.${problem.rowNumber}`, problem.reason])));
  }
  if (checked.rows.length === 0) throw validationFailed({ 'recipients.content': 'AMOUNT_REQUIRED' });
  if (checked.rows.length > maxScheduleEmployees) throw validationFailed({ 'recipients.content': 'TOO_MANY_EMPLOYEES' });
  return { kind: 'csv', fileName: recipients.fileName ?? 'funding.csv', amounts: checked.rows.map((row) => ({ employeeId: row.employeeId, amountCents: row.amountCents })) };
}

/**
 * The first run date of a cadence from today, refused when a one-off date has passed. A monthly or quarterly rule that
 * has run goes on from the month after its last run, so an edited day never pays a second time in the same month.
 */
function firstRunDate(cadence: ScheduleRecord['cadence'], lastRunDate: string | null): string {
  const today = todayInRiga();
  const afterLast = lastRunDate ? (cadence.kind === 'once' ? dayAfter(lastRunDate) : firstOfNextMonth(lastRunDate)) : today;
  const from = afterLast > today ? afterLast : today;
  const next = nextRunDate(cadence, from);
  if (!next) throw validationFailed({ 'cadence.date': 'DATE_IN_PAST' });
  return next;
}

function firstOfNextMonth(day: string): string {
  const [year = 0, month = 1] = day.split('-').map(Number);
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** The rule item with its place in the due index while it is active and has a next run. */
function scheduleItem(record: ScheduleRecord): Record<string, unknown> {
  const due = record.state === 'active' && record.nextRunDate ? keys.dueFundingSchedule(record.nextRunDate, record.companyId, record.scheduleId) : {};
  return { ...keys.fundingSchedule(record.companyId, record.scheduleId), entity: entities.fundingSchedule, ...record, ...due };
}

/** What a rule pays and when, as its audit records show it before and after a change. */
function auditedFields(rule: ScheduleRecord): Record<string, string | number | null> {
  const { recipients, cadence } = rule;
  return {
    scheduleId: rule.scheduleId,
    name: rule.name,
    state: rule.state,
    amountCents: recipients.kind === 'csv' ? null : recipients.amountCents,
    totalCents: recipients.kind === 'csv' ? recipients.amounts.reduce((sum, row) => sum + row.amountCents, 0) : null,
    employeeCount: recipients.kind === 'all_active' ? null : recipients.kind === 'chosen' ? recipients.employeeIds.length : recipients.amounts.length,
    dayOfMonth: cadence.kind === 'once' ? null : cadence.dayOfMonth,
    onceDate: cadence.kind === 'once' ? cadence.date : null,
    nextRunDate: rule.nextRunDate,
  };
}

/**
 * A rule set running by a person (created, edited or resumed) whose run would now pay more than the company's approval
 * amount waits for a second person: saved awaiting approval, on no date, with its request (what one run would pay
 * now, each user and the total), in the change's own transaction. Answers the rule as it is to be saved and the
 * request's items (none when it need not wait).
 */
async function awaitingRule(rule: ScheduleRecord, actor: Actor): Promise<{ rule: ScheduleRecord; items: TransactItem[] }> {
  if (rule.state !== 'active') return { rule, items: [] };
  const [rules, employees] = await Promise.all([readApprovalRules(rule.companyId), listFundableEmployees(rule.companyId)]);
  const paid = runRows(rule.recipients, employees).flatMap((row) => (row.employee && canReceiveFunds(row.employee.cardStatus) ? [{ employeeId: row.employeeId, name: `${row.employee.name} ${row.employee.surname}`.trim(), amountCents: row.amountCents }] : []));
  const totalCents = paid.reduce((sum, credit) => sum + credit.amountCents, 0);
  if (totalCents === 0 || !fundingNeedsApproval(rules, totalCents)) return { rule, items: [] };
  const request = await fundingRequestItems({
    companyId: rule.companyId,
    requester: actor,
    requesterUserId: actor.userId ?? '',
    viaApiKey: false,
    credits: paid,
    schedule: { scheduleId: rule.scheduleId, name: rule.name, cadence: rule.cadence, updatedAt: rule.updatedAt },
    rules,
    at: new Date(rule.updatedAt),
  });
  return { rule: { ...rule, state: 'awaiting_approval', approvalId: request.record.approvalId }, items: request.items };
}

/**
 * What approving a waiting rule writes, in the approval's transaction: the rule active on its next date from today
 * (a date that passed while it waited is not paid late), under the condition that it is still the version asked for.
 */
export async function approvedScheduleItem(companyId: string, scheduleId: string, approvalId: string, at: string): Promise<TransactItem> {
  const rule = await readSchedule(companyId, scheduleId).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === 'SCHEDULE_NOT_FOUND') throw new DomainError(409, 'APPROVAL_SUBJECT_CHANGED');
    throw error;
  });
  if (rule.state !== 'awaiting_approval' || rule.approvalId !== approvalId) throw new DomainError(409, 'APPROVAL_SUBJECT_CHANGED');
  let nextRun: string;
  try {
    nextRun = firstRunDate(rule.cadence, rule.lastRunDate);
  } catch {
    throw new DomainError(409, 'SCHEDULE_DATE_PASSED');
  }
  return { Put: { TableName: tableName(), Item: scheduleItem({ ...rule, state: 'active', nextRunDate: nextRun, updatedAt: at }), ...sameVersion(rule) } };
}

/** A waiting rule rejected or expired: paused (its owners may edit, resume or delete it), if it still waits for this request. */
export async function declinedScheduleItems(companyId: string, scheduleId: string, approvalId: string, at: string): Promise<TransactItem[]> {
  const rule = await readSchedule(companyId, scheduleId).catch(() => null);
  if (rule?.state !== 'awaiting_approval' || rule.approvalId !== approvalId) return [];
  return [{ Put: { TableName: tableName(), Item: scheduleItem({ ...rule, state: 'paused', updatedAt: at }), ...sameVersion(rule) } }];
}

function sameVersion(rule: ScheduleRecord) {
  return { ConditionExpression: 'updatedAt = :read AND approvalId = :approvalId', ExpressionAttributeValues: { ':read': rule.updatedAt, ':approvalId': rule.approvalId } };
}

/** A rule's change with its audit record (and the request it waits on, if any), in one transaction: no change without its record. */
async function writeWithAudit(
  put: { Item: Record<string, unknown>; ConditionExpression: string; ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Record<string, unknown> },
  actor: Actor,
  action: ActivityAction,
  rule: ScheduleRecord,
  before: AuditFieldValues,
  request: TransactItem[] = [],
): Promise<void> {
  const at = new Date().toISOString();
  try {
    await transactThroughConflicts(
      [
        { Put: { TableName: tableName(), ...put } },
        { Put: { TableName: tableName(), Item: auditItem({ companyId: rule.companyId, actor, action, target: { type: 'company', id: rule.companyId }, before, after: auditedFields(rule), at }) } },
        ...request,
      ],
      {},
      conflictRetries,
    );
  } catch (error) {
    if (conditionFailed(error, 0)) throw new DomainError(409, 'CONFLICT');
    throw error;
  }
}

function changerOf(actor: Actor): ScheduleRecord['changedBy'] {
  return actor.userId ? { userId: actor.userId, name: actor.name ?? '' } : null;
}

export async function createSchedule(companyId: string, body: SavedScheduleBody, actor: Actor): Promise<ScheduleRecord> {
  if ((await companySchedules(companyId)).length >= schedulesPerCompany) throw new DomainError(409, 'SCHEDULE_LIMIT');
  const recipients = await storedRecipients(companyId, body.recipients);
  const now = new Date().toISOString();
  const record: ScheduleRecord = {
    companyId,
    scheduleId: randomUUID(),
    name: body.name,
    state: 'active',
    cadence: body.cadence,
    recipients,
    allowPartial: body.allowPartial,
    nextRunDate: firstRunDate(body.cadence, null),
    lastRunDate: null,
    createdAt: now,
    updatedAt: now,
    changedBy: changerOf(actor),
    approvalId: null,
  };
  const { rule, items } = await awaitingRule(record, actor);
  await writeWithAudit({ Item: scheduleItem(rule), ConditionExpression: 'attribute_not_exists(pk)' }, actor, 'fundingSchedule.create', rule, {}, items);
  return rule;
}

/**
 * An edit takes effect from the next run: the runs already started keep what they were started with. A finished
 * one-off rule given a new date becomes active again.
 */
export async function updateSchedule(companyId: string, scheduleId: string, body: SavedUpdateBody, actor: Actor): Promise<ScheduleRecord> {
  const current = await readSchedule(companyId, scheduleId);
  const recipients = body.recipients ? await storedRecipients(companyId, body.recipients) : current.recipients;
  // One waiting for approval is asked for again as edited (when it still needs it): the earlier request can no longer be approved.
  const state = current.state === 'paused' ? 'paused' : 'active';
  const record: ScheduleRecord = {
    ...current,
    name: body.name,
    cadence: body.cadence,
    recipients,
    allowPartial: body.allowPartial,
    state,
    nextRunDate: firstRunDate(body.cadence, current.lastRunDate),
    updatedAt: new Date().toISOString(),
    changedBy: changerOf(actor),
  };
  const { rule, items } = await awaitingRule(record, actor);
  await replaceSchedule(current, rule, actor, 'fundingSchedule.update', items);
  return rule;
}

export async function setScheduleState(companyId: string, scheduleId: string, state: 'active' | 'paused', actor: Actor): Promise<ScheduleRecord> {
  const current = await readSchedule(companyId, scheduleId);
  // Resuming one that waits for approval asks nothing again: it runs once approved.
  if (current.state === state || (current.state === 'awaiting_approval' && state === 'active')) return current;
  if (current.state === 'finished') throw new DomainError(409, 'SCHEDULE_FINISHED');
  const record: ScheduleRecord = {
    ...current,
    state,
    // A resumed rule runs on its next date from today: the dates it skipped while paused are not paid late.
    nextRunDate: state === 'active' ? firstRunDate(current.cadence, current.lastRunDate) : current.nextRunDate,
    updatedAt: new Date().toISOString(),
    changedBy: state === 'active' ? changerOf(actor) : current.changedBy,
  };
  const { rule, items } = await awaitingRule(record, actor);
  await replaceSchedule(current, rule, actor, state === 'paused' ? 'fundingSchedule.pause' : 'fundingSchedule.resume', items);
  return rule;
}

/** Writes the rule over the version read, so an edit and a run starting at once do not undo each other. */
async function replaceSchedule(current: ScheduleRecord, record: ScheduleRecord, actor: Actor, action: ActivityAction, request: TransactItem[] = []): Promise<void> {
  await writeWithAudit(
    {
      Item: scheduleItem(record),
      ConditionExpression: 'updatedAt = :read AND #next = :next',
      ExpressionAttributeNames: { '#next': 'nextRunDate' },
      ExpressionAttributeValues: { ':read': current.updatedAt, ':next': current.nextRunDate },
    },
    actor,
    action,
    record,
    auditedFields(current),
    request,
  );
}

/** The rule goes; its runs stay, as the funding files and the report show them. A run under way finishes. */
export async function deleteSchedule(companyId: string, scheduleId: string, actor: Actor): Promise<void> {
  const rule = await readSchedule(companyId, scheduleId);
  await transactThroughConflicts(
    [
      { Delete: { TableName: tableName(), Key: keys.fundingSchedule(companyId, scheduleId) } },
      { Put: { TableName: tableName(), Item: auditItem({ companyId, actor, action: 'fundingSchedule.delete', target: { type: 'company', id: companyId }, before: auditedFields(rule), after: {}, at: new Date().toISOString() }) } },
    ],
    {},
    conflictRetries,
  );
}

interface RunRow {
  employeeId: string;
  employee: FundableEmployee | undefined;
  amountCents: number;
}

/** Whom a run pays and how much, from the company's employees as they are now. */
function runRows(recipients: StoredRecipients, employees: readonly FundableEmployee[]): RunRow[] {
  const byId = new Map(employees.map((employee) => [employee.employeeId, employee]));
  switch (recipients.kind) {
    case 'all_active':
      return employees.filter((employee) => canReceiveFunds(employee.cardStatus)).map((employee) => ({ employeeId: employee.employeeId, employee, amountCents: recipients.amountCents }));
    case 'chosen':
      return recipients.employeeIds.map((employeeId) => ({ employeeId, employee: byId.get(employeeId), amountCents: recipients.amountCents }));
    case 'csv':
      return recipients.amounts.map(({ employeeId, amountCents }) => ({ employeeId, employee: byId.get(employeeId), amountCents }));
  }
}

function payable(rows: readonly RunRow[]): { employeeCount: number; totalCents: number; skippedCount: number } {
  const paid = rows.filter((row) => row.employee && canReceiveFunds(row.employee.cardStatus));
  return { employeeCount: paid.length, totalCents: paid.reduce((sum, row) => sum + row.amountCents, 0), skippedCount: rows.length - paid.length };
}

/** The company's employees and available amount, read once for the previews of all its rules. */
type PreviewContext = { employees: FundableEmployee[]; availableCents: number };

/** What the rule's next run would pay if it ran now, and whether the available amount covers it. */
export async function previewNextRun(companyId: string, cadence: ScheduleRecord['cadence'], recipients: StoredRecipients, runDate: string | null, context?: PreviewContext): Promise<NextRunPreview | null> {
  if (!runDate) return null;
  const employees = context?.employees ?? (await listFundableEmployees(companyId));
  const availableCents = context?.availableCents ?? (await readAvailableCents(companyId));
  const { employeeCount, totalCents, skippedCount } = payable(runRows(recipients, employees));
  return { runDate, employeeCount, totalCents, availableCents, covered: totalCents <= availableCents, skippedCount };
}

/** A draft rule's next run, for the form's preview, with whom it pays and passes over and why: nothing is saved. */
export async function previewDraft(companyId: string, body: SavedPreviewBody): Promise<DraftPreview> {
  const current = body.scheduleId ? await readSchedule(companyId, body.scheduleId) : null;
  const recipients = body.recipients ? await storedRecipients(companyId, body.recipients) : current?.recipients;
  if (!recipients) throw validationFailed({ recipients: 'REQUIRED' });
  const [employees, availableCents] = await Promise.all([listFundableEmployees(companyId), readAvailableCents(companyId)]);
  const nextRun = await previewNextRun(companyId, body.cadence, recipients, firstRunDate(body.cadence, current?.lastRunDate ?? null), { employees, availableCents });
  const rows = recipients.kind === 'all_active' ? runRows(recipients, employees).concat(passedOver(employees)) : runRows(recipients, employees);
  const paid: DraftPreview['paid'] = [];
  const skipped: DraftPreview['skipped'] = [];
  for (const row of rows) {
    const reason = skipReason(row.employee);
    const name = row.employee ? `${row.employee.name} ${row.employee.surname}` : null;
    if (reason === null && row.employee) {
      if (paid.length < listedRowsLimit) paid.push({ employeeId: row.employeeId, name: name ?? row.employeeId, amountCents: row.amountCents });
    } else if (reason !== null && skipped.length < listedRowsLimit) skipped.push({ employeeId: row.employeeId, name, reason });
  }
  return { nextRun, paid, skipped };
}

/** The users "all active" passes over: those whose card cannot take money yet or now (removed users are not listed). */
function passedOver(employees: readonly FundableEmployee[]): RunRow[] {
  return employees.filter((employee) => skipReason(employee) === 'card_not_active').map((employee) => ({ employeeId: employee.employeeId, employee, amountCents: 0 }));
}

/** Why a run would not pay a user of its rule, or null when it would. */
function skipReason(employee: FundableEmployee | undefined): ScheduleSkipReason | null {
  if (!employee) return 'not_active';
  if (canReceiveFunds(employee.cardStatus)) return null;
  const status = employeeStatusOf(employee.cardStatus);
  return status === 'created' || status === 'non_active' ? 'card_not_active' : 'not_active';
}

/** Strongly consistent: whether a run was started decides whether it is started (again). */
async function readRun(companyId: string, scheduleId: string, runDate: string): Promise<RunRecord | null> {
  const item = await getItem(keys.fundingScheduleRun(companyId, scheduleId, runDate), { consistent: true });
  return item ? runRecord.parse(item) : null;
}

function runItem(run: RunRecord): Record<string, unknown> {
  return { ...keys.fundingScheduleRun(run.companyId, run.scheduleId, run.runDate), entity: entities.fundingScheduleRun, ...run };
}

/** Whom a run is done by in the audit trail and on the funding movements: the rule, acting for the company. */
function ruleActor(rule: ScheduleRecord): Actor {
  return { kind: 'system', userId: null, name: rule.name, role: null };
}

/**
 * Starts a rule's run of `runDate`, once: the run's item is written only if there is none yet (or over a refused
 * one), in the same transaction as its funding file and the hold of what it pays from the available amount (its
 * whole total; a rule that allows partial runs, when short, what there is). The file pays only from that hold, and
 * only the rows it held for. So two overlapping starts (a redelivered message, "run now" beside the schedule) start
 * one file, and a run that is not covered and may not pay part moves nothing: it is refused, the owners are e-mailed,
 * and it can be tried again. Answers the run and, when it was started, its file (to apply, here or by the worker).
 */
export async function startRun(companyId: string, scheduleId: string, runDate: string, startedBy?: Actor): Promise<{ run: RunRecord | null; file: FundingFileRecord | null }> {
  const existing = await readRun(companyId, scheduleId, runDate);
  if (existing?.status === 'started' && existing.fileId) return { run: existing, file: await readFundingFile(companyId, existing.fileId) };
  // A run the rule itself found short is tried again only by a person: a redelivered or repeated start leaves it (and
  // its one e-mail) as it was. One a person started early and found short is still the rule's to try on its date.
  if (existing?.status === 'refused' && existing.startedBy === 'rule' && !startedBy) return { run: existing, file: null };
  const rule = await readSchedule(companyId, scheduleId);
  // Paused (or waiting for approval again) after its run's message was sent: its dates pass without a run.
  if (!startedBy && (rule.state === 'paused' || rule.state === 'awaiting_approval')) return { run: existing, file: null };
  const employees = await listFundableEmployees(companyId);
  const rows = runRows(rule.recipients, employees);
  const content = scheduledFundingCsv(rows);
  const checked = checkFundingFile(content, new Map(employees.map((employee) => [employee.employeeId, employee])));
  if (!checked.valid) throw new Error(`scheduled run ${scheduleId} ${runDate} wrote a file that does not read`);
  const availableCents = await readAvailableCents(companyId);
  const at = new Date().toISOString();
  const fileId = randomUUID();
  const totals = { employeeCount: checked.rows.length, totalCents: checked.totalCents, availableCents };
  const covered = checked.totalCents <= availableCents;
  const runCondition = { ConditionExpression: 'attribute_not_exists(pk) OR #status = :refused', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':refused': 'refused' } };

  // Who started it: a person ("run now", "try again") or the rule itself on its date.
  const actor = startedBy ?? ruleActor(rule);
  const runAudit = (run: RunRecord) => ({
    Put: {
      TableName: tableName(),
      Item: auditItem({ companyId, actor, action: run.status === 'refused' ? 'fundingSchedule.refused' : 'fundingSchedule.run', target: { type: 'company', id: companyId }, before: {}, after: { scheduleId, name: rule.name, runDate, totalCents: run.totalCents, availableCents: run.availableCents }, at }),
    },
  });
  // Above the company's approval amount the run waits whole for a second person, holding nothing until approved.
  const rules = await readApprovalRules(companyId);
  if (fundingNeedsApproval(rules, checked.totalCents)) {
    return awaitRunApproval({ rule, runDate, content, checked, totals, at, startedBy, rules, runAudit, runCondition });
  }
  if (!covered && !rule.allowPartial) return refuseRun(rule, runDate, { ...totals, at }, runAudit, !startedBy);

  // The bytes first, under a key of this attempt only: an overlapping attempt that loses the claim leaves the
  // winner's file as it was written and deletes its own.
  const objectKey = fundingFileObjectKey(companyId, fileId);
  await s3.send(new PutObjectCommand({ Bucket: documentsBucket(), Key: objectKey, Body: content, ContentType: 'text/csv; charset=utf-8' }));
  const dropOwnBytes = () => s3.send(new DeleteObjectCommand({ Bucket: documentsBucket(), Key: objectKey }));
  // A row whose user cannot receive money now has nothing set aside (runFile marks it unheld): the run refuses it when
  // applied, whatever the card is by then, so it never pays what it did not hold.
  let available = availableCents;
  for (let attempt = 0; ; attempt += 1) {
    // Covered, the whole total is set aside; a partial run short of money sets aside what there is, and pays with it.
    const hold = available >= checked.totalCents ? checked.totalCents : Math.max(0, available);
    const file: FundingFileRecord = { ...runFile(rule, runDate, { fileId, content, checked, at, availableCents: available }), holdsFunds: true, heldCents: hold, holdLeftCents: hold, partial: rule.allowPartial };
    const run: RunRecord = { companyId, scheduleId, runDate, status: 'started', fileId, startedAt: at, startedBy: startedBy ? 'person' : 'rule', ...totals, availableCents: available };
    // What it pays counts against the per-day amount when it starts, as a file's total does.
    const dayTotal = hold > 0 ? unapprovedFundingItem(companyId, rules, hold, new Date(at)) : null;
    const items = [
      { Put: { TableName: tableName(), Item: runItem(run), ...runCondition } },
      runAudit(run),
      { Put: { TableName: tableName(), Item: { ...fundingFileItem(file, at, null), ...runningKeys(companyId, fileId) }, ConditionExpression: 'attribute_not_exists(pk)' } },
      ...(hold > 0 ? [mainAccountHold(companyId, hold)] : []),
      ...(dayTotal ? [dayTotal] : []),
    ];
    try {
      await transactThroughConflicts(items, {}, conflictRetries);
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) {
        // The SDK gave up without DynamoDB's answer, so the write may have committed: what was written decides, and
        // the bytes stay: a committed run's file needs them, and an uncommitted attempt's are a few bytes no record names.
        const written = await readRun(companyId, scheduleId, runDate);
        if (written?.status === 'started' && written.fileId === fileId) return started(run, file);
        throw error;
      }
      // Cancelled: nothing of it was written.
      if (hold > 0 && !conditionFailed(error, 0) && conditionFailed(error, 3)) {
        // The available amount fell between the read and the hold: refused as if read so, or, for a partial run, held
        // again from what there is now.
        available = await readAvailableCents(companyId);
        if (rule.allowPartial && attempt < conflictRetries) continue;
        await dropOwnBytes();
        return refuseRun(rule, runDate, { ...totals, availableCents: available, at }, runAudit, !startedBy);
      }
      await dropOwnBytes();
      if (conditionFailed(error, 0)) return startRun(companyId, scheduleId, runDate, startedBy);
      // The day's unapproved fundings leave no room for it: it waits whole for a second person instead.
      if (dayTotal && conditionFailed(error, items.length - 1)) return awaitRunApproval({ rule, runDate, content, checked, totals, at, startedBy, rules, runAudit, runCondition });
      throw error;
    }
    return started(run, file);
  }
}

/**
 * A run's file as it is started: named by the day its money moves (its planned date is the run's own field: the
 * account's lines, the funding report and their exports show this name), its rows as checked, nothing applied or held
 * yet, and the rows whose users could not receive money then marked unheld (they fail, never paid by the run).
 */
function runFile(rule: ScheduleRecord, runDate: string, started: { fileId: string; content: string; checked: CheckedFile & { valid: true }; at: string; availableCents: number }): FundingFileRecord {
  const { checked } = started;
  return {
    companyId: rule.companyId,
    fileId: started.fileId,
    fileName: `${rule.name} ${dayText(rigaDateOf(new Date(started.at)))}`,
    sha256: sha256Of(started.content),
    status: 'queued',
    rowCount: checked.rowCount,
    fundedRowCount: checked.rows.length,
    totalCents: checked.totalCents,
    availableCents: started.availableCents,
    problems: [],
    problemCount: 0,
    doneRows: 0,
    appliedCount: 0,
    appliedCents: 0,
    failedCount: 0,
    failures: [],
    appliedBy: ruleActor(rule),
    ...unheldFile(),
    unheldRows: checked.problems.map((problem) => problem.rowNumber),
    scheduleId: rule.scheduleId,
    scheduleName: rule.name,
    runDate,
    approvalId: null,
  };
}

interface WaitingRun {
  rule: ScheduleRecord;
  runDate: string;
  content: string;
  checked: CheckedFile & { valid: true };
  totals: { employeeCount: number; totalCents: number; availableCents: number };
  at: string;
  startedBy: Actor | undefined;
  rules: ApprovalRules;
  runAudit: (run: RunRecord) => TransactItem;
  runCondition: { ConditionExpression: string; ExpressionAttributeNames: Record<string, string>; ExpressionAttributeValues: Record<string, unknown> };
}

/**
 * A run above the approval amount: started (its date is used, as any started run's) with its file awaiting approval
 * and its request, in one transaction. It holds nothing until approved (the approval sets the whole total aside, or is
 * refused when the account no longer covers it). Asked for by the person who started it early, else by the person who
 * last set the rule up: neither may approve it.
 */
async function awaitRunApproval(waiting: WaitingRun): Promise<{ run: RunRecord | null; file: FundingFileRecord | null }> {
  const { rule, runDate, checked, at } = waiting;
  const { companyId, scheduleId } = rule;
  const fileId = randomUUID();
  const objectKey = fundingFileObjectKey(companyId, fileId);
  await s3.send(new PutObjectCommand({ Bucket: documentsBucket(), Key: objectKey, Body: waiting.content, ContentType: 'text/csv; charset=utf-8' }));
  const file: FundingFileRecord = { ...runFile(rule, runDate, { fileId, content: waiting.content, checked, at, availableCents: waiting.totals.availableCents }), status: 'awaiting_approval' };
  const requesterUserId = waiting.startedBy?.userId ?? rule.changedBy?.userId ?? '';
  const requester = waiting.startedBy ?? { ...ruleActor(rule), name: rule.changedBy?.name ?? rule.name };
  const request = await fileRequestItems(file, checked.rows, { actor: requester, userId: requesterUserId }, waiting.rules, new Date(at));
  const withRequest = { ...file, approvalId: request.record.approvalId };
  const run: RunRecord = { companyId, scheduleId, runDate, status: 'started', fileId, startedAt: at, startedBy: waiting.startedBy ? 'person' : 'rule', ...waiting.totals };
  try {
    await transactThroughConflicts(
      [
        { Put: { TableName: tableName(), Item: runItem(run), ...waiting.runCondition } },
        waiting.runAudit(run),
        { Put: { TableName: tableName(), Item: fundingFileItem(withRequest, at, null), ConditionExpression: 'attribute_not_exists(pk)' } },
        ...request.items,
      ],
      {},
      conflictRetries,
    );
  } catch (error) {
    await s3.send(new DeleteObjectCommand({ Bucket: documentsBucket(), Key: objectKey }));
    // Another start of the same run won: its answer stands.
    if (conditionFailed(error, 0)) return startRun(companyId, scheduleId, runDate, waiting.startedBy);
    throw error;
  }
  logger.info('scheduled funding run awaits approval', { companyId, scheduleId, runDate, fileId, approvalId: withRequest.approvalId, totalCents: file.totalCents });
  return { run, file: withRequest };
}

async function started(run: RunRecord, file: FundingFileRecord): Promise<{ run: RunRecord; file: FundingFileRecord }> {
  logger.info('scheduled funding run started', { companyId: run.companyId, scheduleId: run.scheduleId, runDate: run.runDate, fileId: file.fileId, rows: file.fundedRowCount, totalCents: file.totalCents, heldCents: file.heldCents });
  // Setting the run's money aside lowers the available amount now.
  if (file.heldCents > 0) await alertOnLowBalance(run.companyId);
  return { run, file };
}

/** A run the balance does not cover: recorded refused (once per attempt that finds it so) and the owners told. */
async function refuseRun(rule: ScheduleRecord, runDate: string, totals: { employeeCount: number; totalCents: number; availableCents: number; at: string }, audit: (run: RunRecord) => TransactItem, notify: boolean): Promise<{ run: RunRecord; file: null }> {
  const { at, ...counts } = totals;
  const run: RunRecord = { companyId: rule.companyId, scheduleId: rule.scheduleId, runDate, status: 'refused', fileId: null, startedAt: at, startedBy: notify ? 'rule' : 'person', ...counts };
  // The rule's own refusal is written over nothing but a person's earlier one, so of two overlapping starts one writes
  // it and e-mails the owners; a person's newer attempt replaces an older refusal, and tells no one by e-mail.
  const condition = notify
    ? { ConditionExpression: 'attribute_not_exists(pk) OR (#status = :refused AND startedBy = :person)', ExpressionAttributeValues: { ':refused': 'refused', ':person': 'person' } }
    : { ConditionExpression: 'attribute_not_exists(pk) OR (#status = :refused AND startedAt < :at)', ExpressionAttributeValues: { ':refused': 'refused', ':at': at } };
  // The owners are told when the rule's own run is refused, in the refusal's transaction (the outbox); a person trying
  // again sees the answer on the screen.
  const told = notify ? emailsPut(await runRefusedEmails(rule, run)) : [];
  try {
    await transactThroughConflicts(
      [{ Put: { TableName: tableName(), Item: runItem(run), ExpressionAttributeNames: { '#status': 'status' }, ...condition } },
        audit(run),
        ...told,
      ],
      {},
      conflictRetries,
    );
  } catch (error) {
    // Another attempt started it or refused it first: its answer stands, and only it tells the owners.
    if (conditionFailed(error, 0)) {
      const current = await readRun(rule.companyId, rule.scheduleId, runDate);
      if (current) return { run: current, file: null };
    }
    throw error;
  }
  logger.warn('scheduled funding run refused: the available amount does not cover it', { companyId: rule.companyId, scheduleId: rule.scheduleId, runDate, totalCents: run.totalCents, availableCents: run.availableCents });
  return { run, file: null };
}

/** The funding file of a rule's run, once it was started. */
export async function fileOfRun(companyId: string, scheduleId: string, runDate: string): Promise<string | null> {
  return (await readRun(companyId, scheduleId, runDate))?.fileId ?? null;
}

/** Hands a started run's file to the funding queue's worker, which applies it. */
export async function queueRunFile(companyId: string, fileId: string): Promise<void> {
  await sqs.send(new SendMessageCommand({ QueueUrl: fundingQueueUrl(), MessageBody: JSON.stringify({ companyId, fileId }) }));
}

/**
 * Moves a rule past `runDate` (a one-off rule ends), under a condition on its next run date, so that of two starts
 * of the same run one moves it. Answers whether this call moved it.
 */
async function advanceSchedule(companyId: string, scheduleId: string, runDate: string): Promise<boolean> {
  const rule = await readSchedule(companyId, scheduleId).catch(() => null);
  if (!rule || rule.nextRunDate !== runDate || rule.state !== 'active') return false;
  const next = nextRunDate(rule.cadence, dayAfter(runDate));
  // Only the schedule's own fields: an edit of what the rule pays, saved meanwhile, stays (a concurrent editor's save
  // is refused with CONFLICT by the new updatedAt instead of undoing this).
  const due = next ? keys.dueFundingSchedule(next, companyId, scheduleId) : null;
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.fundingSchedule(companyId, scheduleId),
        UpdateExpression: `SET #next = :next, lastRunDate = :runDate, #state = :state, updatedAt = :now${due ? ', gsi2pk = :duePk, gsi2sk = :dueSk' : ' REMOVE gsi2pk, gsi2sk'}`,
        ConditionExpression: '#next = :runDate AND #state = :active',
        ExpressionAttributeNames: { '#next': 'nextRunDate', '#state': 'state' },
        ExpressionAttributeValues: {
          ':next': next,
          ':runDate': runDate,
          ':state': next ? 'active' : 'finished',
          ':active': 'active',
          ':now': new Date().toISOString(),
          ...(due ? { ':duePk': due.gsi2pk, ':dueSk': due.gsi2sk } : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
}

/**
 * The hourly start of due runs (EventBridge Scheduler puts its message on the funding queue; locally a timer): every
 * active rule whose next run date has come gets its run's message, then moves on to its next date. The message goes
 * first: a start that dies between the two sends it again next hour, and the run's own item makes that a no-op.
 */
export async function startDueRuns(now: Date): Promise<number> {
  const { gsi2pk } = keys.dueFundingSchedule('', '', '');
  const due = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :due AND gsi2sk < :tomorrow',
    ExpressionAttributeValues: { ':due': gsi2pk, ':tomorrow': dayAfter(todayInRiga(now)) },
    ProjectionExpression: 'companyId, scheduleId, nextRunDate',
  });
  let started = 0;
  for (const item of due) {
    const { companyId, scheduleId, nextRunDate: runDate } = z.object({ companyId: z.string(), scheduleId: z.string(), nextRunDate: z.string() }).parse(item);
    const message: z.infer<typeof scheduledRunMessageSchema> = { kind: 'scheduled_run', companyId, scheduleId, runDate };
    await sqs.send(new SendMessageCommand({ QueueUrl: fundingQueueUrl(), MessageBody: JSON.stringify(message) }));
    if (await advanceSchedule(companyId, scheduleId, runDate)) started += 1;
  }
  return started;
}

/**
 * "Run now" and "try again": starts the rule's next run early (its date is the one it was due on, and the rule moves
 * on, so the same date is never paid again when it comes), or a refused run of an earlier date again. Any other date
 * is refused. Answers the run as it stands.
 */
export async function startRunByHand(companyId: string, scheduleId: string, runDate: string, actor: Actor): Promise<ScheduleRun> {
  const rule = await readSchedule(companyId, scheduleId);
  const existing = await readRun(companyId, scheduleId, runDate);
  const isNext = rule.state === 'active' && rule.nextRunDate === runDate;
  if (existing?.status !== 'started' && !isNext && existing?.status !== 'refused') throw new DomainError(409, 'SCHEDULE_RUN_NOT_STARTABLE');
  // A rule waiting for approval runs nothing, not even a refused run tried again.
  if (rule.state === 'awaiting_approval' && existing?.status !== 'started') throw new DomainError(409, 'SCHEDULE_RUN_NOT_STARTABLE');
  const { run, file } = await startRun(companyId, scheduleId, runDate, actor);
  if (!run) throw new Error(`run ${scheduleId} ${runDate} was neither started nor refused`);
  // Only a run that started uses its date up; one refused stays due on its date (the rule tries it then).
  if (isNext && run.status === 'started') await advanceSchedule(companyId, scheduleId, runDate);
  // Queued again on a repeated click too: a first click whose message was lost would otherwise wait for the deadline.
  if (file && file.status === 'queued') await queueRunFile(companyId, file.fileId);
  return runView(run, true);
}

/** A run as its rule's page shows it: refused with its totals, or its file's progress and result. */
async function runView(run: RunRecord, withRows: boolean): Promise<ScheduleRun> {
  const base = { runDate: run.runDate, startedAt: run.startedAt, fileId: run.fileId, employeeCount: run.employeeCount, totalCents: run.totalCents, availableCents: run.availableCents };
  const empty = { appliedCount: 0, appliedCents: 0, failedCount: 0, failed: [], applied: [] };
  if (run.status === 'refused' || !run.fileId) return { ...base, status: 'refused', ...empty };
  const file = await readFundingFile(run.companyId, run.fileId);
  if (!withRows) return { ...base, status: file.status === 'previewed' ? 'queued' : file.status, ...empty, appliedCount: file.appliedCount, appliedCents: file.appliedCents, failedCount: file.failedCount };
  const view = await fundingFileView(file);
  const status = view.status === 'previewed' ? 'queued' : view.status;
  return {
    ...base,
    status,
    appliedCount: file.appliedCount,
    appliedCents: file.appliedCents,
    failedCount: file.failedCount,
    failed: file.failures,
    applied: view.result?.applied ?? [],
  };
}

async function recentRuns(companyId: string, scheduleId: string, limit: number): Promise<RunRecord[]> {
  const { pk, skPrefix } = keys.fundingScheduleRuns(companyId, scheduleId);
  const answer = await dynamo.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (answer.Items ?? []).map((item) => runRecord.parse(item));
}

function viewOf(rule: ScheduleRecord, nextRun: NextRunPreview | null, lastRun: ScheduleRun | null, retryRun: NextRunPreview | null): ScheduleView {
  const recipients: ScheduleView['recipients'] =
    rule.recipients.kind === 'csv'
      ? { kind: 'csv', fileName: rule.recipients.fileName, employeeCount: rule.recipients.amounts.length, totalCents: rule.recipients.amounts.reduce((sum, row) => sum + row.amountCents, 0) }
      : rule.recipients;
  return {
    scheduleId: rule.scheduleId,
    name: rule.name,
    state: rule.state,
    cadence: rule.cadence,
    recipients,
    allowPartial: rule.allowPartial,
    nextRunDate: rule.state === 'active' ? rule.nextRunDate : null,
    nextRun,
    lastRun,
    retryRun,
    createdAt: rule.createdAt,
    updatedAt: rule.updatedAt,
    approvalId: rule.state === 'awaiting_approval' ? rule.approvalId : null,
  };
}

/** The company's rules with their next run's preview (one read of the employees and the account for all) and last run. */
export async function listSchedules(companyId: string): Promise<{ items: ScheduleView[]; availableCents: number }> {
  const [rules, employees, availableCents] = await Promise.all([companySchedules(companyId), listFundableEmployees(companyId), readAvailableCents(companyId)]);
  const items = await Promise.all(rules.map((rule) => summaryView(rule, { employees, availableCents })));
  return { items, availableCents };
}

export async function scheduleDetail(companyId: string, scheduleId: string) {
  const rule = await readSchedule(companyId, scheduleId);
  const runs = await Promise.all((await recentRuns(companyId, scheduleId, listedRunsLimit)).map((run) => runView(run, true)));
  return { ...(await viewWithPreviews(rule, runs[0] ?? null)), runs };
}

/** A rule with its next run's preview and its last run (its other runs are on its own page). */
async function summaryView(rule: ScheduleRecord, context?: PreviewContext): Promise<ScheduleView> {
  const [last] = await recentRuns(rule.companyId, rule.scheduleId, 1);
  return viewWithPreviews(rule, last ? await runView(last, false) : null, context);
}

/** The rule's next run, and a refused last run tried again, as they would pay now. */
async function viewWithPreviews(rule: ScheduleRecord, lastRun: ScheduleRun | null, context?: PreviewContext): Promise<ScheduleView> {
  const shared = context ?? { employees: await listFundableEmployees(rule.companyId), availableCents: await readAvailableCents(rule.companyId) };
  const nextRun = rule.state === 'active' ? await previewNextRun(rule.companyId, rule.cadence, rule.recipients, rule.nextRunDate, shared) : null;
  const retryRun = lastRun?.status === 'refused' ? await previewNextRun(rule.companyId, rule.cadence, rule.recipients, lastRun.runDate, shared) : null;
  return viewOf(rule, nextRun, lastRun, retryRun);
}

export const scheduleViewOf = (rule: ScheduleRecord) => summaryView(rule);
