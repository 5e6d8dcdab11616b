import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { mainAccountSchema } from '@shared/accounts';
import { activityAnswerSchema } from '@shared/activity';
import { resetEnvForTests } from '@functions/platform/env';
import { keys } from '@functions/platform/keys';
import type * as Money from '@functions/money';
import { createOwnCompany, joinCompany, leaveCompany } from './company-fixtures';
import { waitFor } from './employee-fixtures';
import { putEmployees } from './funding-fixtures';
import { api, cloud, documents, fixtureCloud, outbox, signIn } from './support';

/** The owners' low-balance alert (issue 21): one e-mail per crossing of the threshold, not one per transfer. */
let money: typeof Money;

beforeAll(async () => {
  Object.assign(process.env, cloud().handlerEnvironment);
  resetEnvForTests();
  money = await import('@functions/money');
});

describe('the low-balance alert', () => {
  it('e-mails the owners once when concurrent transfers take the balance below the threshold, and again only after a top-up ended the crossing', async () => {
    const company = await createOwnCompany(fixtureCloud(), { role: 'owner', availableCents: 10_000 });
    const employees = await putEmployees(fixtureCloud(), company.companyId, 10, 'active', 'low');
    const token = await signIn(company.email, undefined, company.phone);
    const account = async () => mainAccountSchema.parse((await api('GET', '/accounts/main', { token })).body);

    const bad = await api('PUT', '/accounts/main/low-balance-alert', { token, body: { thresholdCents: 0 } });
    expect([bad.status, (bad.body as { fields?: Record<string, string> }).fields]).toEqual([400, { thresholdCents: 'AMOUNT_NOT_POSITIVE' }]);
    const set = await api('PUT', '/accounts/main/low-balance-alert', { token, body: { thresholdCents: 5_000 } });
    expect(mainAccountSchema.parse(set.body)).toMatchObject({ lowBalanceThresholdCents: 5_000, lowBalanceSince: null });

    // Ten transfers of EUR 8 at once: the balance falls from 100 to 20, crossing 50 once.
    const answers = await Promise.all(
      employees.map((employee) => api('POST', `/employees/${employee.employeeId}/funds`, { token, body: { amountCents: 800 }, headers: { 'Idempotency-Key': randomUUID() } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(employees.map(() => 200));
    const below = await account();
    expect(below).toMatchObject({ availableCents: 2_000, lowBalanceThresholdCents: 5_000 });
    expect(below.lowBalanceSince).not.toBeNull();
    const mailsOf = async () => (await outbox()).filter((entry) => entry.channel === 'email' && entry.to === company.email && entry.subject === "The main account is below the company's alert threshold");
    const first = await waitFor(mailsOf, (mails) => mails.length > 0);
    // The balance when it crossed (the transfer that took it below), and where to top up.
    expect(first[0]?.body).toMatch(/has EUR (4\d|3\d|2\d)\.00 available, below the alert threshold of EUR 50\.00/);
    expect(first[0]?.body).toContain('LV00 TEST');

    // A top-up ends the crossing (the top-up's own check clears the mark) ...
    await documents().send(
      new UpdateCommand({ TableName: cloud().tableName, Key: keys.mainAccount(company.companyId), UpdateExpression: 'SET availableCents = :cents', ExpressionAttributeValues: { ':cents': 9_000 } }),
    );
    await money.alertOnLowBalance(company.companyId);
    expect((await account()).lowBalanceSince).toBeNull();
    // ... so the next fall below is a new crossing, told again.
    await api('POST', `/employees/${employees[0]!.employeeId}/funds`, { token, body: { amountCents: 5_000 }, headers: { 'Idempotency-Key': randomUUID() } });
    const both = await waitFor(mailsOf, (mails) => mails.length >= 2);
    expect(both).toHaveLength(2);

    const off = await api('PUT', '/accounts/main/low-balance-alert', { token, body: { thresholdCents: null } });
    expect(mainAccountSchema.parse(off.body)).toMatchObject({ lowBalanceThresholdCents: null, lowBalanceSince: null });
  });

  it("e-mails exactly the members the owner chose, an accountant included; refuses a non-member and any role but owner", async () => {
    const company = await createOwnCompany(fixtureCloud(), { role: 'owner', availableCents: 10_000 });
    // Each has a company of their own; joined here as this company's accountant and manager.
    const accountant = await createOwnCompany(fixtureCloud(), { role: 'accountant' });
    const manager = await createOwnCompany(fixtureCloud(), { role: 'manager' });
    await joinCompany(fixtureCloud(), accountant.userId, company.companyId, 'accountant');
    await joinCompany(fixtureCloud(), manager.userId, company.companyId, 'manager');
    const stranger = await createOwnCompany(fixtureCloud());
    const [employee] = await putEmployees(fixtureCloud(), company.companyId, 1, 'active', 'rcpt');
    const token = await signIn(company.email, undefined, company.phone);
    const account = async () => mainAccountSchema.parse((await api('GET', '/accounts/main', { token })).body);

    // Someone who is not a member: 400 on the field, and nothing changes.
    const refused = await api('PUT', '/accounts/main/low-balance-alert', { token, body: { thresholdCents: 5_000, recipientIds: [accountant.userId, stranger.userId] } });
    expect([refused.status, refused.body]).toMatchObject([400, { code: 'VALIDATION_FAILED', fields: { recipientIds: 'RECIPIENT_NOT_MEMBER' } }]);
    expect(await account()).toMatchObject({ lowBalanceThresholdCents: null, lowBalanceRecipientIds: [] });

    // Only owners choose: the manager and the accountant, acting on this company, are refused.
    for (const member of [manager, accountant]) {
      const memberToken = await signIn(member.email, undefined, member.phone);
      const answer = await api('PUT', '/accounts/main/low-balance-alert', { token: memberToken, body: { thresholdCents: 5_000, recipientIds: [member.userId] }, headers: { 'x-company-id': company.companyId } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(403);
    }

    const set = await api('PUT', '/accounts/main/low-balance-alert', { token, body: { thresholdCents: 5_000, recipientIds: [accountant.userId] } });
    expect(mainAccountSchema.parse(set.body)).toMatchObject({ lowBalanceThresholdCents: 5_000, lowBalanceRecipientIds: [accountant.userId] });
    // Audited as the threshold is: who gets it, by e-mail, before and after.
    const log = activityAnswerSchema.parse((await api('GET', '/activity?type=account&itemsPerPage=100', { token })).body);
    expect(log.rows.find((row) => row.action === 'lowBalance.threshold')).toMatchObject({ before: { thresholdCents: null, alertRecipients: '' }, after: { thresholdCents: 5_000, alertRecipients: accountant.email } });

    const subject = "The main account is below the company's alert threshold";
    const mailsTo = async (email: string) => (await outbox()).filter((entry) => entry.channel === 'email' && entry.to === email && entry.subject === subject);
    await api('POST', `/employees/${employee!.employeeId}/funds`, { token, body: { amountCents: 6_000 }, headers: { 'Idempotency-Key': randomUUID() } });
    expect(await waitFor(() => mailsTo(accountant.email), (mails) => mails.length > 0)).toHaveLength(1);
    // The owner and the manager were not chosen: nothing for them (written in the same transaction as the accountant's).
    expect(await mailsTo(company.email)).toEqual([]);
    expect(await mailsTo(manager.email)).toEqual([]);

    // The accountant leaves: the next crossing goes to the owners again, not to someone outside the company.
    await leaveCompany(fixtureCloud(), accountant.userId, company.companyId);
    await documents().send(
      new UpdateCommand({ TableName: cloud().tableName, Key: keys.mainAccount(company.companyId), UpdateExpression: 'SET availableCents = :cents', ExpressionAttributeValues: { ':cents': 9_000 } }),
    );
    await money.alertOnLowBalance(company.companyId);
    await api('POST', `/employees/${employee!.employeeId}/funds`, { token, body: { amountCents: 6_000 }, headers: { 'Idempotency-Key': randomUUID() } });
    expect(await waitFor(() => mailsTo(company.email), (mails) => mails.length > 0)).toHaveLength(1);
    expect(await mailsTo(accountant.email)).toHaveLength(1);
  });
});
