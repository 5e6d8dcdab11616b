import { randomInt, randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { mainAccountSchema } from '@shared/accounts';
import { ibanOf } from '@shared/iban';
import {
  companySearchAnswerSchema,
  paymentReferenceOf,
  statementImportAnswerSchema,
  transferResultSchema,
  unmatchedTransfersAnswerSchema,
  type BankTransferInput,
} from '@shared/top-ups';
import { entities, keys } from '@functions/platform/keys';
import { ledgerEntryRecord } from '@functions/money/money-records';
import { api, cloud, documents, signIn } from './support';

// Every company here is this file's own (written straight to the table as an approval leaves it), so the balances
// it checks move only by what it does.
interface TestCompany {
  companyId: string;
  name: string;
  registrationNumber: string;
  iban: string;
  reference: string;
}

const put = (Item: Record<string, unknown>) => documents().send(new PutCommand({ TableName: cloud().tableName, Item }));

async function newCompany(label: string): Promise<TestCompany> {
  const registrationNumber = `49${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
  const companyId = `company-topup-${randomUUID()}`;
  const iban = ibanOf('LV', `BCRD9${String(randomInt(0, 1_000_000_000_000)).padStart(12, '0')}`);
  const name = `Top-up ${label} ${registrationNumber} SIA`;
  await put({
    ...keys.company(companyId),
    ...keys.activeCompany(companyId),
    entity: entities.company,
    companyId,
    name,
    registrationNumber,
    status: 'active',
    kycStatus: 'filled',
    provider: 'BonusCard',
    topUpAccountIBAN: iban,
    availableFeatures: { reporting: { available: false }, all_features: false },
    legalAddress: null,
    registeredOn: null,
    ownerCount: 0,
  });
  await put({ ...keys.registrationNumberClaim(registrationNumber), entity: entities.registrationNumberClaim, companyId });
  await put({ ...keys.ibanClaim(iban), entity: entities.ibanClaim, companyId });
  await put({ ...keys.mainAccount(companyId), entity: entities.mainAccount, companyId, iban, availableCents: 10_000, reservedCents: 0, version: 0 });
  return { companyId, name, registrationNumber, iban, reference: paymentReferenceOf(registrationNumber) };
}

async function availableOf(company: TestCompany): Promise<number> {
  const answer = await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.mainAccount(company.companyId) }));
  return z.object({ availableCents: z.number().int() }).parse(answer.Item).availableCents;
}

async function ledgerOf(company: TestCompany) {
  const { pk } = keys.ledgerEntry(company.companyId, '', '', 0);
  const answer = await documents().send(new QueryCommand({ TableName: cloud().tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } }));
  return (answer.Items ?? []).map((item) => ledgerEntryRecord.parse(item));
}

async function auditOf(company: TestCompany) {
  const answer = await documents().send(
    new QueryCommand({ TableName: cloud().tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `COMPANY#${company.companyId}#AUDIT` } }),
  );
  return answer.Items ?? [];
}

/** A payer's IBAN that belongs to no company. */
const payerIban = ibanOf('LV', 'HABA0551000000001');
/** The provider's general collection account: no company claims it, so only a reference can lead to a company. */
const collectionIban = ibanOf('LV', 'BCRD0000000000001');

const bankId = (label: string) => `BT-${label}-${randomUUID()}`;

function transfer(overrides: Partial<BankTransferInput> = {}): BankTransferInput {
  return {
    bankTransactionId: bankId('manual'),
    bookingDate: '2026-03-02',
    amountCents: 12_345,
    payerName: 'Payer SIA',
    payerIban,
    beneficiaryIban: collectionIban,
    reference: '',
    ...overrides,
  };
}

let admin: string;
let manager: string;
let accountant: string;

beforeAll(async () => {
  [admin, manager, accountant] = await Promise.all([signIn('admin@demo.local'), signIn('fleet-manager@test.local'), signIn('fleet-accountant@test.local')]);
});

/** The three money POSTs are Idempotency-Key routes: each call here is a new action with a key of its own unless told. */
const keyed = (key: string) => ({ 'Idempotency-Key': key });
const record = (body: BankTransferInput, key = randomUUID()) => api('POST', '/admin/top-ups/transfers', { token: admin, body, headers: keyed(key) });

describe('the payment reference', () => {
  it('is on the main account answer, derived from the registration number with check digits', async () => {
    const answer = await api('GET', '/accounts/main', { token: accountant });
    expect(answer.status).toBe(200);
    expect(mainAccountSchema.parse(answer.body).paymentReference).toBe(paymentReferenceOf('40203556008'));
  });
});

describe('recording a transfer by hand', () => {
  it('credits the company named by the reference once, with two ledger legs that sum to zero and an audit record', async () => {
    const company = await newCompany('reference');
    const body = transfer({ reference: `Top-up ${company.reference.replace(/(.{4})/g, '$1 ')}`, amountCents: 250_075 });

    const answer = await record(body);

    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(transferResultSchema.parse(answer.body)).toMatchObject({
      outcome: 'credited',
      matchedBy: 'reference',
      company: { companyId: company.companyId, name: company.name },
      amountCents: 250_075,
    });
    expect(await availableOf(company)).toBe(10_000 + 250_075);
    const legs = await ledgerOf(company);
    expect(legs.map((leg) => [leg.kind, leg.account, leg.amountCents]).sort()).toEqual([
      ['top_up', 'main', 250_075],
      ['top_up', 'provider:bank', -250_075],
    ]);
    expect(legs.reduce((sum, leg) => sum + leg.amountCents, 0)).toBe(0);
    expect(await auditOf(company)).toEqual([
      expect.objectContaining({ action: 'main_account.top_up', actor: expect.objectContaining({ kind: 'admin' }), after: expect.objectContaining({ bankTransactionId: body.bankTransactionId, amountCents: 250_075 }) }),
    ]);
  });

  it('credits by the beneficiary IBAN when there is no reference', async () => {
    const company = await newCompany('iban');
    const answer = await record(transfer({ beneficiaryIban: company.iban.replace(/(.{4})/g, '$1 ').toLowerCase(), amountCents: 5_000 }));
    expect(transferResultSchema.parse(answer.body)).toMatchObject({ outcome: 'credited', matchedBy: 'iban', company: { companyId: company.companyId } });
    expect(await availableOf(company)).toBe(15_000);
  });

  it('credits the same bank transaction id once, also when it is sent again and again at once', async () => {
    const company = await newCompany('twice');
    const body = transfer({ beneficiaryIban: company.iban, amountCents: 1_000 });

    const answers = await Promise.all(Array.from({ length: 6 }, () => record(body)));

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.status === 409)) expect(refused.body).toMatchObject({ code: 'BANK_TRANSFER_ALREADY_RECORDED' });
    expect(await record(body)).toMatchObject({ status: 409, body: { code: 'BANK_TRANSFER_ALREADY_RECORDED' } });
    expect(await availableOf(company)).toBe(11_000);
    expect(await ledgerOf(company)).toHaveLength(2);
  });

  it('answers a replay of one Idempotency-Key with the first answer and credits once; another body with the key is refused', async () => {
    const company = await newCompany('replay');
    const body = transfer({ beneficiaryIban: company.iban, amountCents: 2_500 });
    const key = randomUUID();

    const answers = await Promise.all(Array.from({ length: 10 }, () => record(body, key)));

    // Without the key, the losers would be told BANK_TRANSFER_ALREADY_RECORDED; with it, each is the one action.
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 10 }, () => 200));
    for (const answer of answers) expect(answer.body).toEqual(answers[0]?.body);
    expect(transferResultSchema.parse(answers[0]?.body)).toMatchObject({ outcome: 'credited', bankTransactionId: body.bankTransactionId, company: { companyId: company.companyId } });
    expect(await availableOf(company)).toBe(10_000 + 2_500);
    expect(await ledgerOf(company)).toHaveLength(2);

    expect(await record({ ...body, amountCents: 2_501 }, key)).toMatchObject({ status: 422, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(await api('POST', '/admin/top-ups/transfers', { token: admin, body: transfer() })).toMatchObject({ status: 400, body: { code: 'IDEMPOTENCY_KEY_REQUIRED' } });
    expect(await availableOf(company)).toBe(10_000 + 2_500);
  });

  it('refuses bad input on its fields and moves nothing', async () => {
    const answer = await record({ ...transfer(), amountCents: -5, beneficiaryIban: 'LV00 NOPE', bookingDate: '2999-01-01', payerName: '' });
    expect(answer).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { amountCents: 'AMOUNT_NOT_POSITIVE', beneficiaryIban: 'INVALID_IBAN', bookingDate: 'DATE_IN_FUTURE', payerName: 'REQUIRED' } },
    });
  });
});

describe('importing a bank statement', () => {
  const header = 'Bank transaction ID,Booking date,Amount,Currency,Payer name,Payer IBAN,Beneficiary IBAN,Reference';
  const importStatement = (text: string, key = randomUUID()) => api('POST', '/admin/top-ups/statements', { token: admin, body: { fileName: 'statement.csv', text }, headers: keyed(key) });

  it('credits lines matched by reference or IBAN, leaves the rest unmatched, and reports duplicates and invalid lines', async () => {
    const [byReference, byIban, other] = await Promise.all([newCompany('statement-ref'), newCompany('statement-iban'), newCompany('statement-other')]);
    const ids = { reference: bankId('s'), iban: bankId('s'), unmatched: bankId('s'), conflicting: bankId('s'), earlier: bankId('s') };
    expect((await record(transfer({ bankTransactionId: ids.earlier, beneficiaryIban: other.iban, amountCents: 100 }))).status).toBe(200);
    const text = [
      header,
      `${ids.reference},2026-03-01,100.10,EUR,Payer SIA,${payerIban},${collectionIban},"Invoice ${byReference.reference}"`,
      `${ids.iban},2026-03-01,0.99,EUR,"Payer, Second SIA",,${byIban.iban},`,
      `${ids.unmatched},2026-03-02,42.00,EUR,Nobody Known,${payerIban},${collectionIban},no reference here`,
      `${ids.conflicting},2026-03-02,7,EUR,Confused SIA,,${byIban.iban},${byReference.reference}`,
      `${ids.reference},2026-03-01,100.10,EUR,Payer SIA,${payerIban},${collectionIban},"Invoice ${byReference.reference}"`,
      `${ids.earlier},2026-03-01,1.00,EUR,Payer SIA,,${other.iban},`,
      `BT-bad,2026-02-30,12.345,EUR,Payer SIA,,${collectionIban},`,
    ].join('\r\n');

    const answer = await importStatement(text);

    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const result = statementImportAnswerSchema.parse(answer.body);
    expect(result.lines.map((line) => [line.line, line.outcome, line.matchedBy, line.company?.companyId ?? null])).toEqual([
      [2, 'credited', 'reference', byReference.companyId],
      [3, 'credited', 'iban', byIban.companyId],
      [4, 'unmatched', null, null],
      [5, 'unmatched', null, null],
      [6, 'already_recorded', null, null],
      [7, 'already_recorded', null, null],
      [8, 'invalid', null, null],
    ]);
    expect(result.lines[6]?.fields).toEqual({ bookingDate: 'DATE_FORMAT', amount: 'AMOUNT_TOO_PRECISE' });
    expect(result.creditedCents).toBe(10_010 + 99);
    expect(await availableOf(byReference)).toBe(10_000 + 10_010);
    expect(await availableOf(byIban)).toBe(10_000 + 99);
    expect(await availableOf(other)).toBe(10_000 + 100);

    // The same statement again: nothing moves a second time.
    const again = statementImportAnswerSchema.parse((await importStatement(text)).body);
    expect(again.lines.map((line) => line.outcome)).toEqual(['already_recorded', 'already_recorded', 'already_recorded', 'already_recorded', 'already_recorded', 'already_recorded', 'invalid']);
    expect(again.creditedCents).toBe(0);
    expect(await availableOf(byReference)).toBe(10_000 + 10_010);
    expect(await availableOf(byIban)).toBe(10_000 + 99);

    const unmatched = unmatchedTransfersAnswerSchema.parse((await api('GET', `/admin/top-ups/unmatched?itemsPerPage=100&search=${encodeURIComponent(ids.unmatched)}`, { token: admin })).body);
    expect(unmatched.rows).toEqual([expect.objectContaining({ bankTransactionId: ids.unmatched, amountCents: 4_200, payerName: 'Nobody Known', reference: 'no reference here' })]);
  });

  it('answers a second import with the same Idempotency-Key as the first one, crediting nothing again', async () => {
    const company = await newCompany('statement-replay');
    const text = [header, `${bankId('s')},2026-03-01,3.00,EUR,Payer SIA,,${company.iban},`].join('\r\n');
    const key = randomUUID();

    const first = await importStatement(text, key);
    const replay = await importStatement(text, key);

    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(statementImportAnswerSchema.parse(first.body).lines.map((line) => line.outcome)).toEqual(['credited']);
    // The first answer again (credited), not what importing it anew would say (already recorded).
    expect(replay).toMatchObject({ status: 200, body: first.body });
    expect(await availableOf(company)).toBe(10_000 + 300);
    expect(await importStatement(`${text}\r\n`, key)).toMatchObject({ status: 422, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
  });

  it('refuses a statement without the columns, and one above the size cap', async () => {
    expect(await importStatement('Amount,Reference\r\n1.00,x')).toMatchObject({ status: 400, body: { code: 'BANK_STATEMENT_INVALID' } });
    const line = `X,2026-03-01,1.00,EUR,${'P'.repeat(100)},,${collectionIban},\r\n`;
    expect(await importStatement(header + '\r\n' + line.repeat(Math.ceil((2 * 1024 * 1024) / line.length) + 1))).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(await importStatement(header + '\r\n' + line.repeat(1_001))).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } });
  });
});

describe('assigning an unmatched transfer', () => {
  const assign = (bankTransactionId: string, companyId: string, key = randomUUID()) =>
    api('POST', '/admin/top-ups/assignments', { token: admin, body: { bankTransactionId, companyId }, headers: keyed(key) });

  it('credits the chosen company once; a second assignment, also at the same time, is refused', async () => {
    const [company, otherCompany] = await Promise.all([newCompany('assign'), newCompany('assign-other')]);
    const body = transfer({ amountCents: 7_777, reference: 'unknown' });
    expect(transferResultSchema.parse((await record(body)).body).outcome).toBe('unmatched');

    const found = companySearchAnswerSchema.parse((await api('GET', `/admin/top-ups/companies?search=${company.registrationNumber}`, { token: admin })).body);
    expect(found.companies).toEqual([{ companyId: company.companyId, name: company.name, registrationNumber: company.registrationNumber }]);
    const byName = companySearchAnswerSchema.parse((await api('GET', `/admin/top-ups/companies?search=${encodeURIComponent(`assign-other ${otherCompany.registrationNumber}`)}`, { token: admin })).body);
    expect(byName.companies.map((each) => each.companyId)).toEqual([otherCompany.companyId]);

    const [first, second] = await Promise.all([assign(body.bankTransactionId, company.companyId), assign(body.bankTransactionId, otherCompany.companyId)]);
    const answers = [first, second];
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const won = answers.find((answer) => answer.status === 200);
    const winner = transferResultSchema.parse(won?.body).company?.companyId === company.companyId ? company : otherCompany;
    const loser = winner === company ? otherCompany : company;
    expect(answers.find((answer) => answer.status === 409)?.body).toMatchObject({ code: 'BANK_TRANSFER_ALREADY_ASSIGNED' });
    expect(await availableOf(winner)).toBe(10_000 + 7_777);
    expect(await availableOf(loser)).toBe(10_000);
    expect((await ledgerOf(winner)).reduce((sum, leg) => sum + leg.amountCents, 0)).toBe(0);

    expect(await assign(body.bankTransactionId, winner.companyId)).toMatchObject({ status: 409, body: { code: 'BANK_TRANSFER_ALREADY_ASSIGNED' } });
    const unmatched = unmatchedTransfersAnswerSchema.parse((await api('GET', `/admin/top-ups/unmatched?search=${encodeURIComponent(body.bankTransactionId)}`, { token: admin })).body);
    expect(unmatched.rows).toEqual([]);
  });

  it('answers a retried assignment with the same Idempotency-Key as the first, crediting once', async () => {
    const company = await newCompany('assign-replay');
    const body = transfer({ amountCents: 4_321, reference: 'unknown' });
    expect(transferResultSchema.parse((await record(body)).body).outcome).toBe('unmatched');
    const key = randomUUID();

    const answers = await Promise.all(Array.from({ length: 4 }, () => assign(body.bankTransactionId, company.companyId, key)));

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    for (const answer of answers) expect(answer.body).toEqual(answers[0]?.body);
    expect(await availableOf(company)).toBe(10_000 + 4_321);
    expect(await ledgerOf(company)).toHaveLength(2);
  });

  it('answers 404 for an unknown transfer or company', async () => {
    const body = transfer({ amountCents: 100 });
    await record(body);
    expect(await assign('BT-nowhere', 'company-fleet')).toMatchObject({ status: 404, body: { code: 'BANK_TRANSFER_NOT_FOUND' } });
    expect(await assign(body.bankTransactionId, 'company-nowhere')).toMatchObject({ status: 404, body: { code: 'COMPANY_NOT_FOUND' } });
    // A company not approved yet has no main account to credit.
    expect(await assign(body.bankTransactionId, 'company-gardens')).toMatchObject({ status: 404, body: { code: 'COMPANY_NOT_FOUND' } });
  });
});

describe('who may', () => {
  it('keeps company users out of every top-up route', async () => {
    const calls = [
      ['POST', '/admin/top-ups/transfers', transfer()],
      ['POST', '/admin/top-ups/statements', { text: 'x' }],
      ['GET', '/admin/top-ups/unmatched', undefined],
      ['POST', '/admin/top-ups/assignments', { bankTransactionId: 'x', companyId: 'company-fleet' }],
      ['GET', '/admin/top-ups/companies', undefined],
    ] as const;
    for (const token of [manager, accountant]) {
      for (const [method, path, body] of calls) expect(await api(method, path, { token, body, headers: keyed(randomUUID()) }), `${method} ${path}`).toMatchObject({ status: 403 });
    }
  });
});
