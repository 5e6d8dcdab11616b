import * as z from 'zod/mini';
import { calendarDay, rigaDateOf } from './dates';
import { positiveCentsSchema } from './employees';
import { fundingFileStatuses, maxFundingFileChars, rowFailureSchema, appliedRowSchema } from './funding';

/**
 * Scheduled fundings (issue 21): a rule pays its employees on a rhythm from the main account, each run once per rule
 * and run date, through the same funding file machinery as an uploaded CSV.
 */
export const scheduleCadenceKinds = ['monthly', 'quarterly', 'once'] as const;
export type ScheduleCadenceKind = (typeof scheduleCadenceKinds)[number];
export const scheduleRecipientKinds = ['all_active', 'chosen', 'csv'] as const;
export type ScheduleRecipientKind = (typeof scheduleRecipientKinds)[number];

/** A rule's chosen employees or CSV amounts are kept in the rule's own item (400 KB), so a rule lists at most this many. */
export const maxScheduleEmployees = 2000;
export const scheduleNameMaxLength = 80;
/** Quarterly runs fall in these months (January, April, July, October), on the rule's day. */
export const quarterMonths = [1, 4, 7, 10] as const;
/** How many of a rule's runs its page shows, newest first. */
export const listedRunsLimit = 12;
export const schedulesPerCompany = 50;

// A day past a short month's end runs on its last day (31 -> 28 February), as payroll systems do.
const dayOfMonthSchema = /* @__PURE__ */ z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? 'REQUIRED' : 'NUMBER_INVALID') }).check(
  z.int({ error: 'DAY_OF_MONTH_INVALID' }),
  z.gte(1, { error: 'DAY_OF_MONTH_INVALID' }),
  z.lte(31, { error: 'DAY_OF_MONTH_INVALID' }),
);

export const scheduleCadenceSchema = /* @__PURE__ */ z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('monthly'), dayOfMonth: dayOfMonthSchema }),
  z.object({ kind: z.literal('quarterly'), dayOfMonth: dayOfMonthSchema }),
  z.object({ kind: z.literal('once'), date: calendarDay(z.string({ error: 'REQUIRED' })) }),
]);
export type ScheduleCadence = z.infer<typeof scheduleCadenceSchema>;

const employeeIdSchema = /* @__PURE__ */ z.string().check(z.minLength(1), z.maxLength(100));

/** Who a rule pays, as the form sends it: a CSV comes as its text and is read into per-employee amounts when saved. */
export const scheduleRecipientsBodySchema = /* @__PURE__ */ z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all_active'), amountCents: positiveCentsSchema('AMOUNT_REQUIRED') }),
  z.object({
    kind: z.literal('chosen'),
    amountCents: positiveCentsSchema('AMOUNT_REQUIRED'),
    employeeIds: z.array(employeeIdSchema).check(
      z.minLength(1, { error: 'LIST_REQUIRED' }),
      z.maxLength(maxScheduleEmployees, { error: 'TOO_MANY_EMPLOYEES' }),
      z.refine((ids) => new Set(ids).size === ids.length, { error: 'DUPLICATE_OPTION' }),
    ),
  }),
  z.object({
    kind: z.literal('csv'),
    fileName: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(200)), 'funding.csv'),
    content: z.string({ error: () => 'FILE_REQUIRED' }).check(
      z.refine((text) => text.replace(/^\uFEFF/, '').trim() !== '', { error: 'FILE_REQUIRED' }),
      z.refine((text) => text.length <= maxFundingFileChars, { error: 'INVALID_VALUE' }),
    ),
  }),
]);

export const scheduleBodySchema = /* @__PURE__ */ z.object({
  name: z.string({ error: 'REQUIRED' }).check(z.trim(), z.minLength(1, { error: 'REQUIRED' }), z.maxLength(scheduleNameMaxLength, { error: 'TEXT_TOO_LONG' })),
  recipients: scheduleRecipientsBodySchema,
  cadence: scheduleCadenceSchema,
  /** When the balance does not cover a run: false (the default) moves nothing; true pays the rows that fit, in order. */
  allowPartial: z._default(z.boolean(), false),
});
export type ScheduleBody = z.input<typeof scheduleBodySchema>;
/** An edit may leave a CSV rule's amounts as they are (its file is not kept to send back): recipients then stay. */
export const scheduleUpdateBodySchema = /* @__PURE__ */ z.extend(scheduleBodySchema, { recipients: z.optional(scheduleRecipientsBodySchema) });
export type ScheduleUpdateBody = z.input<typeof scheduleUpdateBodySchema>;
/** A draft's preview; an edit that keeps its recipients names its rule. */
export const schedulePreviewBodySchema = /* @__PURE__ */ z.extend(scheduleUpdateBodySchema, { scheduleId: z.optional(z.uuid({ error: 'INVALID_VALUE' })) });
export type SchedulePreviewBody = z.input<typeof schedulePreviewBodySchema>;

/** A rule's recipients as kept: a CSV's rows as amounts per employee (its file name kept to show). */
export const storedRecipientsSchema = /* @__PURE__ */ z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all_active'), amountCents: z.int() }),
  z.object({ kind: z.literal('chosen'), amountCents: z.int(), employeeIds: z.array(z.string()) }),
  z.object({ kind: z.literal('csv'), fileName: z.string(), amounts: z.array(z.object({ employeeId: z.string(), amountCents: z.int() })) }),
]);
export type StoredRecipients = z.infer<typeof storedRecipientsSchema>;

/** active: runs on its dates; paused: skips them until resumed; finished: a one-off rule after its run. */
/**
 * A rule whose run would pay more than the company's approval amount waits, once created, edited or resumed, for a
 * second person (awaiting_approval: it runs on no date); approved, it is active; rejected or expired, paused (issue 35).
 */
export const scheduleStates = ['active', 'paused', 'finished', 'awaiting_approval'] as const;
export type ScheduleState = (typeof scheduleStates)[number];
export const scheduleStateBodySchema = /* @__PURE__ */ z.object({ state: z.enum(['active', 'paused']) });

export const scheduleIdParamsSchema = /* @__PURE__ */ z.object({ scheduleId: z.uuid({ error: 'INVALID_VALUE' }) });
export const scheduleRunParamsSchema = /* @__PURE__ */ z.object({ scheduleId: z.uuid({ error: 'INVALID_VALUE' }), runDate: calendarDay(z.string()) });

/** What the next run would pay if it ran now: its date, employees, total and whether the available amount covers it. */
export const nextRunPreviewSchema = /* @__PURE__ */ z.object({
  runDate: z.string(),
  employeeCount: z.int().check(z.nonnegative()),
  totalCents: z.int().check(z.nonnegative()),
  availableCents: z.int(),
  covered: z.boolean(),
  /** Employees of the rule who cannot receive money now (no longer active): their rows would fail. */
  skippedCount: z.int().check(z.nonnegative()),
});
export type NextRunPreview = z.infer<typeof nextRunPreviewSchema>;

/**
 * Why a rule's run passes over one of its users: gone or closed (not active), or a card that cannot take money now
 * (not yet activated, blocked). Funding has no per-user cap of its own: a card's limits bound spending, not top-ups.
 */
export const scheduleSkipReasons = ['not_active', 'card_not_active'] as const;
export type ScheduleSkipReason = (typeof scheduleSkipReasons)[number];

/** A draft's preview: the next run, and whom it pays and passes over (each list its first listedRowsLimit). */
export const draftPreviewSchema = /* @__PURE__ */ z.object({
  nextRun: z.nullable(nextRunPreviewSchema),
  paid: z.array(z.object({ employeeId: z.string(), name: z.string(), amountCents: z.int() })),
  skipped: z.array(z.object({ employeeId: z.string(), name: z.nullable(z.string()), reason: z.enum(scheduleSkipReasons) })),
});
export type DraftPreview = z.infer<typeof draftPreviewSchema>;

/**
 * A run: refused when the balance did not cover it (nothing moved, it can be tried again), else its funding file's
 * status (queued, applying, applied, failed).
 */
export const scheduleRunStatuses = ['refused', ...fundingFileStatuses.filter((status) => status !== 'previewed')] as const;
export type ScheduleRunStatus = (typeof scheduleRunStatuses)[number];

export const scheduleRunSchema = /* @__PURE__ */ z.object({
  runDate: z.string(),
  status: z.enum(scheduleRunStatuses),
  startedAt: z.string(),
  /** The funding file that pays it; null for a refused run. */
  fileId: z.nullable(z.string()),
  employeeCount: z.int(),
  totalCents: z.int(),
  availableCents: z.int(),
  appliedCount: z.int(),
  appliedCents: z.int(),
  failedCount: z.int(),
  failed: z.array(rowFailureSchema),
  applied: z.array(appliedRowSchema),
});
export type ScheduleRun = z.infer<typeof scheduleRunSchema>;

export const scheduleViewSchema = /* @__PURE__ */ z.object({
  scheduleId: z.string(),
  name: z.string(),
  state: z.enum(scheduleStates),
  cadence: scheduleCadenceSchema,
  recipients: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('all_active'), amountCents: z.int() }),
    z.object({ kind: z.literal('chosen'), amountCents: z.int(), employeeIds: z.array(z.string()) }),
    z.object({ kind: z.literal('csv'), fileName: z.string(), employeeCount: z.int(), totalCents: z.int() }),
  ]),
  allowPartial: z.boolean(),
  nextRunDate: z.nullable(z.string()),
  nextRun: z.nullable(nextRunPreviewSchema),
  lastRun: z.nullable(scheduleRunSchema),
  /** What trying a refused last run again would pay now: the rule and its employees as they are, not as refused. */
  retryRun: z.nullable(nextRunPreviewSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The request a second person decides while the rule awaits approval, else null. */
  approvalId: z.nullable(z.string()),
});
export type ScheduleView = z.infer<typeof scheduleViewSchema>;

export const scheduleListSchema = /* @__PURE__ */ z.object({ items: z.array(scheduleViewSchema), availableCents: z.int() });
export const scheduleDetailSchema = /* @__PURE__ */ z.extend(scheduleViewSchema, { runs: z.array(scheduleRunSchema) });
export type ScheduleDetail = z.infer<typeof scheduleDetailSchema>;

/**
 * What a rule asks of the company now, as its screen and the dashboard tell it: its last run refused for the balance,
 * else its next run not covered by the available amount; null when neither. The figures are the run's own.
 */
export function scheduleAttention(schedule: Pick<ScheduleView, 'lastRun' | 'nextRun'>): { kind: 'refused' | 'uncovered'; runDate: string; totalCents: number; availableCents: number } | null {
  const { lastRun, nextRun } = schedule;
  if (lastRun?.status === 'refused') return { kind: 'refused', runDate: lastRun.runDate, totalCents: lastRun.totalCents, availableCents: lastRun.availableCents };
  if (nextRun && !nextRun.covered) return { kind: 'uncovered', runDate: nextRun.runDate, totalCents: nextRun.totalCents, availableCents: nextRun.availableCents };
  return null;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function dayIn(year: number, month: number, dayOfMonth: number): string {
  const day = Math.min(dayOfMonth, daysInMonth(year, month));
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The first run date of a cadence on or after `from` (YYYY-MM-DD, Riga's calendar), or null when a one-off date has
 * passed. Months shorter than the rule's day run on their last day.
 */
export function nextRunDate(cadence: ScheduleCadence, from: string): string | null {
  if (cadence.kind === 'once') return cadence.date >= from ? cadence.date : null;
  const [year = 0, month = 1] = from.split('-').map(Number);
  for (let step = 0; step < 15; step += 1) {
    const candidateYear = year + Math.floor((month - 1 + step) / 12);
    const candidateMonth = ((month - 1 + step) % 12) + 1;
    if (cadence.kind === 'quarterly' && !(quarterMonths as readonly number[]).includes(candidateMonth)) continue;
    const candidate = dayIn(candidateYear, candidateMonth, cadence.dayOfMonth);
    if (candidate >= from) return candidate;
  }
  return null;
}

/** The day after a YYYY-MM-DD day. */
export function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** How far ahead the schedules page and the dashboard total the runs to come against the available amount. */
export const upcomingRunDays = 30;

/** The day `days` after a YYYY-MM-DD day. */
function daysAfter(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The runs of the active rules due in the `upcomingRunDays` days from `today` on (a monthly rule comes twice only in
 * February), and any overdue,
 * each at what its next run would pay now, against the available amount. A run that pays nobody is not counted.
 */
export function upcomingRuns(schedules: readonly Pick<ScheduleView, 'state' | 'cadence' | 'nextRun'>[], availableCents: number, today: string): { runCount: number; totalCents: number; availableCents: number; shortfallCents: number } {
  const end = daysAfter(today, upcomingRunDays);
  let runCount = 0;
  let totalCents = 0;
  for (const schedule of schedules) {
    const run = schedule.nextRun;
    if (schedule.state !== 'active' || !run || run.totalCents === 0) continue;
    for (let date: string | null = run.runDate; date !== null && date < end; date = nextRunDate(schedule.cadence, dayAfter(date))) {
      runCount += 1;
      totalCents += run.totalCents;
    }
  }
  return { runCount, totalCents, availableCents, shortfallCents: Math.max(0, totalCents - availableCents) };
}

/** A run's confirmation figures, as Add funds shows them: what is left after it, or what is missing. */
export function runSums(totalCents: number, availableCents: number): { leftAfterCents: number | null; shortfallCents: number } {
  return totalCents <= availableCents ? { leftAfterCents: availableCents - totalCents, shortfallCents: 0 } : { leftAfterCents: null, shortfallCents: totalCents - availableCents };
}

/** The day a run's money moved (the day it started, Riga's calendar): what the portal dates a run by. */
export function runDay(run: Pick<ScheduleRun, 'startedAt'>): string {
  return rigaDateOf(new Date(run.startedAt));
}
