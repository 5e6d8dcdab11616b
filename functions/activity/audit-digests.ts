import { nextDay } from '@shared/day-range';
import {
  addedBeforeChain,
  buildDigest,
  dayBefore,
  lastDigestibleDay,
  lastDueDay,
  sha256Of,
  verifyDay,
  type AuditFinding,
  type ChainLink,
  type ExpectedLink,
  type StoredItem,
} from './audit-chain';
import {
  firstDigestDay,
  firstRecordDay,
  putDigest,
  readDayRecords,
  readDigest,
  readDigestState,
  readRecordsBefore,
  writeDigestState,
  type AuditDigestStore,
} from './audit-digest-store';
import type { DigestState } from './audit-digest-state';

/**
 * How much one run does for one company: at most this many days digested, and a check of at most this many days or
 * records (the check of a long log goes on at the next run from where this one stopped). A company's first run digests
 * its history from its first record; a year of it is one run.
 */
export interface DigestLimits {
  days: number;
  checkedRecords: number;
}
export const defaultDigestLimits: DigestLimits = { days: 400, checkedRecords: 50_000 };

/** Records found before a chain's start are listed up to this many: any one of them is already a finding. */
const recordsBeforeChainListed = 20;

/** Days whose records and digests are read at once while checking (memory holds these days' records). */
const daysAtOnce = 8;

/** The records and the stored digest of each of a few days, read side by side. */
function evidenceOf(store: AuditDigestStore, companyId: string, days: readonly string[]): Promise<{ day: string; entries: StoredItem[]; digestBody: string | null }[]> {
  return Promise.all(
    days.map(async (day) => {
      const [entries, digestBody] = await Promise.all([readDayRecords(store, companyId, day), readDigest(store, companyId, day)]);
      return { day, entries, digestBody };
    }),
  );
}

export interface CompanyDigestOutcome {
  /** Digests written by this run. */
  written: number;
  /** What this run found wrong: in a day it met digested already, and in its share of the check. */
  findings: AuditFinding[];
  check: DigestState['check'];
}

/**
 * One company's run of the digest job: digests every day that is over (digestSettleMinutes) and has none yet, chained
 * to the one before, then goes on with the check of every record against its day's digest from the chain's start (the
 * check the activity screen shows). A day digested before (a run repeated, or the job's state lost) keeps its digest:
 * its records are compared with it instead.
 */
export async function digestCompany(store: AuditDigestStore, companyId: string, now: Date, limits: DigestLimits = defaultDigestLimits): Promise<CompanyDigestOutcome> {
  const state: DigestState = (await readDigestState(store, companyId)) ?? {};
  const chainStart = (await firstDigestDay(store, companyId)) ?? (await firstRecordDay(store, companyId));
  if (!chainStart) return { written: 0, findings: [], check: state.check };

  const findings: AuditFinding[] = [];
  let written = 0;
  let before: ChainLink | null = state.lastDay && state.lastSha256 ? { day: state.lastDay, sha256: state.lastSha256 } : null;
  const upTo = lastDigestibleDay(now);
  let days = 0;
  for (let day = before ? nextDay(before.day) : chainStart; day <= upTo && days < limits.days; day = nextDay(day), days += 1) {
    const records = await readDayRecords(store, companyId, day);
    let stored = await readDigest(store, companyId, day);
    if (stored === null) {
      const digest = buildDigest({ companyId, day, entries: records, previous: before, createdAt: now.toISOString() });
      if ((await putDigest(store, companyId, day, digest.body)) === 'written') {
        before = digest.link;
        written += 1;
        continue;
      }
      stored = await readDigest(store, companyId, day);
    }
    const checked = verifyDay({ companyId, day, digestBody: stored, entries: records, before });
    findings.push(...checked.findings);
    if (checked.next.sha256 !== null) before = { day, sha256: checked.next.sha256 };
  }
  const next: DigestState = { ...state, ...(before ? { lastDay: before.day, lastSha256: before.sha256 } : {}) };

  if (next.lastDay) {
    const checked = await continueCheck(store, companyId, chainStart, { ...next, lastDay: next.lastDay }, now, limits, findings[0] ?? null);
    findings.push(...checked.findings);
    next.sweep = checked.sweep;
    next.check = checked.check;
  }
  await writeDigestState(store, companyId, next);
  return { written, findings, check: next.check };
}

/**
 * The check of a company's records against its digests, a share at a time: from the chain's start to the newest
 * digest, as far as the limits go in one run. A check that gets to the end becomes the company's result (clean through
 * the newest digest, or its first problem); one that stops short leaves where it stopped, and a problem it met shows
 * at once. So does one the run met while digesting (`foundMeanwhile`: a day digested before that no longer matches).
 */
async function continueCheck(
  store: AuditDigestStore,
  companyId: string,
  chainStart: string,
  state: DigestState & { lastDay: string },
  now: Date,
  limits: DigestLimits,
  foundMeanwhile: AuditFinding | null,
): Promise<{ findings: AuditFinding[]; sweep: DigestState['sweep']; check: DigestState['check'] }> {
  const findings: AuditFinding[] = [];
  let sweep = state.sweep;
  if (!sweep) {
    findings.push(...addedBeforeChain(await readRecordsBefore(store, companyId, chainStart, recordsBeforeChainListed)));
    sweep = { nextDay: chainStart, before: null, problem: null };
  }
  let day = sweep.nextDay;
  let expected: ExpectedLink = sweep.before;
  let read = 0;
  let days = 0;
  while (day <= state.lastDay && days < limits.days && read < limits.checkedRecords) {
    const batch: string[] = [];
    for (; day <= state.lastDay && batch.length < daysAtOnce && days + batch.length < limits.days; day = nextDay(day)) batch.push(day);
    for (const evidence of await evidenceOf(store, companyId, batch)) {
      const checked = verifyDay({ companyId, ...evidence, before: expected });
      findings.push(...checked.findings);
      expected = checked.next;
      read += evidence.entries.length;
    }
    days += batch.length;
  }
  const problem = sweep.problem ?? foundMeanwhile ?? findings[0] ?? null;
  const checkedAt = now.toISOString();
  if (day > state.lastDay) return { findings, sweep: undefined, check: { verifiedThrough: problem ? null : state.lastDay, checkedAt, problem } };
  return { findings, sweep: { nextDay: day, before: expected, problem }, check: problem ? { verifiedThrough: null, checkedAt, problem } : state.check };
}

export interface VerifyRange {
  from?: string | undefined;
  to?: string | undefined;
}

export interface VerifyReport {
  companyId: string;
  /** The company's first digest, or null when it has none. */
  chainStart: string | null;
  /** The days walked, inclusive (none when `from` is after `to`). */
  from: string | null;
  to: string | null;
  days: number;
  records: number;
  findings: AuditFinding[];
}


/**
 * `npm run audit:verify`: walks a company's days from `from` (the chain's start unless given) to `to` (the newest day
 * whose digest must exist by now unless given), re-hashes every record, checks each digest's link to the one before,
 * and names every record changed, added or removed and every digest missing. Memory holds a few days at a time.
 */
export async function verifyAuditTrail(store: AuditDigestStore, companyId: string, range: VerifyRange, now: Date): Promise<VerifyReport> {
  const chainStart = await firstDigestDay(store, companyId);
  const dueUntil = lastDueDay(now);
  const to = range.to && range.to < dueUntil ? range.to : dueUntil;
  const findings: AuditFinding[] = [];
  if (!chainStart) {
    // No digest at all: fine for a company whose records are all too new to be digested, not for an older one.
    const firstDay = await firstRecordDay(store, companyId);
    if (firstDay && firstDay <= to) findings.push({ kind: 'missingDigest', day: firstDay, detail: 'the company has records but no digest' });
    return { companyId, chainStart, from: null, to: null, days: 0, records: 0, findings };
  }
  const from = range.from && range.from > chainStart ? range.from : chainStart;
  if (from === chainStart) findings.push(...addedBeforeChain(await readRecordsBefore(store, companyId, chainStart, recordsBeforeChainListed)));
  let expected: ExpectedLink = null;
  if (from !== chainStart) {
    const previous = await readDigest(store, companyId, dayBefore(from));
    expected = { day: dayBefore(from), sha256: previous === null ? null : sha256Of(previous) };
  }
  let days = 0;
  let records = 0;
  let day = from;
  while (day <= to) {
    const batch: string[] = [];
    for (; day <= to && batch.length < daysAtOnce; day = nextDay(day)) batch.push(day);
    for (const one of await evidenceOf(store, companyId, batch)) {
      const checked = verifyDay({ companyId, ...one, before: expected });
      findings.push(...checked.findings);
      expected = checked.next;
      days += 1;
      records += one.entries.length;
    }
  }
  return { companyId, chainStart, from, to: days > 0 ? to : null, days, records, findings };
}
