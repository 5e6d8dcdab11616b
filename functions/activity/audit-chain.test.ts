import { describe, expect, it } from 'vitest';
import { buildDigest, canonicalJson, canonicalRecord, dayBounds, lastDigestibleDay, lastDueDay, recordHash, sha256Of, verifyDay, type StoredItem } from './audit-chain';

const companyId = 'company-chain';

/** A record as DynamoDB returns it to the base client: typed attributes. */
function record(id: string, at: string, amountCents: number, extra: StoredItem = {}): StoredItem {
  return {
    pk: { S: `COMPANY#${companyId}#AUDIT` },
    sk: { S: `${at}#${id}` },
    auditId: { S: id },
    at: { S: at },
    action: { S: 'funds.add' },
    actor: { M: { kind: { S: 'company_user' }, name: { S: 'Anna Ozola' }, role: { S: 'manager' }, userId: { S: 'user-1' } } },
    after: { M: { amountCents: { N: String(amountCents) } } },
    before: { M: {} },
    ...extra,
  };
}

const a = record('a', '2026-03-09T22:30:00.000Z', 1_000);
const b = record('b', '2026-03-10T08:00:00.000Z', 2_000);
const c = record('c', '2026-03-10T21:59:59.999Z', 3_000);

describe('the canonical form a record is hashed in', () => {
  it('sorts keys at every depth, so the order attributes were read in does not matter', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: null, y: true }], c: 'x' } })).toBe('{"a":{"c":"x","d":[2,{"y":true,"z":null}]},"b":1}');
    const reordered = Object.fromEntries(Object.entries(b).reverse());
    expect(recordHash(reordered)).toBe(recordHash(b));
  });

  it('keeps every attribute in its DynamoDB type: text is not a number, a number is as stored, a set is sorted', () => {
    expect(canonicalRecord({ value: { S: '12' } })).not.toBe(canonicalRecord({ value: { N: '12' } }));
    expect(recordHash({ n: { N: '9007199254740993' } })).not.toBe(recordHash({ n: { N: '9007199254740992' } }));
    expect(recordHash({ s: { SS: ['b', 'a'] } })).toBe(recordHash({ s: { SS: ['a', 'b'] } }));
    expect(canonicalRecord({ bin: { B: new Uint8Array([1, 2]) }, none: { NULL: true }, yes: { BOOL: true }, list: { L: [{ S: 'x' }] } })).toBe(
      '{"bin":{"B":"AQI="},"list":{"L":[{"S":"x"}]},"none":{"NULL":true},"yes":{"BOOL":true}}',
    );
  });

  it('changes with any attribute, keys and index keys included', () => {
    for (const changed of [{ ...b, gsi2pk: { S: 'COMPANY#x#AUDIT#system#other' } }, { ...b, actor: { M: { kind: { S: 'system' } } } }, { ...b, after: { M: { amountCents: { N: '2001' } } } }]) {
      expect(recordHash(changed)).not.toBe(recordHash(b));
    }
  });
});

describe('the Riga days a digest covers', () => {
  it('run from Riga midnight to the next, in winter and in summer time', () => {
    expect(dayBounds('2026-03-10')).toEqual({ from: '2026-03-09T22:00:00.000Z', to: '2026-03-10T22:00:00.000Z' });
    expect(dayBounds('2026-07-01')).toEqual({ from: '2026-06-30T21:00:00.000Z', to: '2026-07-01T21:00:00.000Z' });
    // The day the clocks go forward is 23 hours long.
    expect(dayBounds('2026-03-29')).toEqual({ from: '2026-03-28T22:00:00.000Z', to: '2026-03-29T21:00:00.000Z' });
  });

  it('are digested once they have been over for half an hour, and due once the job and its retries have had time', () => {
    expect(lastDigestibleDay(new Date('2026-03-10T22:29:00Z'))).toBe('2026-03-09');
    expect(lastDigestibleDay(new Date('2026-03-10T22:30:00Z'))).toBe('2026-03-10');
    expect(lastDigestibleDay(new Date('2026-03-10T22:45:00Z'))).toBe('2026-03-10');
    expect(lastDueDay(new Date('2026-03-11T05:59:00Z'))).toBe('2026-03-09');
    expect(lastDueDay(new Date('2026-03-11T06:00:00Z'))).toBe('2026-03-10');
  });
});

describe('a digest', () => {
  const first = buildDigest({ companyId, day: '2026-03-10', entries: [c, a, b], previous: null, createdAt: '2026-03-10T22:45:00.000Z' });

  it('lists the day\'s records by sort key, each by its hash, and is hashed over exactly its text', () => {
    const digest = JSON.parse(first.body) as { count: number; entries: { auditId: string; sha256: string }[]; previous: unknown };
    expect(digest.count).toBe(3);
    expect(digest.entries.map((entry) => entry.auditId)).toEqual(['a', 'b', 'c']);
    expect(digest.entries[1]?.sha256).toBe(recordHash(b));
    expect(digest.previous).toBeNull();
    expect(first.link).toEqual({ day: '2026-03-10', sha256: sha256Of(first.body) });
    expect(canonicalJson(JSON.parse(first.body))).toBe(first.body);
  });

  it('verifies the records it was made of, in any order', () => {
    expect(verifyDay({ companyId, day: '2026-03-10', digestBody: first.body, entries: [b, c, a], before: null })).toEqual({ findings: [], next: first.link });
  });

  it('names a record changed, one removed and one added, by id', () => {
    const changed = { ...b, after: { M: { amountCents: { N: '200000' } } } };
    const added = record('d', '2026-03-10T12:00:00.000Z', 4_000);
    const { findings } = verifyDay({ companyId, day: '2026-03-10', digestBody: first.body, entries: [a, changed, added], before: null });
    expect(findings).toEqual([
      { kind: 'changed', day: '2026-03-10', auditId: 'b', sk: '2026-03-10T08:00:00.000Z#b' },
      { kind: 'added', day: '2026-03-10', auditId: 'd', sk: '2026-03-10T12:00:00.000Z#d' },
      { kind: 'removed', day: '2026-03-10', auditId: 'c', sk: '2026-03-10T21:59:59.999Z#c' },
    ]);
  });

  it('names a missing digest, and checks the next day against the day it was of', () => {
    const missing = verifyDay({ companyId, day: '2026-03-10', digestBody: null, entries: [a], before: null });
    expect(missing).toEqual({ findings: [{ kind: 'missingDigest', day: '2026-03-10' }], next: { day: '2026-03-10', sha256: null } });
    const second = buildDigest({ companyId, day: '2026-03-11', entries: [], previous: first.link, createdAt: '2026-03-11T22:45:00.000Z' });
    expect(verifyDay({ companyId, day: '2026-03-11', digestBody: second.body, entries: [], before: missing.next }).findings).toEqual([]);
  });

  it('is chained: a replaced digest before it, one chained elsewhere, a new chain in the middle, or a lost start are each named', () => {
    const second = buildDigest({ companyId, day: '2026-03-11', entries: [], previous: first.link, createdAt: '2026-03-11T22:45:00.000Z' });
    const replaced = buildDigest({ companyId, day: '2026-03-10', entries: [a], previous: null, createdAt: '2026-03-12T09:00:00.000Z' });
    expect(verifyDay({ companyId, day: '2026-03-11', digestBody: second.body, entries: [], before: replaced.link }).findings).toEqual([
      { kind: 'brokenChain', day: '2026-03-11', detail: 'the digest of 2026-03-10 is not the one this digest was chained to' },
    ]);
    const elsewhere = buildDigest({ companyId, day: '2026-03-12', entries: [], previous: first.link, createdAt: '2026-03-12T22:45:00.000Z' });
    expect(verifyDay({ companyId, day: '2026-03-12', digestBody: elsewhere.body, entries: [], before: second.link }).findings).toEqual([
      { kind: 'brokenChain', day: '2026-03-12', detail: 'the digest names 2026-03-10 as the one before, not 2026-03-11' },
    ]);
    const restarted = buildDigest({ companyId, day: '2026-03-12', entries: [], previous: null, createdAt: '2026-03-12T22:45:00.000Z' });
    expect(verifyDay({ companyId, day: '2026-03-12', digestBody: restarted.body, entries: [], before: second.link }).findings).toEqual([
      { kind: 'brokenChain', day: '2026-03-12', detail: 'the digest names no previous digest, though 2026-03-11 has one' },
    ]);
    // The chain's first digest now is the 11th's, which names the 10th's: that one is gone.
    expect(verifyDay({ companyId, day: '2026-03-11', digestBody: second.body, entries: [], before: null }).findings).toEqual([
      { kind: 'missingDigest', day: '2026-03-10', detail: 'the digest of 2026-03-11 names it as the one before' },
    ]);
  });

  it('of another day or company, or not a digest at all, breaks the chain', () => {
    expect(verifyDay({ companyId, day: '2026-03-11', digestBody: first.body, entries: [], before: first.link }).findings).toEqual([
      { kind: 'brokenChain', day: '2026-03-11', detail: 'the digest is the one of company-chain on 2026-03-10' },
    ]);
    expect(verifyDay({ companyId: 'company-other', day: '2026-03-10', digestBody: first.body, entries: [], before: null }).findings).toHaveLength(1);
    expect(verifyDay({ companyId, day: '2026-03-10', digestBody: '{"not":"a digest"}', entries: [a], before: null }).findings).toEqual([
      { kind: 'brokenChain', day: '2026-03-10', detail: 'the digest cannot be read' },
    ]);
  });
});
