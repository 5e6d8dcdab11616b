import { beforeAll, describe, expect, it } from 'vitest';
import { dashboardSummarySchema, turnoverAnswerSchema, turnoverMonthsOf } from '@shared/dashboard';
import { rigaDateOf } from '@shared/dates';
import { monthsBefore } from '@shared/dates';
import { createOwnCompany, recordPayments, type OwnCompany } from './company-fixtures';
import { api, fixtureCloud, signIn } from './support';

const today = rigaDateOf(new Date());
/** The 15th of the month `months` before this one: a Riga day inside that month whatever today is. */
const dayMonthsAgo = (months: number) => `${monthsBefore(today, months).slice(0, 7)}-15`;

let company: OwnCompany;
let token: string;

beforeAll(async () => {
  company = await createOwnCompany(fixtureCloud(), { availableCents: 1_234_567, reservedCents: 8_950 });
  token = await signIn(company.email, undefined, company.phone);
  await recordPayments(fixtureCloud(), company.companyId, [
    { day: dayMonthsAgo(11), amountCents: -1_000 },
    { day: dayMonthsAgo(11), amountCents: -2_550 },
    { day: dayMonthsAgo(4), amountCents: -10_000, mccGroup: 'restaurants' },
    // A refund counts against the month's spending.
    { day: dayMonthsAgo(4), amountCents: 1_500 },
    { day: dayMonthsAgo(0), amountCents: -99 },
    // Older than any period: in no bar.
    { day: dayMonthsAgo(13), amountCents: -7_777 },
  ]);
});

describe('GET /dashboard/summary', () => {
  it("answers the main account's available amount and the reserved total of the counters, with when they were read", async () => {
    const before = Date.now();
    const answer = await api('GET', '/dashboard/summary', { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const summary = dashboardSummarySchema.parse(answer.body);
    expect(summary).toMatchObject({ availableCents: 1_234_567, reservedCents: 8_950, currency: 'EUR' });
    expect(Date.parse(summary.asOf)).toBeGreaterThanOrEqual(before - 1_000);
    expect(Date.parse(summary.asOf)).toBeLessThanOrEqual(Date.now() + 1_000);
  });

  it('answers a reserved total of zero for a company whose counters hold none yet', async () => {
    const fresh = await createOwnCompany(fixtureCloud(), { availableCents: 500, reservedCents: null });
    const answer = await api('GET', '/dashboard/summary', { token: await signIn(fresh.email, undefined, fresh.phone) });
    expect(answer.status).toBe(200);
    expect(dashboardSummarySchema.parse(answer.body)).toMatchObject({ availableCents: 500, reservedCents: 0 });
  });
});

describe('GET /dashboard/turnover', () => {
  it("sums each month's card spending from the month tallies, every month of the year present, oldest first", async () => {
    const answer = await api('GET', '/dashboard/turnover', { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { months } = turnoverAnswerSchema.parse(answer.body);
    expect(months.map((m) => m.month)).toEqual(turnoverMonthsOf('1y', today));
    const byMonth = Object.fromEntries(months.map((m) => [m.month, m]));
    expect(byMonth[dayMonthsAgo(11).slice(0, 7)]).toEqual({ month: dayMonthsAgo(11).slice(0, 7), spentCents: 3_550, count: 2 });
    expect(byMonth[dayMonthsAgo(4).slice(0, 7)]).toEqual({ month: dayMonthsAgo(4).slice(0, 7), spentCents: 8_500, count: 2 });
    expect(byMonth[dayMonthsAgo(0).slice(0, 7)]).toEqual({ month: dayMonthsAgo(0).slice(0, 7), spentCents: 99, count: 1 });
    const empty = months.filter((m) => ![11, 4, 0].map((n) => dayMonthsAgo(n).slice(0, 7)).includes(m.month));
    expect(empty).toHaveLength(9);
    for (const month of empty) expect(month).toMatchObject({ spentCents: 0, count: 0 });
  });

  it('covers only the months of the period asked for', async () => {
    const answer = await api('GET', '/dashboard/turnover?dateLimit=6m', { token });
    expect(answer.status).toBe(200);
    const { months } = turnoverAnswerSchema.parse(answer.body);
    expect(months.map((m) => m.month)).toEqual(turnoverMonthsOf('6m', today));
    expect(months.reduce((sum, m) => sum + m.spentCents, 0)).toBe(8_599);

    const lastMonth = turnoverAnswerSchema.parse((await api('GET', '/dashboard/turnover?dateLimit=1m', { token })).body);
    expect(lastMonth.months).toEqual([{ month: today.slice(0, 7), spentCents: 99, count: 1 }]);
  });

  it('refuses a period that is not one of the periods with a field message', async () => {
    const answer = await api('GET', '/dashboard/turnover?dateLimit=2y', { token });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { dateLimit: expect.any(String) } });
  });
});

describe('tenancy and roles', () => {
  it("shows another company's member only their own company's numbers", async () => {
    const other = await createOwnCompany(fixtureCloud(), { availableCents: 42, reservedCents: 0, role: 'accountant' });
    const otherToken = await signIn(other.email, undefined, other.phone);
    const summary = dashboardSummarySchema.parse((await api('GET', '/dashboard/summary', { token: otherToken })).body);
    expect(summary).toMatchObject({ availableCents: 42, reservedCents: 0 });
    const { months } = turnoverAnswerSchema.parse((await api('GET', '/dashboard/turnover', { token: otherToken })).body);
    expect(months.every((m) => m.spentCents === 0 && m.count === 0)).toBe(true);
  });

  it('answers 401 without a token', async () => {
    expect((await api('GET', '/dashboard/summary')).status).toBe(401);
    expect((await api('GET', '/dashboard/turnover')).status).toBe(401);
  });
});
