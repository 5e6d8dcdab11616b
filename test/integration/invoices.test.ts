import { randomUUID } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { companyHeader } from '@shared/api/route-definition';
import { activityAnswerSchema } from '@shared/activity';
import { rigaDayStartMs } from '@shared/day-range';
import { rigaDateOf } from '@shared/dates';
import { adminInvoiceSchema, adminInvoicesAnswerSchema, invoicesAnswerSchema, type InvoiceLine } from '@shared/invoices';
import { exportFileSchema } from '@shared/exports';
import { resetEnvForTests } from '@functions/platform/env';
import { entities, invoiceObjectKey, keys } from '@functions/platform/keys';
import type * as InvoiceIssuing from '@functions/invoices/invoice-issuing';
import type { ledgerItems as LedgerItemsFn } from '@functions/money/ledger';
import { createOwnCompany, joinCompany, putItems, type OwnCompany } from './company-fixtures';
import { waitFor } from './employee-fixtures';
import { drained } from './queue-fixtures';
import { api, asFunction, cloud, documents, download, emulators, fixtureCloud, outbox, signIn } from './support';

/**
 * Invoices (issue 34) against the emulators: each test company is its own (createOwnCompany: not among the active
 * companies, so no fee run of another suite charges or invoices it), its fees written as the fee run and a card
 * replacement write them, and its invoice issued as the invoices worker issues it.
 */
let issueMonthlyInvoice: typeof InvoiceIssuing.issueMonthlyInvoice;
let workInvoiceMessage: typeof InvoiceIssuing.workInvoiceMessage;
let ledgerItems: typeof LedgerItemsFn;
let vatRate = 0;

beforeAll(async () => {
  // The worker has no route: it runs here as its queue runs it, with the handlers' environment.
  Object.assign(process.env, cloud().handlerEnvironment);
  resetEnvForTests();
  const issuing = await import('@functions/invoices/invoice-issuing');
  issueMonthlyInvoice = asFunction('invoices/issue-invoices', issuing.issueMonthlyInvoice);
  workInvoiceMessage = asFunction('invoices/issue-invoices', issuing.workInvoiceMessage);
  ledgerItems = (await import('@functions/money/ledger')).ledgerItems;
  vatRate = Number(cloud().handlerEnvironment.INVOICE_VAT_RATE_BASIS_POINTS);
});

/** The fee run's charge record of one product's month, as fees/charge-monthly-fees.ts writes it. */
const feeCharge = (companyId: string, employeeId: string, month: string, feeCents: number) => ({
  ...keys.monthlyFeeCharge(companyId, employeeId, month),
  entity: entities.monthlyFeeCharge,
  companyId,
  employeeId,
  month,
  feeCents,
  movementId: `monthly-fee:${month}:${employeeId}`,
  at: `${month}-01T02:00:00.000Z`,
});

/** A card replacement's fee at `at`, as its ledger legs (main account and the provider's fees). */
const replacementFee = (companyId: string, at: string, feeCents: number) =>
  ledgerItems({
    companyId,
    movementId: randomUUID(),
    at,
    kind: 'replacement_fee',
    description: 'Anna Ozola',
    employeeId: 'emp-1',
    legs: [
      { account: 'main', amountCents: -feeCents },
      { account: 'provider:fees', amountCents: feeCents },
    ],
  }).map((item) => item.Put?.Item ?? {});

const vatOf = (net: number) => Math.floor((net * vatRate + 5_000) / 10_000);

async function counterOf(year: number): Promise<number> {
  const answer = await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.invoiceCounter(year), ConsistentRead: true }));
  return z.object({ lastNumber: z.number() }).parse(answer.Item).lastNumber;
}

async function pdfBytes(companyId: string, number: string): Promise<Buffer> {
  const object = await emulators().s3.send(new GetObjectCommand({ Bucket: cloud().handlerEnvironment.DOCUMENTS_BUCKET, Key: invoiceObjectKey(companyId, number) }));
  return Buffer.from(await (object.Body?.transformToByteArray() ?? new Uint8Array()));
}

describe('a month with 3 replacements and 50 maintenance fees', () => {
  const month = '2026-08';
  let company: OwnCompany;
  let accountant: OwnCompany;
  let manager: OwnCompany;

  beforeAll(async () => {
    [company, accountant, manager] = await Promise.all([
      createOwnCompany(fixtureCloud(), { role: 'owner' }),
      createOwnCompany(fixtureCloud(), { role: 'accountant' }),
      createOwnCompany(fixtureCloud(), { role: 'manager' }),
    ]);
    await joinCompany(fixtureCloud(), accountant.userId, company.companyId, 'accountant');
    await joinCompany(fixtureCloud(), manager.userId, company.companyId, 'manager');
    const startOfMonth = rigaDayStartMs(`${month}-01`);
    const startOfNext = rigaDayStartMs('2026-09-01');
    await putItems(fixtureCloud(), [
      ...Array.from({ length: 50 }, (_, index) => feeCharge(company.companyId, `emp-${index}`, month, 150)),
      // The month before and after are other invoices' fees.
      feeCharge(company.companyId, 'emp-0', '2026-07', 150),
      feeCharge(company.companyId, 'emp-0', '2026-09', 150),
      // A waived fee (zero) is no line.
      feeCharge(company.companyId, 'emp-waived', month, 0),
      // Riga time: the first replacement is in the month's first second, the last in its last; the two outside are not.
      ...replacementFee(company.companyId, new Date(startOfMonth).toISOString(), 500),
      ...replacementFee(company.companyId, `${month}-15T10:00:00.000Z`, 500),
      ...replacementFee(company.companyId, new Date(startOfNext - 1).toISOString(), 700),
      ...replacementFee(company.companyId, new Date(startOfMonth - 1).toISOString(), 500),
      ...replacementFee(company.companyId, new Date(startOfNext).toISOString(), 500),
    ]);
  });

  it('is invoiced with a line per fee and price, VAT on the total and the totals in cents', async () => {
    const invoice = await issueMonthlyInvoice(company.companyId, month);
    if (!invoice) throw new Error('no invoice was issued');
    const lines: InvoiceLine[] = [
      { kind: 'monthly_fee', quantity: 50, unitPriceCents: 150, netCents: 7_500 },
      { kind: 'replacement_fee', quantity: 2, unitPriceCents: 500, netCents: 1_000 },
      { kind: 'replacement_fee', quantity: 1, unitPriceCents: 700, netCents: 700 },
    ];
    expect(invoice).toMatchObject({ kind: 'invoice', period: month, lines, netCents: 9_200, vatCents: vatOf(9_200), totalCents: 9_200 + vatOf(9_200), vatRateBasisPoints: vatRate });
    expect(vatRate).toBe(2_100);
    expect(invoice.vatCents).toBe(1_932);
    expect(invoice.number).toMatch(/^\d{4}-\d{6}$/);
    expect(invoice.buyer).toMatchObject({ name: company.name });
    expect(invoice.seller.name).toBeTruthy();

    // The worker makes the PDF, stores it and mails the owner and the accountant, not the manager.
    await workInvoiceMessage({ kind: 'month', companyId: company.companyId, month });
    expect((await pdfBytes(company.companyId, invoice.number)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const mails = await waitFor(
      async () => (await outbox()).filter((entry) => entry.channel === 'email' && entry.subject === `Invoice No. ${invoice.number}`),
      (found) => found.length >= 2,
    );
    expect(mails.map((mail) => mail.to).sort()).toEqual([accountant.email, company.email].sort());
    expect(mails[0]?.body).toContain('/reporting/invoices');

    // The owner lists and downloads it; so does the accountant; the manager may not.
    const owner = await signIn(company.email, undefined, company.phone);
    const list = invoicesAnswerSchema.parse((await api('GET', '/invoices', { token: owner })).body);
    expect(list.rows).toEqual([expect.objectContaining({ number: invoice.number, kind: 'invoice', period: month, totalCents: invoice.totalCents, fileReady: true })]);
    const file = exportFileSchema.parse((await api('GET', `/invoices/${invoice.number}/file`, { token: owner })).body);
    const downloaded = await download(file.url);
    expect(downloaded.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const accountantToken = await signIn(accountant.email, undefined, accountant.phone);
    expect((await api('GET', '/invoices', { token: accountantToken, headers: { [companyHeader]: company.companyId } })).status).toBe(200);
    const managerToken = await signIn(manager.email, undefined, manager.phone);
    expect(await api('GET', '/invoices', { token: managerToken, headers: { [companyHeader]: company.companyId } })).toMatchObject({ status: 403, body: { code: 'ROLE_NOT_ALLOWED' } });
    expect(await api('GET', `/invoices/${invoice.number}/file`, { token: managerToken, headers: { [companyHeader]: company.companyId } })).toMatchObject({ status: 403 });

    // The company's activity log says it was issued.
    const activity = activityAnswerSchema.parse((await api('GET', '/activity?itemsPerPage=100', { token: owner })).body);
    expect(activity.rows.find((row) => row.action === 'invoice.issue')).toMatchObject({ actor: { kind: 'system' }, after: { invoiceNumber: invoice.number, month, totalCents: invoice.totalCents } });
  });

  it('is one invoice however often it is asked for, at once or again', async () => {
    const first = await issueMonthlyInvoice(company.companyId, month);
    const again = await Promise.all([issueMonthlyInvoice(company.companyId, month), issueMonthlyInvoice(company.companyId, month), workInvoiceMessage({ kind: 'month', companyId: company.companyId, month })]);
    expect(again.slice(0, 2).map((invoice) => invoice?.number)).toEqual([first?.number, first?.number]);
    const stored = await documents().send(
      new QueryCommand({ TableName: cloud().tableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': keys.company(company.companyId).pk, ':prefix': 'INVOICE#' } }),
    );
    expect(stored.Items).toHaveLength(1);
  });

  it('is corrected by a credit note numbered next, referring to it, never by more than it has left', async () => {
    const invoice = await issueMonthlyInvoice(company.companyId, month);
    if (!invoice) throw new Error('no invoice');
    const admin = await signIn('admin@demo.local');
    const credit = (body: unknown) => api('POST', `/admin/invoices/${invoice.number}/credit-notes`, { token: admin, body, headers: { 'Idempotency-Key': randomUUID() } });
    // More units than the line has, and a line the invoice does not have, are refused.
    expect(await credit({ lines: [{ index: 1, quantity: 3 }], reason: 'Charged twice' })).toMatchObject({ status: 400, body: { code: 'CREDIT_NOTE_LINE_INVALID' } });
    expect(await credit({ lines: [{ index: 5, quantity: 1 }], reason: 'Charged twice' })).toMatchObject({ status: 400 });

    await drained('invoices');
    const counterBefore = await counterOf(Number(invoice.number.slice(0, 4)));
    const answer = await credit({ lines: [{ index: 1, quantity: 1 }], reason: 'Replacement charged twice' });
    expect(answer.status).toBe(200);
    const credited = adminInvoiceSchema.parse(answer.body);
    expect(credited.creditedCents).toBe(500 + vatOf(500));

    const admins = adminInvoicesAnswerSchema.parse((await api('GET', '/admin/invoices?itemsPerPage=100', { token: admin })).body);
    const creditNote = admins.rows.find((row) => row.creditsInvoiceNumber === invoice.number);
    if (!creditNote) throw new Error('the credit note is not listed');
    expect(creditNote.number).toBe(`${invoice.number.slice(0, 5)}${String(counterBefore + 1).padStart(6, '0')}`);
    expect(creditNote).toMatchObject({ kind: 'credit_note', companyId: company.companyId, totalCents: -(500 + vatOf(500)), lines: [{ kind: 'replacement_fee', quantity: 1, unitPriceCents: 500, netCents: 500 }] });

    // Its PDF is made by the worker (its outbox item queued it), and the company lists it referring to the invoice.
    const owner = await signIn(company.email, undefined, company.phone);
    const listed = await waitFor(
      async () => invoicesAnswerSchema.parse((await api('GET', '/invoices', { token: owner })).body).rows,
      (rows) => rows.some((row) => row.kind === 'credit_note' && row.fileReady),
    );
    expect(listed[0]).toMatchObject({ number: creditNote.number, kind: 'credit_note', creditsInvoiceNumber: invoice.number, totalCents: -(500 + vatOf(500)) });
    expect((await pdfBytes(company.companyId, creditNote.number)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The provider's console downloads any company's document by its number.
    const adminFile = exportFileSchema.parse((await api('GET', `/admin/invoices/${creditNote.number}/file`, { token: admin })).body);
    expect(adminFile.fileName).toBe(`Credit note ${creditNote.number}.pdf`);
    expect((await download(adminFile.url)).bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await api('GET', '/admin/invoices/2099-999999/file', { token: admin })).toMatchObject({ status: 404, body: { code: 'INVOICE_NOT_FOUND' } });

    // Crediting everything else is allowed once; a cent more than is left is not.
    const rest = await credit({ lines: [{ index: 0, quantity: 50 }, { index: 1, quantity: 1 }, { index: 2, quantity: 1 }], reason: 'Whole invoice' });
    expect(rest.status).toBe(200);
    expect(adminInvoiceSchema.parse(rest.body).creditedCents).toBe(invoice.totalCents);
    expect(await credit({ lines: [{ index: 0, quantity: 1 }], reason: 'One more' })).toMatchObject({ status: 409, body: { code: 'CREDIT_NOTE_EXCEEDS_INVOICE' } });

    const activity = activityAnswerSchema.parse((await api('GET', '/activity?itemsPerPage=100', { token: owner })).body);
    expect(activity.rows.filter((row) => row.action === 'invoice.credit_note')).toHaveLength(2);
  });
});

describe('invoices issued at once', () => {
  it('give 20 companies 20 consecutive numbers, with no gap and no number twice', async () => {
    const month = '2026-06';
    const companies = await Promise.all(Array.from({ length: 20 }, () => createOwnCompany(fixtureCloud(), { role: 'owner' })));
    await putItems(fixtureCloud(), companies.map((company) => feeCharge(company.companyId, 'emp-1', month, 150)));
    // Whatever another suite queued is issued first, so the series moves only by this test's invoices meanwhile.
    await drained('invoices');
    const year = Number(rigaDateOf(new Date()).slice(0, 4));
    const before = await counterOf(year).catch(() => 0);
    const invoices = await Promise.all(companies.map((company) => issueMonthlyInvoice(company.companyId, month)));
    const sequences = invoices.map((invoice) => Number(invoice?.number.slice(5))).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 20 }, (_, index) => before + 1 + index));
    expect(await counterOf(year)).toBe(before + 20);
  });

  it('give a month without fees no invoice', async () => {
    const company = await createOwnCompany(fixtureCloud(), { role: 'owner' });
    expect(await issueMonthlyInvoice(company.companyId, '2026-06')).toBeNull();
  });
});
