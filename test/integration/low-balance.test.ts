import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { mainAccountSchema } from '@shared/accounts';
import { resetEnvForTests } from '@functions/platform/env';
import { keys } from '@functions/platform/keys';
import type * as Money from '@functions/money';
import { createOwnCompany } from './company-fixtures';
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
    const mailsOf = async () => (await outbox()).filter((entry) => entry.channel === 'email' && entry.to === company.email && entry.subject === 'The main account is below your alert threshold');
    const first = await waitFor(mailsOf, (mails) => mails.length > 0);
    // The balance when it crossed (the transfer that took it below), and where to top up.
    expect(first[0]?.body).toMatch(/has EUR (4\d|3\d|2\d)\.00 available, below the EUR 50\.00/);
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
});
