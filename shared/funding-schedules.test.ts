import { describe, expect, it } from 'vitest';
import { nextRunDate, runSums, scheduleAttention, scheduleBodySchema, upcomingRuns } from './funding-schedules';

describe('nextRunDate', () => {
  it('runs a monthly rule on its day, this month while the day has not passed, else next month', () => {
    expect(nextRunDate({ kind: 'monthly', dayOfMonth: 26 }, '2026-11-26')).toBe('2026-11-26');
    expect(nextRunDate({ kind: 'monthly', dayOfMonth: 25 }, '2026-11-26')).toBe('2026-12-25');
    expect(nextRunDate({ kind: 'monthly', dayOfMonth: 1 }, '2026-12-02')).toBe('2027-01-01');
  });

  it('runs on the last day of a month shorter than the rule\'s day', () => {
    expect(nextRunDate({ kind: 'monthly', dayOfMonth: 31 }, '2027-02-01')).toBe('2027-02-28');
    expect(nextRunDate({ kind: 'monthly', dayOfMonth: 31 }, '2028-02-01')).toBe('2028-02-29');
    expect(nextRunDate({ kind: 'monthly', dayOfMonth: 31 }, '2027-03-01')).toBe('2027-03-31');
  });

  it('runs a quarterly rule in January, April, July and October', () => {
    expect(nextRunDate({ kind: 'quarterly', dayOfMonth: 15 }, '2026-11-26')).toBe('2027-01-15');
    expect(nextRunDate({ kind: 'quarterly', dayOfMonth: 15 }, '2027-04-15')).toBe('2027-04-15');
    expect(nextRunDate({ kind: 'quarterly', dayOfMonth: 15 }, '2027-04-16')).toBe('2027-07-15');
  });

  it('runs a one-off rule on its date, and never once the date has passed', () => {
    expect(nextRunDate({ kind: 'once', date: '2026-12-24' }, '2026-11-26')).toBe('2026-12-24');
    expect(nextRunDate({ kind: 'once', date: '2026-11-25' }, '2026-11-26')).toBeNull();
  });
});

describe('scheduleBodySchema', () => {
  const valid = { name: 'Monthly bonus', recipients: { kind: 'all_active', amountCents: 5_000 }, cadence: { kind: 'monthly', dayOfMonth: 1 } };
  const messages = (body: unknown) => {
    const parsed = scheduleBodySchema.safeParse(body);
    return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('takes a rule and defaults to no partial runs', () => {
    expect(scheduleBodySchema.parse(valid).allowPartial).toBe(false);
  });

  it('refuses a day of the month that does not exist, a date that does not exist, and an amount that is not positive', () => {
    expect(messages({ ...valid, cadence: { kind: 'monthly', dayOfMonth: 32 } })).toEqual(['cadence.dayOfMonth: DAY_OF_MONTH_INVALID']);
    expect(messages({ ...valid, cadence: { kind: 'quarterly', dayOfMonth: 0 } })).toEqual(['cadence.dayOfMonth: DAY_OF_MONTH_INVALID']);
    expect(messages({ ...valid, cadence: { kind: 'once', date: '2027-02-30' } })).toEqual(['cadence.date: DATE_FORMAT']);
    expect(messages({ ...valid, recipients: { kind: 'all_active', amountCents: 0 } })).toEqual(['recipients.amountCents: AMOUNT_NOT_POSITIVE']);
    expect(messages({ ...valid, recipients: { kind: 'chosen', amountCents: 100, employeeIds: [] } })).toEqual(['recipients.employeeIds: LIST_REQUIRED']);
  });
});

describe('scheduleAttention', () => {
  const run = { runDate: '2026-12-01', startedAt: '', fileId: null, employeeCount: 3, totalCents: 3_000, availableCents: 500, appliedCount: 0, appliedCents: 0, failedCount: 0, failed: [], applied: [] };
  const next = { runDate: '2027-01-01', employeeCount: 3, totalCents: 3_000, availableCents: 500, covered: false, skippedCount: 0 };

  it('tells a refused last run first, else a next run not covered, else nothing', () => {
    expect(scheduleAttention({ lastRun: { ...run, status: 'refused' }, nextRun: next })).toEqual({ kind: 'refused', runDate: '2026-12-01', totalCents: 3_000, availableCents: 500 });
    expect(scheduleAttention({ lastRun: { ...run, status: 'applied' }, nextRun: next })).toEqual({ kind: 'uncovered', runDate: '2027-01-01', totalCents: 3_000, availableCents: 500 });
    expect(scheduleAttention({ lastRun: null, nextRun: { ...next, covered: true } })).toBeNull();
  });
});

describe('upcomingRuns', () => {
  const run = (runDate: string, totalCents: number) => ({ runDate, employeeCount: totalCents > 0 ? 2 : 0, totalCents, availableCents: 0, covered: true, skippedCount: 0 });
  it('counts a monthly rule twice when two of its dates fall in the next 30 days, and skips a run that pays nobody', () => {
    const answer = upcomingRuns(
      [
        { state: 'active', cadence: { kind: 'monthly', dayOfMonth: 1 }, nextRun: run('2027-02-01', 10_000) },
        { state: 'active', cadence: { kind: 'monthly', dayOfMonth: 28 }, nextRun: run('2027-02-28', 5_000) },
        { state: 'active', cadence: { kind: 'once', date: '2027-02-05' }, nextRun: run('2027-02-05', 0) },
        { state: 'paused', cadence: { kind: 'monthly', dayOfMonth: 2 }, nextRun: run('2027-02-02', 7_000) },
      ],
      12_000,
      '2027-02-01',
    );
    expect(answer).toEqual({ runCount: 3, totalCents: 25_000, availableCents: 12_000, shortfallCents: 13_000 });
  });
});

describe('runSums', () => {
  it('tells what is left after a covered run and what is missing for one not covered', () => {
    expect(runSums(100, 150)).toEqual({ leftAfterCents: 50, shortfallCents: 0 });
    expect(runSums(200, 150)).toEqual({ leftAfterCents: null, shortfallCents: 50 });
  });
});
