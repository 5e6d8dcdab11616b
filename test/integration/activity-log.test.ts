import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { activityAnswerSchema, activityFiltersSchema, activityTypeOf, type ActivityRow } from '@shared/activity';
import { backgroundFileAnswerSchema, exportAvailabilitySchema, exportFileSchema } from '@shared/exports';
import { rigaDateOf } from '@shared/dates';
import { auditItem, systemActor, type Actor, type AuditEntry } from '@functions/platform/audit';
import { keys } from '@functions/platform/keys';
import { resetEnvForTests } from '@functions/platform/env';
import { createOwnCompany, putItems, type OwnCompany } from './company-fixtures';
import { waitFor } from './employee-fixtures';
import { api, cloud, documents, download, fixtureCloud, signIn } from './support';
import { addListedEmployees, type ListedEmployee } from './transaction-fixtures';

/**
 * The activity log (issue 21) against DynamoDB Local through the local API: a company sees its own audit trail only,
 * newest first, a page at a time by cursor; filters by who acted, the action's type, one employee and days; and the
 * CSV comes through the background-file protocol. Records are written as the use cases write them (auditItem), and
 * one through a real action.
 */
const errorBody = z.object({ code: z.string(), fields: z.record(z.string(), z.string()).optional() });

let company: OwnCompany;
let other: OwnCompany;
let token: string;
let otherToken: string;
let employees: ListedEmployee[];
/** Company A's records, newest first, as the list should show them. */
let written: (AuditEntry & { auditId: string })[];
/** How many records the other company's log holds. */
let foreignCount: number;

const day = 86_400_000;
const at = (daysAgo: number, minute: number) => new Date(Date.now() - daysAgo * day - minute * 60_000).toISOString();

async function list(query: string, as = token) {
  const answer = await api('GET', `/activity?${query}`, { token: as });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return activityAnswerSchema.parse(answer.body);
}

/** Every row of a list, following the cursors; also answers how many pages it took. */
async function allPages(query: string, as = token): Promise<{ rows: ActivityRow[]; pages: number }> {
  const rows: ActivityRow[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await list(`${query}${cursor ? `&cursor=${cursor}` : ''}`, as);
    rows.push(...page.rows);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 50);
  return { rows, pages };
}

const ids = (rows: readonly { id?: string; auditId?: string }[]) => rows.map((row) => row.id ?? row.auditId);
/** The card network's authorizations, which the log lists only when asked to include card payments (issue 31). */
const isCardPayment = (entry: Pick<AuditEntry, 'action'>) => activityTypeOf(entry.action) === 'card_payments';
/** What a list shows by default: the records `keep` allows, but no card payment. */
const expected = (keep: (entry: AuditEntry) => boolean = () => true) => written.filter((entry) => keep(entry) && !isCardPayment(entry)).map((entry) => entry.auditId);
const expectedWithCardPayments = (keep: (entry: AuditEntry) => boolean = () => true) => written.filter(keep).map((entry) => entry.auditId);

beforeAll(async () => {
  [company, other] = await Promise.all([createOwnCompany(fixtureCloud(), { role: 'owner' }), createOwnCompany(fixtureCloud(), { role: 'owner' })]);
  employees = await addListedEmployees(fixtureCloud(), company.companyId, [
    { name: 'Anna', surname: 'Ozola', personalCode: '010190-20001', phone: '37120000201' },
    { name: 'Jānis', surname: 'Kalniņš', personalCode: '020290-20002', phone: '37120000202' },
  ]);
  const [anna, janis] = employees as [ListedEmployee, ListedEmployee];
  const manager: Actor = { kind: 'company_user', userId: 'user-manager', name: 'Marta Vadītāja', role: 'manager' };
  const admin: Actor = { kind: 'admin', userId: 'user-admin', name: 'Ilze Liepa', role: 'provider_admin' };
  const entries: AuditEntry[] = [];
  // 30 records over 40 days, newest first: card actions by the manager, funding, fees and payments by the system, a
  // top-up by the admin; every third concerns Anna, every fifth Jānis.
  for (let index = 0; index < 30; index += 1) {
    const concerned = index % 3 === 0 ? anna : index % 5 === 0 ? janis : null;
    const kind = index % 4;
    const base = { companyId: company.companyId, at: at(index + 1 + (index >= 25 ? 10 : 0), index) };
    if (kind === 0 && concerned) entries.push({ ...base, actor: manager, action: 'card.block', target: { type: 'employee', id: concerned.employeeId }, before: { cardStatus: 'active' }, after: { cardStatus: 'soft_blocked' } });
    else if (kind === 1 && concerned) entries.push({ ...base, actor: manager, action: 'funds.add', target: { type: 'employee', id: concerned.employeeId }, before: {}, after: { amountCents: 1_000 + index, movementId: `m-${index}` } });
    else if (kind === 2) entries.push({ ...base, actor: systemActor, action: 'fee.monthly', target: { type: 'employee', id: (concerned ?? anna).employeeId }, before: {}, after: { month: '2026-01', feeCents: 150 } });
    else if (concerned) entries.push({ ...base, actor: systemActor, action: 'authorization.approved', target: { type: 'company', id: company.companyId }, before: { employeeId: concerned.employeeId }, after: { employeeId: concerned.employeeId, amountCents: 500 } });
    else entries.push({ ...base, actor: admin, action: 'main_account.top_up', target: { type: 'company', id: company.companyId }, before: {}, after: { amountCents: 100_000, bookingDate: '2026-01-05' } });
  }
  const items = entries.map((entry) => auditItem(entry));
  written = items.map((item, index) => ({ ...(entries[index] as AuditEntry), auditId: String(item.auditId) }));
  // The other company's records: the same employee ids and actors, newer than all of A's.
  const foreign = entries.slice(0, 12).map((entry) => auditItem({ ...entry, companyId: other.companyId, at: at(0, 1) }));
  await putItems(fixtureCloud(), [...items, ...foreign]);
  [token, otherToken] = await Promise.all([signIn(company.email, undefined, company.phone), signIn(other.email, undefined, other.phone)]);
  // A session's first request records its sign-in (issue 31): each log holds its owner's, the newest of its records.
  await Promise.all([api('GET', '/users/profile', { token }), api('GET', '/users/profile', { token: otherToken })]);
  written = [...(await signInsOf(company.companyId)), ...written];
  foreignCount = foreign.filter((item) => !isCardPayment(item as unknown as AuditEntry)).length + (await signInsOf(other.companyId)).length;
});

/** The sign-ins a company's log holds, newest first, as the records the portal wrote. */
async function signInsOf(companyId: string): Promise<(AuditEntry & { auditId: string })[]> {
  const answer = await documents().send(
    new QueryCommand({ TableName: cloud().tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.auditRecord(companyId, '', '').pk }, ScanIndexForward: false }),
  );
  return (answer.Items ?? []).filter((item) => item.action === 'user.sign_in').map((item) => item as AuditEntry & { auditId: string });
}

describe('GET /activity', () => {
  it('pages the whole log newest first by cursor, each row once, and ends with no cursor', async () => {
    const first = await list('itemsPerPage=10&cardPayments=include');
    expect(first.rows).toHaveLength(10);
    expect(first.nextCursor).not.toBeNull();
    const { rows, pages } = await allPages('itemsPerPage=10&cardPayments=include');
    expect(pages).toBe(Math.ceil(written.length / 10));
    expect(ids(rows)).toEqual(expectedWithCardPayments());
    const top = rows[0];
    expect(top).toMatchObject({ action: written[0]?.action, type: activityTypeOf(written[0]?.action ?? '') });
  });

  it('names the employee a record concerns, a card payment by the employee in its values', async () => {
    const rows = (await allPages('itemsPerPage=100')).rows;
    const fee = rows.find((row) => row.action === 'fee.monthly');
    expect(fee?.employee?.name).toMatch(/^(Anna Ozola|Jānis Kalniņš)$/);
    const payment = (await allPages('itemsPerPage=100&cardPayments=include')).rows.find((row) => row.action === 'authorization.approved');
    expect(payment?.employee?.name).toMatch(/^(Anna Ozola|Jānis Kalniņš)$/);
    // The provider's admin acts as the card provider: the company is not given the person's name (issue 31).
    const topUp = rows.find((row) => row.action === 'main_account.top_up');
    expect(topUp).toMatchObject({ employee: null, actor: { kind: 'admin', name: null } });
  });

  it('filters by who acted, by the type of action, by both, by one employee, and by one employee and a type', async () => {
    const byActor = await allPages('itemsPerPage=10&actor=system');
    expect(ids(byActor.rows)).toEqual(expected((entry) => entry.actor.kind === 'system'));
    const byActorWithPayments = await allPages('itemsPerPage=10&actor=system&cardPayments=include');
    expect(ids(byActorWithPayments.rows)).toEqual(expectedWithCardPayments((entry) => entry.actor.kind === 'system'));
    const payments = await allPages('itemsPerPage=10&type=card_payments');
    expect(ids(payments.rows)).toEqual(expectedWithCardPayments(isCardPayment));
    const byType = await allPages('itemsPerPage=10&type=cards');
    expect(ids(byType.rows)).toEqual(expected((entry) => entry.action === 'card.block'));
    const both = await allPages('itemsPerPage=10&actor=company_user&type=funding');
    expect(ids(both.rows)).toEqual(expected((entry) => entry.action === 'funds.add'));
    const anna = (employees[0] as ListedEmployee).employeeId;
    const ofAnna = await allPages(`itemsPerPage=10&employeeId=${anna}`);
    // Her history is what targets her: card actions, payments to her and her card's fees (issue 31), not the card
    // payments naming her, which are the company's.
    expect(ids(ofAnna.rows)).toEqual(expected((entry) => entry.target.type === 'employee' && entry.target.id === anna));
    expect(ofAnna.rows.every((row) => row.employee?.name === 'Anna Ozola')).toBe(true);
    const annaFunded = await allPages(`itemsPerPage=10&employeeId=${anna}&type=funding`);
    expect(ids(annaFunded.rows)).toEqual(expected((entry) => entry.target.id === anna && entry.action === 'funds.add'));
  });

  it('filters by Riga days, and the period counts back from today', async () => {
    const from = rigaDateOf(new Date(Date.now() - 10 * day));
    const to = rigaDateOf(new Date(Date.now() - 5 * day));
    const ranged = await allPages(`itemsPerPage=100&dateFrom=${from}&dateTo=${to}`);
    expect(ids(ranged.rows)).toEqual(expected((entry) => rigaDateOf(new Date(entry.at)) >= from && rigaDateOf(new Date(entry.at)) <= to));
    expect(ranged.rows.length).toBeGreaterThan(3);
    const month = await allPages('itemsPerPage=100&dateLimit=1m');
    expect(month.rows.length).toBeLessThan(written.length);
    expect(month.rows.length).toBeGreaterThan(20);
  });

  it("never shows another company's records: not in its list, not by its employee ids, not after a cursor of theirs", async () => {
    const mine = await allPages('itemsPerPage=100');
    expect(mine.rows.every((row) => written.some((entry) => entry.auditId === row.id))).toBe(true);
    const theirs = await allPages('itemsPerPage=100', otherToken);
    expect(theirs.rows).toHaveLength(foreignCount);
    expect(theirs.rows.some((row) => written.some((entry) => entry.auditId === row.id))).toBe(false);
    // The other company names A's employee: its own records of that id, never A's.
    const anna = (employees[0] as ListedEmployee).employeeId;
    const foreignAnna = await allPages(`itemsPerPage=100&employeeId=${anna}`, otherToken);
    expect(foreignAnna.rows.some((row) => written.some((entry) => entry.auditId === row.id))).toBe(false);
    // A cursor is a place in time, never a company: A's cursor in B's hands lists B's older records only.
    const aCursor = (await list('itemsPerPage=10')).nextCursor ?? '';
    const withForeignCursor = await list(`itemsPerPage=100&cursor=${aCursor}`, otherToken);
    expect(withForeignCursor.rows.some((row) => written.some((entry) => entry.auditId === row.id))).toBe(false);
  });

  it('lists a real action at the top: an owner blocking app access', async () => {
    const janis = (employees[1] as ListedEmployee).employeeId;
    const blocked = await api('POST', `/employees/${janis}/device/block`, { token, body: {} });
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
    const top = (await list('itemsPerPage=10&type=app_access')).rows[0];
    expect(top).toMatchObject({ action: 'device.block', type: 'app_access', actor: { kind: 'company_user', role: 'owner' }, employee: { employeeId: janis, name: 'Jānis Kalniņš' }, before: { deviceStatus: 'active' }, after: { deviceStatus: 'blocked' } });
    await api('POST', `/employees/${janis}/device/unblock`, { token, body: {} });
  });

  it('refuses a cursor it never gave, an unknown actor or type, and days after today, changing nothing', async () => {
    const forged = await api('GET', `/activity?cursor=${Buffer.from('COMPANY#x#AUDIT').toString('base64url')}`, { token });
    expect(forged.status).toBe(400);
    expect(errorBody.parse(forged.body).fields).toEqual({ cursor: 'INVALID_VALUE' });
    expect((await api('GET', '/activity?cursor=not%20a%20cursor', { token })).status).toBe(400);
    expect((await api('GET', '/activity?actor=robot', { token })).status).toBe(400);
    expect((await api('GET', '/activity?type=everything', { token })).status).toBe(400);
    const tomorrow = rigaDateOf(new Date(Date.now() + day));
    const future = await api('GET', `/activity?dateTo=${tomorrow}`, { token });
    expect(errorBody.parse(future.body).fields).toEqual({ dateTo: 'DATE_IN_FUTURE' });
  });
});

describe('card payments in the log (issue 31)', () => {
  it('are left out by default, listed with cardPayments=include, and the parameter takes nothing else', async () => {
    const byDefault = await allPages('itemsPerPage=10');
    // The records of the real action above (app access blocked and unblocked) are newer than the written ones.
    const known = new Set(written.map((entry) => entry.auditId));
    expect(ids(byDefault.rows.filter((row) => known.has(row.id)))).toEqual(expected());
    expect(byDefault.rows.some((row) => row.type === 'card_payments')).toBe(false);
    const included = await allPages('itemsPerPage=10&cardPayments=include');
    expect(included.rows.filter((row) => row.type === 'card_payments').length).toBe(written.filter(isCardPayment).length);
    expect((await api('GET', '/activity?cardPayments=yes', { token })).status).toBe(400);
    expect((await api('GET', '/activity/export?cardPayments=all', { token })).status).toBe(400);
  });

  it("keep a page's reads to a page per partition however many authorizations are newer than people's actions", async () => {
    // The handlers' environment: the page is read here as the handler reads it, to count what DynamoDB read.
    Object.assign(process.env, cloud().handlerEnvironment);
    resetEnvForTests();
    const { readActivityPage } = await import('@functions/activity/activity-pages');
    const flooded = await createOwnCompany(fixtureCloud(), { role: 'owner' });
    const [payer] = await addListedEmployees(fixtureCloud(), flooded.companyId, [{ name: 'Laura', surname: 'Kalna', personalCode: '030390-20003', phone: '37120000203' }]);
    const manager: Actor = { kind: 'company_user', userId: 'user-manager', name: 'Marta Vadītāja', role: 'manager' };
    const people = Array.from({ length: 12 }, (_, index) =>
      auditItem({ companyId: flooded.companyId, actor: manager, action: 'limits.change', target: { type: 'employee', id: payer?.employeeId ?? '' }, before: { limitCents: 100_000 }, after: { limitCents: 100_100 + index }, at: at(1, index) }),
    );
    const authorizations = Array.from({ length: 300 }, (_, index) =>
      auditItem({ companyId: flooded.companyId, actor: systemActor, action: 'authorization.approved', target: { type: 'company', id: flooded.companyId }, before: { employeeId: payer?.employeeId ?? '' }, after: { employeeId: payer?.employeeId ?? '', amountCents: 100 + index }, at: at(0, index + 1) }),
    );
    await putItems(fixtureCloud(), [...people, ...authorizations]);
    const filters = activityFiltersSchema.parse({});
    const page = await readActivityPage({ companyId: flooded.companyId, filters, itemsPerPage: 10 });
    expect(page.rows.map((row) => row.action)).toEqual(Array(10).fill('limits.change'));
    // At most a page and two from each of the 60 (actor, type) partitions, and the page's one employee: never the 300.
    expect(page.itemsRead).toBeLessThanOrEqual(12 + 1);
    const withPayments = await readActivityPage({ companyId: flooded.companyId, filters: activityFiltersSchema.parse({ cardPayments: 'include' }), itemsPerPage: 10 });
    expect(withPayments.rows.every((row) => row.type === 'card_payments')).toBe(true);
    expect(withPayments.itemsRead).toBeLessThanOrEqual(11 + 1);
  });
});

describe('GET /activity/export', () => {
  async function fileText(query: string, as = token): Promise<string> {
    const started = backgroundFileAnswerSchema.parse((await api('GET', `/activity/export?${query}`, { token: as })).body);
    const fileId = started.fileId ?? '';
    expect(started.timeRemaining).toBeGreaterThan(0);
    await waitFor(
      async () => exportAvailabilitySchema.parse((await api('GET', `/exports/${fileId}/availability`, { token: as })).body).available,
      (available) => available,
    );
    const { url, fileName } = exportFileSchema.parse((await api('GET', `/exports/${fileId}/file`, { token: as })).body);
    expect(fileName).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
    // The other company cannot reach the file.
    expect((await api('GET', `/exports/${fileId}/file`, { token: as === token ? otherToken : token })).status).toBe(404);
    return (await download(url)).bytes.toString('utf8');
  }

  it('writes the filtered records in the asked language, one line each, newest first', async () => {
    const text = await fileText('lang=en&type=funding');
    const lines = text.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('When,Who,Action,Type,Concerns,Change');
    const funding = written.filter((entry) => entry.action === 'funds.add');
    expect(lines).toHaveLength(funding.length + 1);
    expect(lines[1]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2},Marta Vadītāja \(company user\),Funds added,Funding,(Anna Ozola|Jānis Kalniņš),Amount: €\d+\.\d{2}$/);

    const latvian = (await fileText('lang=lv&actor=admin')).slice(1).split('\r\n').filter(Boolean);
    expect(latvian[0]).toBe('Kad,Kas,Darbība,Veids,Attiecas uz,Izmaiņa');
    expect(latvian).toHaveLength(written.filter((entry) => entry.actor.kind === 'admin').length + 1);
    expect(latvian[1]).toContain('Pamatkonts papildināts');
    // The provider's admin is the card provider, in the file's language, never by name (issue 31).
    expect(latvian[1]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2},Karšu nodrošinātājs,Pamatkonts papildināts,Pamatkonts un maksas,Pamatkonts,"Summa: 1\s000,00\s€; Grāmatošanas datums: 05\.01\.2026"$/);
    expect(latvian.join('\n')).not.toContain('Ilze Liepa');
  });

  it('leaves card payments out as the list does, and holds them with cardPayments=include, in Russian too', async () => {
    const lines = (await fileText('lang=ru&actor=system')).slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Когда,Кто,Действие,Тип,Касается,Изменение');
    expect(lines).toHaveLength(written.filter((entry) => entry.actor.kind === 'system' && !isCardPayment(entry)).length + 1);
    expect(lines.slice(1).every((line) => line.includes(',Система,Списана ежемесячная плата за карту,'))).toBe(true);
    const included = (await fileText('lang=ru&actor=system&cardPayments=include')).slice(1).split('\r\n').filter(Boolean);
    expect(included).toHaveLength(written.filter((entry) => entry.actor.kind === 'system').length + 1);
    expect(included.filter((line) => line.includes(',Платёж картой одобрен,Платежи картой,'))).toHaveLength(written.filter(isCardPayment).length);
  });

  it("holds only the caller's company's records", async () => {
    const lines = (await fileText('lang=en', otherToken)).slice(1).split('\r\n').filter(Boolean);
    // The header, the company's records, and the file's own request, recorded as it was asked for.
    expect(lines).toHaveLength(1 + foreignCount + 1);
  });
});
