import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { cardHistoryAnswerSchema, cardViewSchema } from '@shared/cardholder';
import { employeeDetailSchema } from '@shared/employees';
import { rigaDateOf } from '@shared/dates';
import { transactionItem } from '../../functions/transactions/card-transactions';
import { keys } from '../../functions/platform/keys';
import { api, cloud, documents, outbox, signIn } from './support';

const companyId = 'company-fleet';
// The 19th employee of Cēsu Flote (seeded active, with app access): the other suites add employees of their own.
const employeeId = 'fleet-emp-019';
const unknownPhone = '37129999999';

let managerToken: Promise<string> | undefined;
const manager = () => (managerToken ??= signIn('fleet-manager@test.local'));

async function employee() {
  const answer = await api('GET', `/employees/${employeeId}`, { token: await manager() });
  expect(answer.status).toBe(200);
  return employeeDetailSchema.parse(answer.body);
}

let phone = '';

/** The texts sent to a phone since a moment, newest first. */
async function textsTo(to: string, since: number) {
  return (await outbox()).filter((entry) => entry.channel === 'sms' && entry.to === `+${to}` && Date.parse(entry.at) >= since);
}

/** Asks for a code as the page does and reads it from the text that arrives, as the employee would. */
async function requestCode(): Promise<{ code: string; text: string }> {
  const since = Date.now();
  expect(await api('POST', '/card/sign-in/code', { body: { phone } })).toMatchObject({ status: 200, body: { sent: true } });
  await expect.poll(async () => (await textsTo(phone, since)).length).toBe(1);
  const [sms] = await textsTo(phone, since);
  if (!sms?.code) throw new Error(`no code in the text to +${phone}`);
  return { code: sms.code, text: sms.body };
}

/** The next code may be asked for at once: the 30-second wait between codes is tested on its own. */
async function allowNextCode(): Promise<void> {
  await documents().send(
    new UpdateCommand({
      TableName: cloud().tableName,
      Key: keys.cardholderSignInCode(phone),
      UpdateExpression: 'SET requestedAt = :long_ago',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':long_ago': Date.now() - 60_000 },
    }),
  ).catch(() => undefined);
}

async function signInAsEmployee(): Promise<string> {
  await allowNextCode();
  const { code } = await requestCode();
  const answer = await api('POST', '/card/sign-in', { body: { phone, code } });
  expect(answer.status).toBe(200);
  return z.object({ token: z.string() }).parse(answer.body).token;
}

const wrongCodeOf = (code: string) => (code === '000000' ? '111111' : '000000');

/** Twelve of the employee's transactions, one a day, the newest two still pending. */
const transactions = Array.from({ length: 12 }, (_, day) => {
  const executedAt = new Date(Date.UTC(2026, 0, 20 - day, 10, 30)).toISOString();
  // Far above what the authorization suites reach in this company, so these puts never overwrite their transactions.
  const seq = 900_000 + 12 - day;
  return transactionItem({
    companyId,
    transactionId: `tx-cardholder-${day}`,
    authorizationId: null,
    seq,
    employeeSeq: 12 - day,
    groupSeq: seq,
    day: rigaDateOf(new Date(executedAt)),
    employeeId,
    employeeName: 'Test Employee',
    personalCode: null,
    phone: null,
    amountCents: -(100 + day),
    executedAt,
    processedAt: day < 2 ? null : new Date(Date.parse(executedAt) + 86_400_000).toISOString(),
    description: `Shop ${day}`,
    merchantCategoryCode: '5411',
    mccGroup: 'groceries',
    merchantId: `M${day}`,
    reference: `REF${day}`,
    beneficiary: `Shop ${day}`,
    remitter: 'Test Employee',
    status: day < 2 ? 'authorization' : 'regular',
  });
});

beforeAll(async () => {
  const seeded = await employee();
  expect(seeded).toMatchObject({ cardStatus: 'active', deviceStatus: 'active' });
  phone = seeded.phone ?? '';
  expect(phone).toMatch(/^37129\d{6}$/);
  // No API sets app access back to created: arranged here, so the first sign-in is seen activating it.
  await documents().send(
    new UpdateCommand({ TableName: cloud().tableName, Key: keys.employee(companyId, employeeId), UpdateExpression: 'SET deviceStatus = :created', ExpressionAttributeValues: { ':created': 'created' } }),
  );
  for (const item of transactions) await documents().send(new PutCommand({ TableName: cloud().tableName, Item: item }));
});

afterAll(async () => {
  const now = await employee();
  if (now.deviceStatus === 'blocked') await api('POST', `/employees/${employeeId}/device/unblock`, { token: await manager(), body: {} });
});

describe('the employee signs in to /card by phone and SMS code', () => {
  it('texts a code in Latvian and English, refuses a second one within 30 s, a wrong one and a used one, and activates the app access', async () => {
    const { code, text } = await requestCode();
    expect(text).toContain(`${code} ir jūsu kartes pieslēgšanās kods`);
    expect(text).toContain(`${code} is your card sign-in code`);
    expect(await api('POST', '/card/sign-in/code', { body: { phone } })).toMatchObject({ status: 429, body: { code: 'TOO_MANY_REQUESTS' } });

    const wrong = await api('POST', '/card/sign-in', { body: { phone, code: wrongCodeOf(code) } });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'CARDHOLDER_CODE_INVALID', fields: { code: 'INVALID_CODE' } } });

    const signedIn = await api('POST', '/card/sign-in', { body: { phone, code } });
    expect(signedIn.status).toBe(200);
    const session = z.object({ token: z.string().min(32), expiresAt: z.iso.datetime() }).parse(signedIn.body);
    const minutesLeft = (Date.parse(session.expiresAt) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(29);
    expect(minutesLeft).toBeLessThanOrEqual(30);

    expect(await api('POST', '/card/sign-in', { body: { phone, code } })).toMatchObject({ status: 410, body: { code: 'PHONE_CODE_EXPIRED' } });

    const seenByCompany = await employee();
    expect(seenByCompany.deviceStatus).toBe('active');
    expect(seenByCompany.history[0]).toMatchObject({ action: 'device.sign_in', changedBy: 'employee', before: { deviceStatus: 'created' }, after: { deviceStatus: 'active' } });
    await api('POST', '/card/sign-out', { token: session.token });
  });

  it('shows the card with its balance and limits, and its transactions newest first in the history', async () => {
    const token = await signInAsEmployee();
    const company = await employee();
    const answer = await api('GET', '/card', { token });
    expect(answer.status).toBe(200);
    const card = cardViewSchema.parse(answer.body);
    expect(card).toMatchObject({
      name: company.name,
      surname: company.surname,
      lastCardDigits: company.lastCardDigits,
      cardStatus: 'active',
      balanceCents: company.balanceCents,
      reservedCents: company.reservedCents,
      limitCents: company.limitCents,
      usedCents: company.usedCents,
      actions: ['block'],
    });
    const history = await api('GET', '/card/history', { token });
    expect(history.status).toBe(200);
    const { entries } = cardHistoryAnswerSchema.parse(history.body);
    expect(entries.filter((entry) => entry.kind === 'payment').map((entry) => [entry.id, entry.amountCents, entry.description, entry.status])).toEqual(
      transactions.map((t) => [t.transactionId, t.amountCents, t.description, t.status]),
    );
    await api('POST', '/card/sign-out', { token });
  });

  it('blocks and unblocks the card, and the company sees both as changed by the employee', async () => {
    const token = await signInAsEmployee();
    const blocked = await api('POST', '/card/block', { token });
    expect(blocked).toMatchObject({ status: 200, body: { cardStatus: 'soft_blocked', actions: ['unblock'] } });
    const afterBlock = await employee();
    expect(afterBlock).toMatchObject({ cardStatus: 'soft_blocked', cardStatusChangedBy: 'employee' });
    expect(afterBlock.history[0]).toMatchObject({ action: 'card.block', changedBy: 'employee', actorName: `${afterBlock.name} ${afterBlock.surname}` });

    expect(await api('POST', '/card/block', { token })).toMatchObject({ status: 409, body: { code: 'CARD_ACTION_NOT_ALLOWED' } });

    const unblocked = await api('POST', '/card/unblock', { token });
    expect(unblocked).toMatchObject({ status: 200, body: { cardStatus: 'active', actions: ['block'] } });
    expect(await employee()).toMatchObject({ cardStatus: 'active', cardStatusChangedBy: 'employee' });
    await api('POST', '/card/sign-out', { token });
  });

  it('leaves a block the company made for the company to lift', async () => {
    const token = await signInAsEmployee();
    expect(await api('POST', `/employees/${employeeId}/card/block`, { token: await manager(), body: {} })).toMatchObject({ status: 200 });
    expect(await api('GET', '/card', { token })).toMatchObject({ status: 200, body: { cardStatus: 'soft_blocked', actions: [] } });
    expect(await api('POST', '/card/unblock', { token })).toMatchObject({ status: 409, body: { code: 'CARD_ACTION_NOT_ALLOWED' } });
    expect(await employee()).toMatchObject({ cardStatus: 'soft_blocked', cardStatusChangedBy: 'company_user' });
    expect(await api('POST', `/employees/${employeeId}/card/unblock`, { token: await manager(), body: {} })).toMatchObject({ status: 200 });
    await api('POST', '/card/sign-out', { token });
  });

  it('ends the session on sign-out', async () => {
    const token = await signInAsEmployee();
    expect(await api('GET', '/card', { token })).toMatchObject({ status: 200 });
    expect(await api('POST', '/card/sign-out', { token })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await api('GET', '/card', { token })).toMatchObject({ status: 401, body: { code: 'CARDHOLDER_SESSION_ENDED' } });
    expect(await api('POST', '/card/block', { token })).toMatchObject({ status: 401 });
  });

  it('answers 401 to no token, a made-up one and a staff member\'s Cognito token', async () => {
    expect(await api('GET', '/card')).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    expect(await api('GET', '/card', { token: 'not-a-session' })).toMatchObject({ status: 401, body: { code: 'CARDHOLDER_SESSION_ENDED' } });
    expect(await api('GET', '/card', { token: await manager() })).toMatchObject({ status: 401, body: { code: 'CARDHOLDER_SESSION_ENDED' } });
    expect(await api('GET', '/card/history')).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    expect(await api('GET', '/card/history', { token: await manager() })).toMatchObject({ status: 401, body: { code: 'CARDHOLDER_SESSION_ENDED' } });
  });

  it('burns a code after five wrong tries, and refuses an expired one', async () => {
    await allowNextCode();
    const { code } = await requestCode();
    for (let attempt = 1; attempt < 5; attempt += 1) {
      expect(await api('POST', '/card/sign-in', { body: { phone, code: wrongCodeOf(code) } }), `try ${attempt}`).toMatchObject({ status: 400 });
    }
    expect(await api('POST', '/card/sign-in', { body: { phone, code: wrongCodeOf(code) } })).toMatchObject({ status: 410, body: { code: 'PHONE_CODE_EXPIRED' } });
    expect(await api('POST', '/card/sign-in', { body: { phone, code } })).toMatchObject({ status: 410, body: { code: 'PHONE_CODE_EXPIRED' } });

    await allowNextCode();
    const fresh = await requestCode();
    await documents().send(
      new UpdateCommand({ TableName: cloud().tableName, Key: keys.cardholderSignInCode(phone), UpdateExpression: 'SET expiresAt = :past', ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 } }),
    );
    expect(await api('POST', '/card/sign-in', { body: { phone, code: fresh.code } })).toMatchObject({ status: 410, body: { code: 'PHONE_CODE_EXPIRED' } });
  });

  it('tells nothing about a phone that has no card: the same answer, no text, a wrong code as for anyone', async () => {
    const since = Date.now();
    expect(await api('POST', '/card/sign-in/code', { body: { phone: unknownPhone } })).toMatchObject({ status: 200, body: { sent: true } });
    expect(await api('POST', '/card/sign-in/code', { body: { phone: unknownPhone } })).toMatchObject({ status: 429, body: { code: 'TOO_MANY_REQUESTS' } });
    expect(await api('POST', '/card/sign-in', { body: { phone: unknownPhone, code: '123456' } })).toMatchObject({
      status: 400,
      body: { code: 'CARDHOLDER_CODE_INVALID', fields: { code: 'INVALID_CODE' } },
    });
    expect(await textsTo(unknownPhone, since)).toEqual([]);
  });

  it('refuses malformed input with field codes', async () => {
    expect(await api('POST', '/card/sign-in/code', { body: { phone: '+371 2999' } })).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', fields: { phone: 'INVALID_PHONE' } } });
    expect(await api('POST', '/card/sign-in', { body: { phone, code: '12ab' } })).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', fields: { code: 'INVALID_CODE' } } });
  });

  it('closes /card once the company blocks the app access: the open session, a code sent before, and new codes', async () => {
    const token = await signInAsEmployee();
    await allowNextCode();
    const { code } = await requestCode();
    expect(await api('POST', `/employees/${employeeId}/device/block`, { token: await manager(), body: {} })).toMatchObject({ status: 200 });

    expect(await api('GET', '/card', { token })).toMatchObject({ status: 403, body: { code: 'CARDHOLDER_ACCESS_BLOCKED' } });
    expect(await api('POST', '/card/block', { token })).toMatchObject({ status: 403, body: { code: 'CARDHOLDER_ACCESS_BLOCKED' } });
    expect(await api('POST', '/card/sign-in', { body: { phone, code } })).toMatchObject({ status: 403, body: { code: 'CARDHOLDER_ACCESS_BLOCKED' } });

    await allowNextCode();
    const since = Date.now();
    expect(await api('POST', '/card/sign-in/code', { body: { phone } })).toMatchObject({ status: 200, body: { sent: true } });
    expect(await textsTo(phone, since)).toEqual([]);

    expect(await api('POST', `/employees/${employeeId}/device/unblock`, { token: await manager(), body: {} })).toMatchObject({ status: 200 });
    expect(await api('GET', '/card', { token })).toMatchObject({ status: 200 });
    await api('POST', '/card/sign-out', { token });
  });
});
