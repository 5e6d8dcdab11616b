import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cardHistoryAnswerSchema, cardHistoryPageSize, type CardHistoryEntry } from '@shared/cardholder';
import { formatDate } from '@shared/date-format';
import { entities, keys } from '@functions/platform/keys';
import { createOwnCompany, putItems } from './company-fixtures';
import { putEmployees, type FixtureEmployee } from './funding-fixtures';
import { allowNextCardCode, claimCardholderPhone } from './cardholder-fixtures';
import { employeePaymentItem } from './transaction-fixtures';
import { api, asFunction, fixtureCloud, outbox, signIn } from './support';

/**
 * Issue 32: the employee's /card history shows the money her company put on the card (date and company name) beside
 * her payments, and a reversed payment as money returned. Each company is the test's own, so every line is known.
 */
async function companyWithCardholders(count: number) {
  const cloud = fixtureCloud();
  const company = await createOwnCompany(cloud, { role: 'manager', availableCents: 1_000_000 });
  const employees = await putEmployees(cloud, company.companyId, count, 'active', `hist-${randomUUID().slice(0, 4)}`);
  for (const employee of employees) await claimCardholderPhone(cloud, company.companyId, employee);
  const token = await signIn(company.email, undefined, company.phone);
  return { company, employees, token };
}

const fund = async (token: string, employeeId: string, amountCents: number) => {
  const answer = await api('POST', `/employees/${employeeId}/funds`, { token, body: { amountCents }, headers: { 'Idempotency-Key': randomUUID() } });
  expect(answer.status).toBe(200);
};

async function cardSession(phone: string): Promise<string> {
  await allowNextCardCode(fixtureCloud(), phone);
  const since = Date.now();
  expect((await api('POST', '/card/sign-in/code', { body: { phone } })).status).toBe(200);
  let code = '';
  await expect
    .poll(async () => {
      code = (await outbox()).find((entry) => entry.channel === 'sms' && entry.to === `+${phone}` && Date.parse(entry.at) >= since)?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  const answer = await api('POST', '/card/sign-in', { body: { phone, code } });
  expect(answer.status).toBe(200);
  return (answer.body as { token: string }).token;
}

async function history(token: string, cursor?: string) {
  const answer = await api('GET', cursor === undefined ? '/card/history' : `/card/history?cursor=${cursor}`, { token });
  expect(answer.status).toBe(200);
  return cardHistoryAnswerSchema.parse(answer.body);
}

/** Every line of her history, page after page. */
async function wholeHistory(token: string): Promise<{ entries: CardHistoryEntry[]; pages: number }> {
  const entries: CardHistoryEntry[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await history(token, cursor);
    entries.push(...page.entries);
    pages += 1;
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined && pages < 20);
  return { entries, pages };
}

/** A payment of hers written as the authorization flow leaves it, `status` as given. */
function payment(companyId: string, employee: FixtureEmployee, employeeSeq: number, status: 'regular' | 'reversed' | 'authorization', amountCents: number) {
  const executedAt = new Date(Date.now() - 60_000 + employeeSeq).toISOString();
  return employeePaymentItem(companyId, employee, { employeeSeq, status, amountCents, executedAt, description: `Shop ${employeeSeq}`, merchant: `Shop ${employeeSeq}` });
}

describe('GET /card/history', () => {
  it("shows a funding with its date and the company's name, and a reversed payment as money returned, never another card's lines", async () => {
    const { company, employees, token } = await companyWithCardholders(2);
    const [her, colleague] = employees as [FixtureEmployee, FixtureEmployee];
    const other = await companyWithCardholders(1);
    const [stranger] = other.employees as [FixtureEmployee];

    await putItems(fixtureCloud(), [payment(company.companyId, her, 1, 'regular', -2_000), payment(company.companyId, her, 2, 'reversed', -1_299)]);
    await fund(token, her.employeeId, 2_550);
    await fund(token, colleague.employeeId, 9_999);
    await fund(other.token, stranger.employeeId, 7_777);

    const session = await cardSession(her.phone);
    const page = await history(session);
    expect(page.nextCursor).toBeNull();
    expect(page.entries.map((entry) => entry.kind)).toEqual(['received', 'returned', 'payment']);
    const [received, returned, paid] = page.entries;
    expect(received).toMatchObject({ kind: 'received', amountCents: 2_550, companyName: company.name });
    expect(formatDate(received?.at ?? '')).toBe(formatDate(new Date()));
    expect(formatDate(received?.at ?? '')).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(returned).toMatchObject({ kind: 'returned', amountCents: 1_299, description: 'Shop 2' });
    expect(paid).toMatchObject({ kind: 'payment', amountCents: -2_000, status: 'regular' });
    const amounts = page.entries.map((entry) => entry.amountCents);
    expect(amounts).not.toContain(9_999);
    expect(amounts).not.toContain(7_777);
    expect(JSON.stringify(page)).not.toContain(other.company.name);

    // The colleague's session sees her own funding only, and the stranger's his.
    expect((await history(await cardSession(colleague.phone))).entries).toEqual([expect.objectContaining({ kind: 'received', amountCents: 9_999, companyName: company.name })]);
    expect((await history(await cardSession(stranger.phone))).entries).toEqual([expect.objectContaining({ kind: 'received', amountCents: 7_777, companyName: other.company.name })]);
  });

  it('pages a long history newest first, each line once, and refuses a cursor it did not make', async () => {
    const { company, employees, token } = await companyWithCardholders(1);
    const [her] = employees as [FixtureEmployee];
    await putItems(fixtureCloud(), Array.from({ length: 12 }, (_, index) => payment(company.companyId, her, index + 1, 'regular', -(100 + index))));
    for (let index = 0; index < 25; index += 1) await fund(token, her.employeeId, 1_000 + index);

    const session = await cardSession(her.phone);
    const { entries, pages } = await wholeHistory(session);
    expect(pages).toBe(Math.ceil(37 / cardHistoryPageSize));
    expect(entries).toHaveLength(37);
    expect(new Set(entries.map((entry) => `${entry.kind}:${entry.id}`)).size).toBe(37);
    const times = entries.map((entry) => entry.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(entries.filter((entry) => entry.kind === 'received').map((entry) => entry.amountCents)).toEqual(Array.from({ length: 25 }, (_, index) => 1_024 - index));

    expect(await api('GET', '/card/history?cursor=bm90LWEtY3Vyc29y', { token: session })).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(await api('GET', '/card/history?cursor=has%20spaces', { token: session })).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  });

  it('shows a funding written before the card statement existed once the deploy job has indexed it, and a second run indexes nothing', async () => {
    const { company, employees } = await companyWithCardholders(1);
    const [her] = employees as [FixtureEmployee];
    const at = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const movementId = `legacy-${randomUUID()}`;
    // Both legs as ledger.ts wrote them before issue 32: the main account's in its statement, hers in none.
    const leg = (account: string, amountCents: number, index: number) => ({
      ...keys.ledgerEntry(company.companyId, at, movementId, index),
      ...(account === 'main' ? keys.mainLedgerEntry(company.companyId, at, movementId, index) : {}),
      entity: entities.ledgerEntry,
      companyId: company.companyId,
      movementId,
      kind: 'employee_funding',
      description: `${her.name} ${her.surname}`,
      employeeId: her.employeeId,
      account,
      amountCents,
      at,
    });
    await putItems(fixtureCloud(), [leg('main', -4_321, 0), leg(`employee:${her.employeeId}`, 4_321, 1)]);
    const session = await cardSession(her.phone);
    expect((await history(session)).entries.map((entry) => entry.amountCents)).not.toContain(4_321);

    const indexCardStatements = asFunction('funding/index-card-statements', (await import('@functions/funding/index-card-statements')).handler);
    expect(await indexCardStatements({})).toEqual({ indexed: expect.any(Number) });
    expect((await history(session)).entries).toEqual([expect.objectContaining({ kind: 'received', amountCents: 4_321, companyName: company.name })]);
    expect(await indexCardStatements({})).toEqual({ indexed: 0 });
    // The deploy job scans the whole table twice, and the table is every integration file's: beside a 5,000-row
    // employee import (tens of thousands of items) on a 2-core machine, two scans took more than the default 30 s.
  }, 180_000);

  it('answers 401 without a card session: no token, a made-up one, a staff member\'s token', async () => {
    const { token } = await companyWithCardholders(1);
    expect(await api('GET', '/card/history')).toMatchObject({ status: 401 });
    expect(await api('GET', '/card/history', { token: 'not-a-session' })).toMatchObject({ status: 401, body: { code: 'CARDHOLDER_SESSION_ENDED' } });
    expect(await api('GET', '/card/history', { token })).toMatchObject({ status: 401, body: { code: 'CARDHOLDER_SESSION_ENDED' } });
  });
});
