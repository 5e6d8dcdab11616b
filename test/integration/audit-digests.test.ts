import { spawnSync } from 'node:child_process';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityVerificationSchema } from '@shared/activity';
import { rigaDateOf } from '@shared/dates';
import { nextDay, rigaDayStartMs } from '@shared/day-range';
import { auditItem, type Actor } from '@functions/platform/audit';
import { auditDigestObjectKey, keys } from '@functions/platform/keys';
import { dayBefore, daysFrom, lastDigestibleDay, type AuditFinding } from '@functions/activity/audit-chain';
import { readDigest, type AuditDigestStore } from '@functions/activity/audit-digest-store';
import { digestCompany, verifyAuditTrail } from '@functions/activity/audit-digests';
import { projectRoot } from '../../infra/local/settings';
import { createOwnCompany, putItems, type OwnCompany } from './company-fixtures';
import { api, asFunction, cloud, documents, emulators, fixtureCloud, signIn } from './support';

/**
 * Issue 31, the tamper-evident audit trail, against DynamoDB Local and s3rver: the digest job digests a company's days
 * once, and a record changed, one deleted, a whole day deleted and one inserted straight into the table afterwards are
 * each named by `npm run audit:verify`, while an untouched day verifies; the activity screen's check says the same.
 */
const store = (): AuditDigestStore => ({
  dynamodb: emulators().dynamodb,
  documents: documents(),
  s3: emulators().s3,
  tableName: cloud().tableName,
  bucket: cloud().handlerEnvironment.AUDIT_DIGESTS_BUCKET ?? '',
});

const manager: Actor = { kind: 'company_user', userId: 'user-manager', name: 'Marta Vadītāja', role: 'manager' };
const today = () => rigaDateOf(new Date());
const daysAgo = (count: number) => {
  let day = today();
  for (let step = 0; step < count; step += 1) day = dayBefore(day);
  return day;
};
/** A moment of a Riga day: `hour` hours after its midnight, or its last millisecond. */
const on = (day: string, hour: number | 'last') => new Date(hour === 'last' ? rigaDayStartMs(nextDay(day)) - 1 : rigaDayStartMs(day) + hour * 3_600_000).toISOString();

let company: OwnCompany;
let token: string;
const days = { wholeDay: daysAgo(6), changed: daysAgo(5), deleted: daysAgo(4), inserted: daysAgo(3), untouched: daysAgo(2) };
const records: Record<string, Record<string, unknown>> = {};

function record(name: string, day: string, hour: number | 'last', amountCents: number): Record<string, unknown> {
  const item = auditItem({ companyId: company.companyId, actor: manager, action: 'funds.add', target: { type: 'company', id: company.companyId }, before: {}, after: { amountCents }, at: on(day, hour) });
  records[name] = item;
  return item;
}
const idOf = (name: string) => String(records[name]?.auditId);
const skOf = (name: string) => String(records[name]?.sk);

async function verification() {
  const answer = await api('GET', '/activity/verification', { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return activityVerificationSchema.parse(answer.body);
}

function runVerify(...args: string[]): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'infra/operator/verify-audit.ts', '--company', company.companyId, '--table', cloud().tableName, '--bucket', store().bucket, ...args], {
    cwd: projectRoot,
    // As against a deployment: the SDK's own variables, here pointing at the emulators.
    env: { ...process.env, ...cloud().handlerEnvironment },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

beforeAll(async () => {
  company = await createOwnCompany(fixtureCloud(), { role: 'owner' });
  await putItems(fixtureCloud(), [
    record('wholeDay', days.wholeDay, 9, 500),
    record('changed', days.changed, 10, 1_000),
    record('keptOfChanged', days.changed, 11, 1_100),
    record('deleted', days.deleted, 12, 2_000),
    record('keptOfDeleted', days.deleted, 13, 2_100),
    record('keptOfInserted', days.inserted, 8, 3_000),
    record('untouched', days.untouched, 14, 4_000),
    // The first minute of the day and the last: the Riga day's bounds, not UTC's.
    record('untouchedAtMidnight', days.untouched, 0, 4_100),
    record('untouchedLast', days.untouched, 'last', 4_200),
  ]);
  token = await signIn(company.email, undefined, company.phone);
}, 60_000);

describe('the digest job', () => {
  it('digests every day from the first record to the last one over, empty days too, chained, and the screen says verified', async () => {
    const now = new Date();
    const outcome = await digestCompany(store(), company.companyId, now);
    const digested = [...daysFrom(days.wholeDay, lastDigestibleDay(now))];
    expect(outcome).toMatchObject({ written: digested.length, findings: [] });
    expect(outcome.check).toMatchObject({ verifiedThrough: lastDigestibleDay(now), problem: null });
    const untouched = JSON.parse((await readDigest(store(), company.companyId, days.untouched)) ?? '{}') as { count: number; entries: { auditId: string }[]; previous: { day: string } };
    expect(untouched.entries.map((entry) => entry.auditId)).toEqual([idOf('untouchedAtMidnight'), idOf('untouched'), idOf('untouchedLast')]);
    expect(untouched.previous.day).toBe(days.inserted);
    // A day without records has a digest of none, so deleting a whole day later is seen too.
    expect(JSON.parse((await readDigest(store(), company.companyId, dayBefore(days.untouched))) ?? '{}')).toMatchObject({ count: 1 });
    expect(await readDigest(store(), company.companyId, today())).toBeNull();

    expect(await verification()).toEqual({ verifiedThrough: lastDigestibleDay(now), checkedAt: now.toISOString(), problem: null });
  });

  it('run again for the same days writes nothing and leaves every digest as it was', async () => {
    const before = await Promise.all([...daysFrom(days.wholeDay, days.untouched)].map((day) => readDigest(store(), company.companyId, day)));
    const again = await digestCompany(store(), company.companyId, new Date());
    expect(again).toMatchObject({ written: 0, findings: [] });
    const after = await Promise.all([...daysFrom(days.wholeDay, days.untouched)].map((day) => readDigest(store(), company.companyId, day)));
    expect(after).toEqual(before);
  });
});

describe('npm run audit:verify', () => {
  it('verifies the untouched trail', async () => {
    const report = await verifyAuditTrail(store(), company.companyId, {}, new Date());
    expect(report).toMatchObject({ chainStart: days.wholeDay, from: days.wholeDay, records: 9, findings: [] });
    const run = runVerify();
    expect(run.output).toContain('Verified: every record matches');
    expect(run.status).toBe(0);
  });

  it('names a record changed, one deleted, a whole day deleted and one inserted in the table, and an untouched day verifies', async () => {
    const table = { TableName: cloud().tableName };
    await documents().send(new UpdateCommand({ ...table, Key: keys.auditRecord(company.companyId, String(records.changed?.at), idOf('changed')), UpdateExpression: 'SET #after.amountCents = :cents', ExpressionAttributeNames: { '#after': 'after' }, ExpressionAttributeValues: { ':cents': 100_000 } }));
    await documents().send(new DeleteCommand({ ...table, Key: keys.auditRecord(company.companyId, String(records.deleted?.at), idOf('deleted')) }));
    await documents().send(new DeleteCommand({ ...table, Key: keys.auditRecord(company.companyId, String(records.wholeDay?.at), idOf('wholeDay')) }));
    // Written now with an older time, as a forger (or a late writer) would: its day was digested without it.
    await putItems(fixtureCloud(), [record('inserted', days.inserted, 9, 9_900)]);

    const report = await verifyAuditTrail(store(), company.companyId, {}, new Date());
    const expected: AuditFinding[] = [
      { kind: 'removed', day: days.wholeDay, auditId: idOf('wholeDay'), sk: skOf('wholeDay') },
      { kind: 'changed', day: days.changed, auditId: idOf('changed'), sk: skOf('changed') },
      { kind: 'removed', day: days.deleted, auditId: idOf('deleted'), sk: skOf('deleted') },
      { kind: 'added', day: days.inserted, auditId: idOf('inserted'), sk: skOf('inserted') },
    ];
    expect(report.findings).toEqual(expected);

    const run = runVerify();
    expect(run.status).toBe(1);
    expect(run.output).toContain('4 findings:');
    for (const [word, name] of [['REMOVED', 'wholeDay'], ['CHANGED', 'changed'], ['REMOVED', 'deleted'], ['ADDED', 'inserted']] as const) {
      expect(run.output).toMatch(new RegExp(`${word} record ${idOf(name)} at `));
    }
    const untouchedOnly = runVerify('--from', days.untouched, '--to', days.untouched);
    expect(untouchedOnly.output).toContain(`${days.untouched} to ${days.untouched}: 1 day, 3 records`);
    expect(untouchedOnly.status).toBe(0);
  });

  it('names a digest that is missing (s3rver has no Object Lock: here one can be deleted)', async () => {
    await emulators().s3.send(new DeleteObjectCommand({ Bucket: store().bucket, Key: auditDigestObjectKey(company.companyId, days.untouched) }));
    const report = await verifyAuditTrail(store(), company.companyId, { from: days.untouched }, new Date());
    expect(report.findings).toEqual([{ kind: 'missingDigest', day: days.untouched }]);
  });

  it('refuses arguments it cannot use, saying which', () => {
    const run = runVerify('--from', '2026-02-30');
    expect(run.status).toBe(2);
    expect(run.output).toContain('--from: a day of the calendar');
  });
});

describe('the whole job', () => {
  it("seals every active company's log, the seeded year of Baltic Logistics included, and finds nothing wrong", async () => {
    // Imported here: the job's clients are made at module load, once the test cloud's environment is in place.
    const digestAuditTrails = asFunction('activity/digest-audit-trail', (await import('@functions/activity/digest-audit-trail')).digestAuditTrails);
    const summary = await digestAuditTrails(new Date());
    // The job takes the companies an approval made active (the fixture company above was written straight to the table).
    expect(summary).toMatchObject({ mismatched: 0, findings: 0 });
    expect(summary.companies).toBeGreaterThan(3);
    expect(summary.written).toBeGreaterThan(300);
    const baltic = await verifyAuditTrail(store(), 'company-baltic', {}, new Date());
    expect(baltic.days).toBeGreaterThan(300);
    expect(baltic.records).toBeGreaterThan(100);
    expect(baltic.findings).toEqual([]);
  }, 120_000);
});

describe("the activity screen's check", () => {
  it('shows the first problem once the job has checked the records again', async () => {
    const outcome = await digestCompany(store(), company.companyId, new Date());
    expect(outcome.findings.length).toBeGreaterThanOrEqual(4);
    expect(await verification()).toMatchObject({ verifiedThrough: null, problem: { kind: 'removed', day: days.wholeDay } });
  });
});
