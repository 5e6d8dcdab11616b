import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { authorizationHoldDays, type AuthorizationEvent, type AuthorizationRequest } from '@shared/authorizations';
import type { MerchantCategoryGroup } from '@shared/cards';
import { rigaDateOf } from '@shared/dates';
import { issuerSignatureHeader } from '@shared/issuer-events';
import type { releaseExpiredAuthorizations as ReleaseFn } from '@functions/authorizations/release-expired-authorizations';
import { signIssuerEvent } from '@functions/issuer/issuer-signature';
import { keys, sequenceKey } from '@functions/platform/keys';
import { resetEnvForTests } from '@functions/platform/env';
import { localIssuerWebhookSecret } from '../../infra/local/local-cloud';
import { api, asFunction, cloud, documents } from './support';
import { waitFor } from './employee-fixtures';
import { employeeIn, employeeItem, fleetCompanyId, managerToken, tokenOf, fleetManager, type ArrangedState } from './employee-fixtures';

let releaseExpiredAuthorizations: typeof ReleaseFn;

beforeAll(async () => {
  // The release job runs in the test process, as its schedule would run it: with the handlers' environment.
  Object.assign(process.env, cloud().handlerEnvironment);
  resetEnvForTests();
  releaseExpiredAuthorizations = asFunction('authorizations/release-expired-authorizations', (await import('@functions/authorizations/release-expired-authorizations')).releaseExpiredAuthorizations);
  await tokenOf(fleetManager);
});

/** Posts a body to an issuer route as the issuer does: the raw body signed with the shared secret. */
function signedPost(path: string, body: unknown, options: { secret?: string; signature?: string | null } = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const signature = options.signature === undefined ? signIssuerEvent(options.secret ?? localIssuerWebhookSecret, text) : options.signature;
  return api('POST', path, { rawBody: text, headers: signature === null ? {} : { [issuerSignatureHeader]: signature } });
}

const groceries = '5411';
const fuel = '5541';

function paymentOf(cardId: string, amountCents: number, merchantCategoryCode = groceries): AuthorizationRequest {
  return {
    authorizationId: `auth_test_${randomUUID()}`,
    cardId,
    amountCents,
    merchantCategoryCode,
    merchantId: 'M-RIMI-01',
    merchantName: 'Rimi Hypermarket',
    reference: `REF${Date.now()}`,
    occurredAt: new Date().toISOString(),
  };
}

const authorize = (request: AuthorizationRequest) => signedPost('/issuer/authorizations', request);
const report = (event: AuthorizationEvent) => signedPost('/issuer/authorization-events', event);
const settled = (authorizationId: string, amountCents: number): AuthorizationEvent => ({ eventId: `evt_${randomUUID()}`, type: 'authorization.settled', authorizationId, amountCents, occurredAt: new Date().toISOString() });
const reversed = (authorizationId: string): AuthorizationEvent => ({ eventId: `evt_${randomUUID()}`, type: 'authorization.reversed', authorizationId, occurredAt: new Date().toISOString() });

/** A fresh employee of the fleet with an active card of its own holding `balanceCents`. */
async function cardHolding(balanceCents: number, state: Partial<ArrangedState> = {}): Promise<{ employeeId: string; cardId: string }> {
  const employee = await employeeIn({ cardStatus: 'active', balanceCents, ...state });
  if (!employee.cardId) throw new Error('the arranged employee has no card');
  return { employeeId: employee.employeeId, cardId: employee.cardId };
}

const cardAccount = z.object({
  balanceCents: z.number(),
  reservedCents: z.number(),
  pendingAuthorizations: z.number(),
  usedCents: z.number().default(0),
  annualUsedCents: z.number().default(0),
  transactionSeq: z.number().default(0),
});
const cardAccountOf = async (employeeId: string) => cardAccount.parse(await employeeItem(employeeId));

const countersOf = async () => z.object({ reservedCents: z.number().default(0), transactionSeq: z.number() }).parse((await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.counters(fleetCompanyId) }))).Item);

const storedTransaction = z.object({ seq: z.number(), employeeSeq: z.number(), status: z.string(), amountCents: z.number(), processedAt: z.string().nullable(), day: z.string(), mccGroup: z.string(), description: z.string() });

/** The employee's transactions, newest first, read as their list reads them (gsi1, by their own numbers). */
async function transactionsOf(employeeId: string) {
  const { gsi1pk } = keys.transactionsOfEmployee(fleetCompanyId, employeeId);
  const answer = await documents().send(
    new QueryCommand({ TableName: cloud().tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': gsi1pk }, ScanIndexForward: false }),
  );
  return (answer.Items ?? []).map((item) => storedTransaction.parse(item));
}

const tally = z.object({ count: z.number(), sumCents: z.number(), firstSeq: z.number(), lastSeq: z.number() });
async function dayTallyOf(employeeId: string, day: string) {
  const answer = await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.transactionTally(fleetCompanyId, `EMPLOYEE#${employeeId}`, `D#${day}`) }));
  return answer.Item ? tally.parse(answer.Item) : null;
}

async function setLimits(employeeId: string, limits: { limitCents: number; annualLimitCents: number; mccGroups: MerchantCategoryGroup[] }) {
  const answer = await api('PUT', `/employees/${employeeId}/limits`, { token: await managerToken(), body: limits });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

const authorizationItem = async (authorizationId: string) => (await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.authorization(authorizationId) }))).Item;

describe('POST /issuer/authorizations: the decision', () => {
  it.each(['soft_blocked', 'blocked', 'suspended', 'closed', 'delivered'] as const)('declines a %s card and reserves nothing', async (cardStatus) => {
    const card = await cardHolding(10_000, { cardStatus });
    const request = paymentOf(card.cardId, 1_000);
    expect(await authorize(request)).toMatchObject({ status: 200, body: { authorizationId: request.authorizationId, decision: 'declined', reason: 'card_not_active' } });
    expect(await cardAccountOf(card.employeeId)).toMatchObject({ balanceCents: 10_000, reservedCents: 0, pendingAuthorizations: 0 });
    expect(await transactionsOf(card.employeeId)).toEqual([]);
  });

  it('declines an unknown card', async () => {
    const request = paymentOf(`sbx_unknown_${randomUUID()}`, 1_000);
    expect(await authorize(request)).toMatchObject({ status: 200, body: { decision: 'declined', reason: 'unknown_card' } });
  });

  it('declines an amount above the available balance and approves the balance exactly', async () => {
    const card = await cardHolding(2_000);
    expect(await authorize(paymentOf(card.cardId, 2_001))).toMatchObject({ status: 200, body: { decision: 'declined', reason: 'insufficient_funds' } });
    expect(await authorize(paymentOf(card.cardId, 2_000))).toMatchObject({ status: 200, body: { decision: 'approved', reason: null } });
    expect(await cardAccountOf(card.employeeId)).toMatchObject({ balanceCents: 0, reservedCents: 2_000, pendingAuthorizations: 1 });
  });

  it('declines a merchant group the company does not allow, and a code in no group', async () => {
    const card = await cardHolding(10_000);
    await setLimits(card.employeeId, { limitCents: 50_000, annualLimitCents: 600_000, mccGroups: ['groceries'] });
    expect(await authorize(paymentOf(card.cardId, 1_000, fuel))).toMatchObject({ body: { decision: 'declined', reason: 'merchant_category_not_allowed' } });
    expect(await authorize(paymentOf(card.cardId, 1_000, '7995'))).toMatchObject({ body: { decision: 'declined', reason: 'merchant_category_not_allowed' } });
    expect(await authorize(paymentOf(card.cardId, 1_000, groceries))).toMatchObject({ body: { decision: 'approved' } });
  });

  it('counts what is reserved and what was settled this month against the monthly limit', async () => {
    const card = await cardHolding(100_000);
    await setLimits(card.employeeId, { limitCents: 5_000, annualLimitCents: 600_000, mccGroups: ['groceries'] });
    const first = paymentOf(card.cardId, 2_000);
    expect(await authorize(first)).toMatchObject({ body: { decision: 'approved' } });
    expect(await report(settled(first.authorizationId, 2_000))).toMatchObject({ status: 200, body: { applied: true } });
    expect(await authorize(paymentOf(card.cardId, 2_500))).toMatchObject({ body: { decision: 'approved' } });
    // 2,000 spent + 2,500 reserved: 501 more is over 5,000.
    expect(await authorize(paymentOf(card.cardId, 501))).toMatchObject({ body: { decision: 'declined', reason: 'monthly_limit_exceeded' } });
    expect(await authorize(paymentOf(card.cardId, 500))).toMatchObject({ body: { decision: 'approved' } });
    expect(await cardAccountOf(card.employeeId)).toMatchObject({ usedCents: 5_000, annualUsedCents: 5_000, reservedCents: 3_000, balanceCents: 95_000 });
  });

  it("counts this year's use against the annual limit", async () => {
    const card = await cardHolding(100_000);
    await setLimits(card.employeeId, { limitCents: 5_000, annualLimitCents: 6_000, mccGroups: ['groceries'] });
    // Earlier months of this year, as the counters would hold them (the month is over; its use stays in the year).
    const year = rigaDateOf(new Date()).slice(0, 4);
    await documents().send(
      new UpdateCommand({
        TableName: cloud().tableName,
        Key: keys.employee(fleetCompanyId, card.employeeId),
        UpdateExpression: 'SET annualUsedCents = :used, usedYear = :year',
        ExpressionAttributeValues: { ':used': 5_000, ':year': year },
      }),
    );
    expect(await authorize(paymentOf(card.cardId, 1_001))).toMatchObject({ body: { decision: 'declined', reason: 'annual_limit_exceeded' } });
    expect(await authorize(paymentOf(card.cardId, 1_000))).toMatchObject({ body: { decision: 'approved' } });
  });

  it('stores the decision: a replay answers the same and changes nothing, for approvals and declines', async () => {
    const card = await cardHolding(3_000);
    const approved = paymentOf(card.cardId, 2_000);
    expect(await authorize(approved)).toMatchObject({ body: { decision: 'approved' } });
    const after = await cardAccountOf(card.employeeId);
    expect(await authorize(approved)).toMatchObject({ status: 200, body: { authorizationId: approved.authorizationId, decision: 'approved', reason: null } });
    expect(await cardAccountOf(card.employeeId)).toEqual(after);
    expect(await transactionsOf(card.employeeId)).toHaveLength(1);

    const declined = paymentOf(card.cardId, 5_000);
    expect(await authorize(declined)).toMatchObject({ body: { decision: 'declined', reason: 'insufficient_funds' } });
    expect(await authorizationItem(declined.authorizationId)).toMatchObject({ decision: 'declined', declineReason: 'insufficient_funds', state: 'declined' });
    // The balance would now cover it, but the issuer's id was decided already.
    await documents().send(new UpdateCommand({ TableName: cloud().tableName, Key: keys.employee(fleetCompanyId, card.employeeId), UpdateExpression: 'ADD balanceCents :more', ExpressionAttributeValues: { ':more': 10_000 } }));
    expect(await authorize(declined)).toMatchObject({ body: { decision: 'declined', reason: 'insufficient_funds' } });
  });

  it('refuses a wrong, missing or malformed signature with 401 and decides nothing; a signed bad body is 400', async () => {
    const card = await cardHolding(5_000);
    const request = paymentOf(card.cardId, 1_000);
    const refused = { status: 401, body: { code: 'WEBHOOK_SIGNATURE_INVALID' } };
    expect(await signedPost('/issuer/authorizations', request, { secret: `${localIssuerWebhookSecret}-not-quite` })).toMatchObject(refused);
    expect(await signedPost('/issuer/authorizations', request, { signature: null })).toMatchObject(refused);
    expect(await signedPost('/issuer/authorizations', request, { signature: 't=1,v1=zz' })).toMatchObject(refused);
    expect(await signedPost('/issuer/authorization-events', reversed(request.authorizationId), { signature: null })).toMatchObject(refused);
    expect(await authorizationItem(request.authorizationId)).toBeUndefined();
    expect(await cardAccountOf(card.employeeId)).toMatchObject({ balanceCents: 5_000, reservedCents: 0 });

    expect(await signedPost('/issuer/authorizations', { ...request, amountCents: -5 })).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', fields: { amountCents: expect.any(String) } } });
    expect(await signedPost('/issuer/authorizations', '{"authorizationId":')).toMatchObject({ status: 400, body: { code: 'MALFORMED_JSON' } });
  });

  it('approves exactly one of two payments racing for the last euros', async () => {
    const card = await cardHolding(1_000);
    const racing = Array.from({ length: 6 }, () => paymentOf(card.cardId, 800));
    const answers = await Promise.all(racing.map((request) => authorize(request)));
    expect(answers.map((answer) => answer.status)).toEqual(racing.map(() => 200));
    const decisions = answers.map((answer) => z.object({ decision: z.string() }).parse(answer.body).decision);
    expect(decisions.filter((decision) => decision === 'approved')).toHaveLength(1);
    expect(await cardAccountOf(card.employeeId)).toMatchObject({ balanceCents: 200, reservedCents: 800, pendingAuthorizations: 1, transactionSeq: 1 });
  });

  it('numbers payments of different cards at once densely, each once', async () => {
    const cards = await Promise.all(Array.from({ length: 4 }, () => cardHolding(10_000)));
    const before = await countersOf();
    const answers = await Promise.all(cards.flatMap((card) => [authorize(paymentOf(card.cardId, 100)), authorize(paymentOf(card.cardId, 200))]));
    expect(answers.every((answer) => answer.status === 200 && (answer.body as { decision: string }).decision === 'approved')).toBe(true);
    const after = await countersOf();
    // Other suites' payments do not run in this file: the company's numbers moved by exactly these eight.
    expect(after.transactionSeq - before.transactionSeq).toBe(8);
    expect(after.reservedCents - before.reservedCents).toBe(4 * 300);
    const seqs = new Set<number>();
    for (const card of cards) {
      const own = await transactionsOf(card.employeeId);
      expect(own.map((transaction) => transaction.employeeSeq)).toEqual([2, 1]);
      for (const transaction of own) seqs.add(transaction.seq);
    }
    expect([...seqs].sort((a, b) => a - b)).toEqual(Array.from({ length: 8 }, (_, index) => before.transactionSeq + index + 1));
  });
});

describe('an approval, then its settlement, reversal or expiry', () => {
  it('reserves the amount and records a Pending transaction in the tallies and the company reserved total', async () => {
    const card = await cardHolding(10_000);
    const before = await countersOf();
    const request = paymentOf(card.cardId, 2_550);
    expect(await authorize(request)).toMatchObject({ body: { decision: 'approved' } });
    expect(await cardAccountOf(card.employeeId)).toMatchObject({ balanceCents: 7_450, reservedCents: 2_550, pendingAuthorizations: 1, usedCents: 2_550, transactionSeq: 1 });
    expect((await countersOf()).reservedCents - before.reservedCents).toBe(2_550);
    const [transaction] = await transactionsOf(card.employeeId);
    expect(transaction).toMatchObject({ status: 'authorization', amountCents: -2_550, processedAt: null, mccGroup: 'groceries', description: 'Rimi Hypermarket', employeeSeq: 1 });
    if (!transaction) throw new Error('no transaction');
    expect(await dayTallyOf(card.employeeId, transaction.day)).toEqual({ count: 1, sumCents: -2_550, firstSeq: 1, lastSeq: 1 });
    const stored = await authorizationItem(request.authorizationId);
    expect(stored).toMatchObject({ decision: 'approved', state: 'open', seq: transaction.seq, gsi2pk: 'AUTHORIZATIONS#OPEN' });
    const expiresIn = Date.parse(String(stored?.expiresAt)) - Date.now();
    expect(expiresIn).toBeGreaterThan((authorizationHoldDays - 1) * 86_400_000);
    const company = await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.transaction(fleetCompanyId, transaction.seq) }));
    expect(company.Item?.sk).toBe(sequenceKey(transaction.seq));
  });

  it('a settlement turns it Processed: the reservation becomes spent, once', async () => {
    const card = await cardHolding(10_000);
    const before = await countersOf();
    const request = paymentOf(card.cardId, 3_000);
    await authorize(request);
    const event = settled(request.authorizationId, 3_000);
    expect(await report(event)).toMatchObject({ status: 200, body: { received: true, applied: true } });
    expect(await cardAccountOf(card.employeeId)).toMatchObject({ balanceCents: 7_000, reservedCents: 0, pendingAuthorizations: 0, usedCents: 3_000 });
    expect((await countersOf()).reservedCents).toBe(before.reservedCents);
    const [transaction] = await transactionsOf(card.employeeId);
    expect(transaction).toMatchObject({ status: 'regular', amountCents: -3_000, processedAt: expect.any(String) });
    expect(await dayTallyOf(card.employeeId, transaction?.day ?? '')).toMatchObject({ count: 1, sumCents: -3_000 });
    expect(await authorizationItem(request.authorizationId)).toMatchObject({ state: 'settled', settledCents: 3_000, closedByEventId: event.eventId });
    expect((await authorizationItem(request.authorizationId))?.gsi2pk).toBeUndefined();

    // The same event again, or another settlement or reversal of it: nothing changes.
    expect(await report(event)).toMatchObject({ status: 200, body: { applied: false } });
    expect(await report(reversed(request.authorizationId))).toMatchObject({ status: 200, body: { applied: false } });
    expect(await cardAccountOf(card.employeeId)).toMatchObject({ balanceCents: 7_000, reservedCents: 0, pendingAuthorizations: 0 });
  });

  it('a partial settlement gives back what was not taken, to the balance and the limit', async () => {
    const card = await cardHolding(10_000);
    const request = paymentOf(card.cardId, 4_000);
    await authorize(request);
    expect(await report(settled(request.authorizationId, 3_250))).toMatchObject({ body: { applied: true } });
    expect(await cardAccountOf(card.employeeId)).toMatchObject({ balanceCents: 6_750, reservedCents: 0, pendingAuthorizations: 0, usedCents: 3_250, annualUsedCents: 3_250 });
    const [transaction] = await transactionsOf(card.employeeId);
    expect(transaction).toMatchObject({ status: 'regular', amountCents: -3_250 });
    expect(await dayTallyOf(card.employeeId, transaction?.day ?? '')).toMatchObject({ count: 1, sumCents: -3_250 });
  });

  it('refuses a settlement above the authorized amount with 422 and changes nothing', async () => {
    const card = await cardHolding(10_000);
    const request = paymentOf(card.cardId, 1_000);
    await authorize(request);
    expect(await report(settled(request.authorizationId, 1_001))).toMatchObject({ status: 422, body: { code: 'SETTLEMENT_ABOVE_AUTHORIZED' } });
    expect(await cardAccountOf(card.employeeId)).toMatchObject({ balanceCents: 9_000, reservedCents: 1_000, pendingAuthorizations: 1 });
  });

  it('a reversal releases the reservation and the limit, and the transaction shows Reversed', async () => {
    const card = await cardHolding(10_000);
    const before = await countersOf();
    const request = paymentOf(card.cardId, 2_200);
    await authorize(request);
    expect(await report(reversed(request.authorizationId))).toMatchObject({ status: 200, body: { applied: true } });
    expect(await cardAccountOf(card.employeeId)).toMatchObject({ balanceCents: 10_000, reservedCents: 0, pendingAuthorizations: 0, usedCents: 0, annualUsedCents: 0 });
    expect((await countersOf()).reservedCents).toBe(before.reservedCents);
    const [transaction] = await transactionsOf(card.employeeId);
    expect(transaction).toMatchObject({ status: 'reversed', amountCents: -2_200 });
    expect(await dayTallyOf(card.employeeId, transaction?.day ?? '')).toMatchObject({ count: 1, sumCents: 0 });
    expect(await authorizationItem(request.authorizationId)).toMatchObject({ state: 'reversed' });
  });

  it('answers an event about an unknown or declined authorization with applied false', async () => {
    expect(await report(reversed(`auth_unknown_${randomUUID()}`))).toMatchObject({ status: 200, body: { applied: false } });
    const card = await cardHolding(100);
    const declined = paymentOf(card.cardId, 5_000);
    await authorize(declined);
    expect(await report(settled(declined.authorizationId, 5_000))).toMatchObject({ status: 200, body: { applied: false } });
    expect(await cardAccountOf(card.employeeId)).toMatchObject({ balanceCents: 100, reservedCents: 0 });
  });

  it('the release job lets an authorization past its expiry go, once, and a late settlement changes nothing', async () => {
    const card = await cardHolding(10_000);
    const before = await countersOf();
    const request = paymentOf(card.cardId, 1_500);
    await authorize(request);
    const open = paymentOf(card.cardId, 500);
    await authorize(open);
    // Its hold ran out: the expiry moved into the past, as time would move it.
    const past = new Date(Date.now() - 60_000).toISOString();
    await documents().send(
      new UpdateCommand({
        TableName: cloud().tableName,
        Key: keys.authorization(request.authorizationId),
        UpdateExpression: 'SET expiresAt = :past, gsi2sk = :position',
        ExpressionAttributeValues: { ':past': past, ':position': keys.openAuthorization(past, request.authorizationId).gsi2sk },
      }),
    );
    const summary = await releaseExpiredAuthorizations(new Date());
    expect(summary.expired).toBeGreaterThanOrEqual(1);
    expect(await authorizationItem(request.authorizationId)).toMatchObject({ state: 'expired' });
    expect(await authorizationItem(open.authorizationId)).toMatchObject({ state: 'open' });
    expect(await cardAccountOf(card.employeeId)).toMatchObject({ balanceCents: 9_500, reservedCents: 500, pendingAuthorizations: 1, usedCents: 500 });
    expect((await countersOf()).reservedCents - before.reservedCents).toBe(500);
    const transactions = await transactionsOf(card.employeeId);
    expect(transactions.map((transaction) => transaction.status)).toEqual(['authorization', 'reversed']);

    // A second run finds nothing of this card's to release; the issuer's settlement after the expiry is not applied.
    await releaseExpiredAuthorizations(new Date());
    expect(await report(settled(request.authorizationId, 1_500))).toMatchObject({ status: 200, body: { applied: false } });
    expect(await cardAccountOf(card.employeeId)).toMatchObject({ balanceCents: 9_500, reservedCents: 500, pendingAuthorizations: 1 });
  });

  it('keeps replacing and terminating refused while an authorization is open, and allows them once it is settled', async () => {
    const card = await cardHolding(10_000);
    const request = paymentOf(card.cardId, 1_000);
    await authorize(request);
    const token = await managerToken();
    const prices = z.object({ replacementFeeCents: z.number() }).parse((await api('GET', '/prices', { token })).body);
    const address = { address: 'Rīgas iela 5', city: 'Cēsis', country: 'LV', postalCode: 'LV-4101' };
    const replacement = { reason: 'damaged', address, expectedFeeCents: prices.replacementFeeCents };
    expect(await api('POST', `/employees/${card.employeeId}/card/replace`, { token, body: replacement })).toMatchObject({ status: 409, body: { code: 'CARD_REPLACE_ACTIVE_AUTHORIZATIONS' } });
    expect(await api('POST', `/employees/${card.employeeId}/card/terminate`, { token, body: {} })).toMatchObject({ status: 409, body: { code: 'TERMINATE_ACTIVE_AUTHORIZATIONS' } });
    expect(await report(settled(request.authorizationId, 1_000))).toMatchObject({ body: { applied: true } });
    expect(await api('POST', `/employees/${card.employeeId}/card/terminate`, { token, body: {} })).toMatchObject({ status: 200, body: { cardStatus: 'stopped' } });
  });
});

describe('the seeded demo', () => {
  it("gives every Pending transaction of an employee an open authorization, and the card account reserves their sum", async () => {
    const companyId = 'company-baltic';
    const employeeId = 'baltic-emp-015';
    const employee = cardAccount.parse((await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.employee(companyId, employeeId) }))).Item);
    const { gsi1pk } = keys.transactionsOfEmployee(companyId, employeeId);
    const own = await documents().send(
      new QueryCommand({ TableName: cloud().tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': gsi1pk } }),
    );
    const pending = (own.Items ?? []).map((item) => z.object({ status: z.string(), amountCents: z.number(), authorizationId: z.string().nullable() }).parse(item)).filter((item) => item.status === 'authorization');
    expect(pending.length).toBeGreaterThan(0);
    expect(employee.pendingAuthorizations).toBe(pending.length);
    expect(employee.reservedCents).toBe(pending.reduce((sum, item) => sum - item.amountCents, 0));
    for (const item of pending) {
      const authorization = await authorizationItem(item.authorizationId ?? '');
      expect(authorization).toMatchObject({ state: 'open', decision: 'approved', amountCents: -item.amountCents, gsi2pk: 'AUTHORIZATIONS#OPEN' });
      expect(Date.parse(String(authorization?.expiresAt))).toBeGreaterThan(Date.now());
    }
  });
});

describe("the sandbox's demo stream of card payments", () => {
  it('pays with the active cards of a company through the signed routes, and settles or reverses what was approved', async () => {
    // A company of this test alone: the stream pays with every active card it finds.
    const companyId = `company-activity-${randomUUID()}`;
    const employeeId = 'activity-emp-001';
    const cardId = `sbx_activity_${randomUUID().replaceAll('-', '')}`;
    const table = documents();
    await table.send(new UpdateCommand({ TableName: cloud().tableName, Key: keys.counters(companyId), UpdateExpression: 'SET entity = :entity, companyId = :company, employees = :one', ExpressionAttributeValues: { ':entity': 'counters', ':company': companyId, ':one': 1 } }));
    await table.send(new UpdateCommand({ TableName: cloud().tableName, Key: keys.cardOwner(cardId), UpdateExpression: 'SET entity = :entity, cardId = :card, companyId = :company, employeeId = :employee', ExpressionAttributeValues: { ':entity': 'cardOwner', ':card': cardId, ':company': companyId, ':employee': employeeId } }));
    const now = new Date().toISOString();
    const employee = {
      entity: 'employee', companyId, employeeId, name: 'Aktīvā', surname: 'Karte', cardId, lastCardDigits: '4242', cardStatus: 'active', cardStatusChangedBy: 'system', cardStatusChangedAt: now,
      deviceStatus: 'active', cardAccountStatus: 'active', status: 'active', balanceCents: 1_000_000, reservedCents: 0, limitCents: 1_000_000, annualLimitCents: 1_000_000,
      mccGroups: ['groceries', 'restaurants', 'transport', 'fuel', 'health', 'leisure', 'education'], createdAt: now, version: 0,
    };
    const names = Object.keys(employee) as (keyof typeof employee)[];
    await table.send(
      new UpdateCommand({
        TableName: cloud().tableName,
        Key: keys.employee(companyId, employeeId),
        UpdateExpression: `SET ${names.map((name) => `#${name} = :${name}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(names.map((name) => [`#${name}`, name])),
        ExpressionAttributeValues: Object.fromEntries(names.map((name) => [`:${name}`, employee[name]])),
      }),
    );

    const { startCardActivity } = await import('../../infra/local/card-activity');
    const problems: string[] = [];
    const stream = startCardActivity({ documents: table, tableName: cloud().tableName, companyId, apiUrl: cloud().apiUrl, secret: localIssuerWebhookSecret, everyMs: 150, settleAfterMs: [100, 300], reverseAfterMs: [100, 300], log: (line) => problems.push(line) });
    const transactionsNow = async () => {
      const answer = await table.send(new QueryCommand({ TableName: cloud().tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.transactions(companyId).pk } }));
      return (answer.Items ?? []).map((item) => z.object({ status: z.string(), amountCents: z.number() }).parse(item));
    };
    try {
      await waitFor(transactionsNow, (list) => list.filter((transaction) => transaction.status === 'regular').length >= 2, 20_000);
    } finally {
      stream.stop();
    }
    expect(problems).toEqual([]);
    // Once a request still under way when the stream stopped is answered, the card reserves exactly what is Pending.
    const settledState = await waitFor(
      async () => ({ account: cardAccount.parse((await table.send(new GetCommand({ TableName: cloud().tableName, Key: keys.employee(companyId, employeeId) }))).Item), list: await transactionsNow() }),
      ({ account, list }) => {
        const open = list.filter((transaction) => transaction.status === 'authorization');
        return account.transactionSeq === list.length && account.pendingAuthorizations === open.length && account.reservedCents === -open.reduce((sum, transaction) => sum + transaction.amountCents, 0);
      },
    );
    expect(settledState.list.length).toBeGreaterThanOrEqual(2);
  });
});
