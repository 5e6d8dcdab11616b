import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import type { AuditFindingKind } from '@shared/activity';
import { rigaDateOf } from '@shared/dates';
import { nextDay, rigaDayStartMs } from '@shared/day-range';

/**
 * The tamper-evident part of the audit trail (issue 31), as AWS CloudTrail's log file integrity validation does it:
 * each day's records of a company are hashed into a digest that also names the previous day's digest by its hash, and
 * the digests are kept where nobody can change or delete them. This module is the rule alone, without AWS: how a
 * record is hashed, what a digest holds, and how records and digests are compared. The digest job, the activity
 * screen's check and `npm run audit:verify` all use it.
 */

/** Names the digest layout, so a later layout can be told apart from this one. */
export const auditDigestFormat = 'bonus-card-portal/audit-digest/1';

/**
 * A day is digested only once it has been over this long: a record's time is taken just before its transaction
 * commits, so a change made at 23:59:59 may land a moment after midnight. Later than this, a record of the day is
 * late (a `added` finding), as it would be for any reader.
 */
export const digestSettleMinutes = 30;

/**
 * By this long after a day ended its digest must exist: the job starts 45 minutes after Riga midnight in winter and
 * 1 h 45 in summer, EventBridge retries it for up to 6 hours and a run takes at most 15 minutes (stateless-stack.ts
 * scheduledJobs). A check that runs earlier stops a day sooner.
 */
export const digestDueHours = 8;

/**
 * An attribute as DynamoDB keeps it (the API's AttributeValue, read without the document client's conversions), so the
 * hash sees a number as stored ("12.50" stays what DynamoDB made of it, and 2^53 + 1 is not rounded) and text is
 * never confused with a number.
 */
export interface StoredValue {
  S?: string;
  N?: string;
  B?: Uint8Array;
  SS?: string[];
  NS?: string[];
  BS?: Uint8Array[];
  M?: Record<string, StoredValue>;
  L?: StoredValue[];
  NULL?: boolean;
  BOOL?: boolean;
}
export type StoredItem = Record<string, StoredValue>;

export interface ChainLink {
  day: string;
  sha256: string;
}

/**
 * What the digest of a day must name as its previous one: `null` at the start of the company's chain (its first digest
 * names none), else the day before with its digest's hash, or `sha256: null` when that digest is missing (reported on
 * its own day) and only the day can be checked.
 */
export type ExpectedLink = { day: string; sha256: string | null } | null;

const sha256Hex = /* @__PURE__ */ z.string().check(z.regex(/^[0-9a-f]{64}$/));

export const auditDigestSchema = /* @__PURE__ */ z.object({
  format: z.literal(auditDigestFormat),
  companyId: z.string(),
  day: z.string(),
  count: z.number().check(z.int(), z.gte(0)),
  /** The day's records in sort key order (time, then id), each by the hash of its canonical form. */
  entries: z.array(z.object({ sk: z.string(), auditId: z.string(), sha256: sha256Hex })),
  previous: z.nullable(z.object({ day: z.string(), sha256: sha256Hex })),
  createdAt: z.string(),
});
export type AuditDigest = z.infer<typeof auditDigestSchema>;


export interface AuditFinding {
  kind: AuditFindingKind;
  day: string;
  /** The record a changed, added or removed finding names. */
  auditId?: string;
  sk?: string;
  /** What is wrong with a digest or link, in words. */
  detail?: string;
}

export function sha256Of(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * JSON with every object's keys sorted (by UTF-16 code unit, as JavaScript sorts), no spaces, arrays in their order:
 * the same value always gives the same text, whatever order its attributes were read in.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('a number that JSON cannot hold');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, field]) => field !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`;
  }
  throw new Error(`a ${typeof value} that JSON cannot hold`);
}

const base64Of = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
// DynamoDB does not promise the order of a set's members: sorted, a set hashes the same whichever order it came in.
const sorted = (values: readonly string[]) => [...values].sort();

/** An attribute in DynamoDB's typed JSON form ({"S": …}, {"N": "…"}, {"M": {…}}), binaries in base64. */
function typedValueOf(value: StoredValue): unknown {
  if (value.S !== undefined) return { S: value.S };
  if (value.N !== undefined) return { N: value.N };
  if (value.B !== undefined) return { B: base64Of(value.B) };
  if (value.SS !== undefined) return { SS: sorted(value.SS) };
  if (value.NS !== undefined) return { NS: sorted(value.NS) };
  if (value.BS !== undefined) return { BS: sorted(value.BS.map(base64Of)) };
  if (value.M !== undefined) return { M: typedItemOf(value.M) };
  if (value.L !== undefined) return { L: value.L.map(typedValueOf) };
  if (value.NULL !== undefined) return { NULL: true };
  if (value.BOOL !== undefined) return { BOOL: value.BOOL };
  throw new Error('an attribute of a type DynamoDB does not name');
}

function typedItemOf(item: StoredItem): Record<string, unknown> {
  return Object.fromEntries(Object.entries(item).map(([name, value]) => [name, typedValueOf(value)]));
}

/**
 * What a record's hash is taken over: every attribute of the stored item, its keys and index keys included (nothing
 * an auditor or a filter relies on is left out), in DynamoDB's typed form, as canonical JSON.
 */
export function canonicalRecord(item: StoredItem): string {
  return canonicalJson(typedItemOf(item));
}

export function recordHash(item: StoredItem): string {
  return sha256Of(canonicalRecord(item));
}

const textOf = (item: StoredItem, name: string) => item[name]?.S ?? '';

/** A record's place (its sort key, `<at>#<auditId>`) and id, as a finding names it. */
function placeOf(item: StoredItem): { sk: string; auditId: string } {
  return { sk: textOf(item, 'sk'), auditId: textOf(item, 'auditId') };
}

/** Records in the order a day's query returns them and the digest lists them: by sort key. */
function bySortKey<T extends { sk: string }>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => (a.sk < b.sk ? -1 : a.sk > b.sk ? 1 : 0));
}

/** The sort keys of a Riga day's records lie from its start (inclusive) to the next day's start (exclusive). */
export function dayBounds(day: string): { from: string; to: string } {
  return { from: new Date(rigaDayStartMs(day)).toISOString(), to: new Date(rigaDayStartMs(nextDay(day))).toISOString() };
}

export function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** The newest day that may be digested at `now`: the one before the Riga day of `now - digestSettleMinutes`. */
export function lastDigestibleDay(now: Date): string {
  return dayBefore(rigaDateOf(new Date(now.getTime() - digestSettleMinutes * 60_000)));
}

/** The newest day whose digest must exist at `now` (digestDueHours after it ended). */
export function lastDueDay(now: Date): string {
  return dayBefore(rigaDateOf(new Date(now.getTime() - digestDueHours * 3_600_000)));
}

/** Every day from `from` to `to`, inclusive, in order. */
export function* daysFrom(from: string, to: string): Generator<string> {
  for (let day = from; day <= to; day = nextDay(day)) yield day;
}

/**
 * The digest of one company's day: its records by sort key, each by its hash, and the previous digest's hash. Its text
 * is canonical JSON, and its own hash (the next digest's `previous`) is taken over exactly the stored bytes.
 */
export function buildDigest(input: { companyId: string; day: string; entries: readonly StoredItem[]; previous: ChainLink | null; createdAt: string }): { body: string; link: ChainLink } {
  const entries = bySortKey(input.entries.map((item) => ({ ...placeOf(item), sha256: recordHash(item) })));
  const digest: AuditDigest = {
    format: auditDigestFormat,
    companyId: input.companyId,
    day: input.day,
    count: entries.length,
    entries,
    previous: input.previous,
    createdAt: input.createdAt,
  };
  const body = canonicalJson(digest);
  return { body, link: { day: input.day, sha256: sha256Of(body) } };
}

function parseDigest(body: string): AuditDigest | null {
  try {
    const parsed = auditDigestSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function linkFindings(day: string, digest: AuditDigest, before: ExpectedLink): AuditFinding[] {
  const previous = digest.previous;
  if (before === null) {
    // The company's first digest: one that names an earlier one means the chain's start is gone.
    return previous ? [{ kind: 'missingDigest', day: previous.day, detail: `the digest of ${day} names it as the one before` }] : [];
  }
  if (!previous) return [{ kind: 'brokenChain', day, detail: `the digest names no previous digest, though ${before.day} has one` }];
  if (previous.day !== before.day) return [{ kind: 'brokenChain', day, detail: `the digest names ${previous.day} as the one before, not ${before.day}` }];
  if (before.sha256 !== null && previous.sha256 !== before.sha256) {
    return [{ kind: 'brokenChain', day, detail: `the digest of ${before.day} is not the one this digest was chained to` }];
  }
  return [];
}

function entryFindings(day: string, digest: AuditDigest, entries: readonly StoredItem[]): AuditFinding[] {
  const digested = new Map(digest.entries.map((entry) => [entry.sk, entry]));
  const findings: (AuditFinding & { sk: string })[] = [];
  const seen = new Set<string>();
  for (const item of entries) {
    const place = placeOf(item);
    seen.add(place.sk);
    const entry = digested.get(place.sk);
    if (!entry) findings.push({ kind: 'added', day, ...place });
    else if (entry.sha256 !== recordHash(item)) findings.push({ kind: 'changed', day, ...place });
  }
  for (const entry of digest.entries) if (!seen.has(entry.sk)) findings.push({ kind: 'removed', day, sk: entry.sk, auditId: entry.auditId });
  return bySortKey(findings);
}

/**
 * One day of the walk: the day's records against its digest, and the digest's link against the one before. Returns
 * the link the next day's digest must name (without a hash when this day's digest is missing or unreadable).
 */
export function verifyDay(input: { companyId: string; day: string; digestBody: string | null; entries: readonly StoredItem[]; before: ExpectedLink }): { findings: AuditFinding[]; next: { day: string; sha256: string | null } } {
  const { companyId, day, digestBody, entries, before } = input;
  if (digestBody === null) return { findings: [{ kind: 'missingDigest', day }], next: { day, sha256: null } };
  const next = { day, sha256: sha256Of(digestBody) };
  const digest = parseDigest(digestBody);
  if (!digest) return { findings: [{ kind: 'brokenChain', day, detail: 'the digest cannot be read' }], next };
  if (digest.companyId !== companyId || digest.day !== day) {
    return { findings: [{ kind: 'brokenChain', day, detail: `the digest is the one of ${digest.companyId} on ${digest.day}` }], next };
  }
  const count = digest.count === digest.entries.length ? [] : [{ kind: 'brokenChain' as const, day, detail: `the digest counts ${digest.count} records but lists ${digest.entries.length}` }];
  return { findings: [...linkFindings(day, digest, before), ...count, ...entryFindings(day, digest, entries)], next };
}

/** Records older than the company's first digest: the chain starts at the day of its first record, so none should be. */
export function addedBeforeChain(entries: readonly StoredItem[]): AuditFinding[] {
  return bySortKey(entries.map(placeOf)).map((place) => ({ kind: 'added', day: rigaDateOf(new Date(place.sk.split('#')[0] ?? '')), ...place }));
}

/** A finding as a line of the verify command's report. */
export function findingText(finding: AuditFinding): string {
  const record = finding.auditId !== undefined ? ` record ${finding.auditId || '(no auditId)'} at ${finding.sk?.split('#')[0] ?? '?'}` : '';
  switch (finding.kind) {
    case 'changed':
      return `${finding.day}  CHANGED${record}: it is not what the day's digest hashed`;
    case 'added':
      return `${finding.day}  ADDED${record}: the day's digest does not list it`;
    case 'removed':
      return `${finding.day}  REMOVED${record}: the day's digest lists it, the table no longer has it`;
    case 'missingDigest':
      return `${finding.day}  MISSING DIGEST${finding.detail ? ` (${finding.detail})` : ''}`;
    case 'brokenChain':
      return `${finding.day}  BROKEN CHAIN: ${finding.detail ?? 'the digest does not follow the one before'}`;
  }
}
