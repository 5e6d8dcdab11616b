import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { backgroundFileAnswerSchema, exportAvailabilitySchema, exportFileSchema } from '@shared/exports';
import { monthsBefore, rigaDateOf } from '@shared/dates';
import { transactionsAnswerSchema, type TransactionRow } from '@shared/transactions';
import { countedAmountCents } from '@functions/transactions/card-transactions';
import { resetEnvForTests } from '@functions/platform/env';
import { entities, keys } from '@functions/platform/keys';
import type { TransactionRecord } from '@functions/transactions/transaction-records';
import { createOwnCompany } from './company-fixtures';
import { waitFor } from './employee-fixtures';
import { api, asFunction, cloud, documents, download, fixtureCloud, signIn } from './support';
import { addListedEmployees, recordSpendings, type ListedEmployee, type Spending } from './transaction-fixtures';

const errorBody = z.object({ code: z.string(), fields: z.record(z.string(), z.string()).optional() });
const groups = ['groceries', 'restaurants', 'transport'] as const;

let token: string;
let otherToken: string;
let employees: ListedEmployee[];
let records: TransactionRecord[];
let companyId: string;

/** The records the list should show for a filter, newest first. */
const expected = (keep: (record: TransactionRecord) => boolean = () => true) => records.filter(keep).reverse();
const sumOf = (list: TransactionRecord[]) => list.reduce((total, record) => total + countedAmountCents(record), 0);

async function list(query: string, as = token) {
  const answer = await api('GET', `/transactions?${query}`, { token: as });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return transactionsAnswerSchema.parse(answer.body);
}

const ids = (rows: TransactionRow[]) => rows.map((row) => row.id);

beforeAll(async () => {
  const company = await createOwnCompany(fixtureCloud(), { role: 'accountant' });
  const other = await createOwnCompany(fixtureCloud(), { role: 'accountant' });
  employees = await addListedEmployees(fixtureCloud(), company.companyId, [
    { name: 'Anna', surname: 'Ozola', personalCode: '010190-10001', phone: '37120000101' },
    { name: 'Jānis', surname: 'Kalniņš', personalCode: '020290-10002', phone: '37120000102' },
    { name: 'Pēteris', surname: 'Liepa', personalCode: '030390-10003', phone: '37120000103' },
  ]);
  const spendings: Spending[] = Array.from({ length: 450 }, (_, index) => ({
    // Two years of activity would reach past the default period: 450 payments over the last 330 days.
    daysAgo: 330 - Math.floor((index * 330) / 450),
    employee: employees[index % 3] as ListedEmployee,
    amountCents: -(100 + index),
    mccGroup: groups[index % 4 === 3 ? 1 : index % 4 === 2 ? 2 : 0] ?? 'groceries',
    status: index === 449 ? 'authorization' : index === 5 ? 'reversed' : 'regular',
    description: index === 448 ? '=HYPERLINK("http://evil.test","click")' : undefined,
  }));
  // One payment older than a year: outside the default period.
  spendings.push({ daysAgo: 400, employee: employees[0] as ListedEmployee, amountCents: -999, mccGroup: 'groceries' });
  records = await recordSpendings(fixtureCloud(), company.companyId, spendings);
  companyId = company.companyId;
  [token, otherToken] = await Promise.all([signIn(company.email, undefined, company.phone), signIn(other.email, undefined, other.phone)]);
});

const inYear = (record: TransactionRecord) => record.day >= monthsBefore(rigaDateOf(new Date()), 12);

describe('GET /transactions', () => {
  it('answers page 1 newest first with the year\'s totals', async () => {
    const answer = await list('page=1&itemsPerPage=10');
    const all = expected(inYear);
    expect(answer.totalRecords).toBe(450);
    expect(answer.totalPages).toBe(45);
    expect(answer.totalSumCents).toBe(sumOf(all));
    expect(ids(answer.rows)).toEqual(all.slice(0, 10).map((record) => record.transactionId));
    expect(answer.rows[0]?.status).toBe('authorization');
    expect(answer.rows[0]?.processedAt).toBeNull();
  });

  it('answers the 40th page by sequence and an empty page past the end', async () => {
    const all = expected(inYear);
    expect(ids((await list('page=40&itemsPerPage=10')).rows)).toEqual(all.slice(390, 400).map((record) => record.transactionId));
    expect(ids((await list('page=5&itemsPerPage=100')).rows)).toEqual(all.slice(400, 450).map((record) => record.transactionId));
    expect((await list('page=46&itemsPerPage=10')).rows).toEqual([]);
  });

  it('counts a reversed payment in the list but not in the sum', async () => {
    const reversed = records.find((record) => record.status === 'reversed');
    expect(reversed).toBeDefined();
    const answer = await list('itemsPerPage=100&page=5');
    expect(answer.rows.some((row) => row.id === reversed?.transactionId && row.status === 'reversed')).toBe(true);
    expect(answer.totalSumCents).toBe(sumOf(expected(inYear)));
  });

  it('filters by personal code, phone and search (name, surname without diacritics, personal code, phone)', async () => {
    const [anna, janis, peteris] = employees as [ListedEmployee, ListedEmployee, ListedEmployee];
    const of = (employee: ListedEmployee) => expected((record) => inYear(record) && record.employeeId === employee.employeeId);
    for (const [query, employee] of [
      [`personalCode=${anna.personalCode}`, anna],
      [`phone=${janis.phone}`, janis],
      ['search=kalnins', janis],
      ['search=LIEPA', peteris],
      [`search=${peteris.personalCode.slice(0, 6)}`, peteris],
    ] as const) {
      const answer = await list(`${query}&itemsPerPage=25&page=2`);
      expect(answer.totalRecords, query).toBe(of(employee).length);
      expect(answer.totalSumCents, query).toBe(sumOf(of(employee)));
      expect(ids(answer.rows), query).toEqual(of(employee).slice(25, 50).map((record) => record.transactionId));
    }
  });

  it('answers a search no employee matches with an empty list, and a personal code with a partial match with none', async () => {
    expect(await list('search=Nobody%20Here')).toEqual({ rows: [], totalPages: 0, totalRecords: 0, totalSumCents: 0 });
    expect((await list(`personalCode=${(employees[0] as ListedEmployee).personalCode.slice(0, 6)}`)).totalRecords).toBe(0);
  });

  it('filters by one merchant category group, by several, and by a group with an employee', async () => {
    const one = expected((record) => inYear(record) && record.mccGroup === 'transport');
    const answerOne = await list('mccGroups=transport&itemsPerPage=10&page=3');
    expect([answerOne.totalRecords, answerOne.totalSumCents]).toEqual([one.length, sumOf(one)]);
    expect(ids(answerOne.rows)).toEqual(one.slice(20, 30).map((record) => record.transactionId));

    const two = expected((record) => inYear(record) && (record.mccGroup === 'transport' || record.mccGroup === 'restaurants'));
    const answerTwo = await list('mccGroups=transport,restaurants&itemsPerPage=10&page=7');
    expect([answerTwo.totalRecords, answerTwo.totalSumCents]).toEqual([two.length, sumOf(two)]);
    expect(ids(answerTwo.rows)).toEqual(two.slice(60, 70).map((record) => record.transactionId));

    const anna = employees[0] as ListedEmployee;
    const both = expected((record) => inYear(record) && record.mccGroup === 'groceries' && record.employeeId === anna.employeeId);
    const answerBoth = await list(`mccGroups=groceries&personalCode=${anna.personalCode}&itemsPerPage=10&page=2`);
    expect([answerBoth.totalRecords, answerBoth.totalSumCents]).toEqual([both.length, sumOf(both)]);
    expect(ids(answerBoth.rows)).toEqual(both.slice(10, 20).map((record) => record.transactionId));
  });

  it('narrows to the period and to a date range', async () => {
    const today = rigaDateOf(new Date());
    const month = expected((record) => record.day >= monthsBefore(today, 1));
    const answer = await list('dateLimit=1m&itemsPerPage=100');
    expect([answer.totalRecords, answer.totalSumCents]).toEqual([month.length, sumOf(month)]);
    expect(ids(answer.rows)).toEqual(month.slice(0, 100).map((record) => record.transactionId));

    const from = monthsBefore(today, 5);
    const to = monthsBefore(today, 2);
    const range = expected((record) => record.day >= from && record.day <= to);
    const ranged = await list(`dateFrom=${from}&dateTo=${to}&itemsPerPage=10&page=2`);
    expect([ranged.totalRecords, ranged.totalSumCents]).toEqual([range.length, sumOf(range)]);
    expect(ids(ranged.rows)).toEqual(range.slice(10, 20).map((record) => record.transactionId));

    // A range reaching back more than a year still lists what it covers.
    const old = await list(`dateFrom=${monthsBefore(today, 24)}&itemsPerPage=10`);
    expect(old.totalRecords).toBe(451);
  });

  it('refuses a date after today and a reversed range on their fields', async () => {
    const tomorrow = rigaDateOf(new Date(Date.now() + 86_400_000));
    const future = await api('GET', `/transactions?dateFrom=${tomorrow}`, { token });
    expect(future.status).toBe(400);
    expect(errorBody.parse(future.body).fields).toEqual({ dateFrom: 'DATE_IN_FUTURE' });
    const reversed = await api('GET', '/transactions?dateFrom=2026-02-10&dateTo=2026-02-01', { token });
    expect(reversed.status).toBe(400);
    expect(errorBody.parse(reversed.body).fields).toEqual({ dateTo: 'DATE_RANGE_REVERSED' });
    const badGroup = await api('GET', '/transactions?mccGroups=casino', { token });
    expect(badGroup.status).toBe(400);
  });

  it('shows another company none of these transactions', async () => {
    expect(await list('itemsPerPage=100', otherToken)).toEqual({ rows: [], totalPages: 0, totalRecords: 0, totalSumCents: 0 });
    expect((await list(`personalCode=${(employees[0] as ListedEmployee).personalCode}`, otherToken)).totalRecords).toBe(0);
  });
});

describe('CSV download (background file)', () => {
  async function requestFile(query: string, as = token) {
    const answer = await api('GET', `/transactions/export?${query}`, { token: as });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return backgroundFileAnswerSchema.parse(answer.body);
  }

  async function fileText(fileId: string): Promise<string> {
    await waitFor(
      async () => exportAvailabilitySchema.parse((await api('GET', `/exports/${fileId}/availability`, { token })).body).available,
      (available) => available,
    );
    const file = await api('GET', `/exports/${fileId}/file`, { token });
    expect(file.status).toBe(200);
    const { url, fileName } = exportFileSchema.parse(file.body);
    expect(fileName).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await download(url);
    expect(bytes.status).toBe(200);
    expect(bytes.contentDisposition).toContain('attachment');
    return bytes.bytes.toString('utf8');
  }

  it('answers a file id with seconds remaining, and the file holds the filtered rows under Latvian headers with formula cells neutralised', async () => {
    const started = await requestFile('lang=lv&mccGroups=groceries');
    expect(started.fileId).toBeTruthy();
    expect(started.timeRemaining).toBeGreaterThan(0);
    const text = await fileText(started.fileId ?? '');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Darbinieks,Summa (EUR),Izpildīts,Apstrādāts,Apraksts,Tirgotāja kategorijas kods,Tirgotāja ID,Atsauce,Saņēmējs,Maksātājs,Statuss');
    const groceries = expected((record) => inYear(record) && record.mccGroup === 'groceries');
    expect(lines).toHaveLength(groceries.length + 1);
    const evil = groceries.find((record) => record.description.startsWith('='));
    expect(evil).toBeDefined();
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`);
    const newest = groceries[0] as TransactionRecord;
    expect(lines[1]).toContain(`,${String(newest.amountCents / 100)},`);
  });

  it('writes English headers and statuses for lang=en', async () => {
    const started = await requestFile(`lang=en&personalCode=${(employees[2] as ListedEmployee).personalCode}`);
    const text = await fileText(started.fileId ?? '');
    const lines = text.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Employee,Amount (EUR),Executed,Processed,Description,Merchant category code,Merchant ID,Reference,Beneficiary,Remitter,Status');
    expect(lines).toHaveLength(expected((record) => inYear(record) && record.employeeId === (employees[2] as ListedEmployee).employeeId).length + 1);
    expect(lines[1]).toMatch(/^Pēteris Liepa,/);
    expect(lines.slice(1).every((line) => /,(Processed|Pending|Reversed)$/.test(line))).toBe(true);
  });

  it('keeps a file to its company: another company polls and fetches it as not found', async () => {
    const started = await requestFile('lang=en&dateLimit=1m');
    await fileText(started.fileId ?? '');
    for (const path of ['availability', 'file']) {
      const answer = await api('GET', `/exports/${started.fileId ?? ''}/${path}`, { token: otherToken });
      expect(answer.status).toBe(404);
      expect(errorBody.parse(answer.body).code).toBe('EXPORT_NOT_FOUND');
    }
    expect((await api('GET', '/exports/not-a-file/availability', { token })).status).toBe(404);
  });

  it('refuses a date after today on the download too', async () => {
    const tomorrow = rigaDateOf(new Date(Date.now() + 86_400_000));
    const answer = await api('GET', `/transactions/export?dateTo=${tomorrow}`, { token });
    expect(answer.status).toBe(400);
    expect(errorBody.parse(answer.body).fields).toEqual({ dateTo: 'DATE_IN_FUTURE' });
  });

  it('marks a job that fails on its last receipt generation_failed, and availability stays false', async () => {
    // The worker runs here as the queue would hand it the message's third receipt (the dead-letter queue's limit).
    Object.assign(process.env, cloud().handlerEnvironment);
    resetEnvForTests();
    const handler = asFunction('exports/write-export-files', (await import('@functions/exports/write-export-files')).handler);
    const fileId = randomUUID();
    const now = new Date();
    await documents().send(
      new PutCommand({
        TableName: cloud().tableName,
        Item: {
          ...keys.exportJob(companyId, fileId),
          entity: entities.exportJob,
          companyId,
          fileId,
          kind: 'transactions',
          status: 'generating',
          // Filters no route would have let through: the worker cannot make this file.
          filters: { dateLimit: 'forever' },
          lang: 'en',
          fileName: 'transactions.csv',
          emailTo: 'nobody@test.local',
          mailAfter: now.toISOString(),
          requestedBy: 'someone',
          createdAt: now.toISOString(),
          rows: null,
          expiresAt: Math.floor(now.getTime() / 1000) + 3600,
        },
      }),
    );
    const record = (receiveCount: number): SQSEvent => ({
      Records: [
        {
          messageId: `m-${receiveCount}`,
          receiptHandle: 'r',
          body: JSON.stringify({ companyId, fileId }),
          attributes: { ApproximateReceiveCount: String(receiveCount), SentTimestamp: '0', SenderId: 'x', ApproximateFirstReceiveTimestamp: '0' },
          messageAttributes: {},
          md5OfBody: '',
          eventSource: 'aws:sqs',
          eventSourceARN: 'arn:aws:sqs:eu-central-1:000000000000:exports',
          awsRegion: 'eu-central-1',
        },
      ],
    });
    const status = async () => (await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.exportJob(companyId, fileId) }))).Item?.status;
    expect(await handler(record(1))).toEqual({ batchItemFailures: [{ itemIdentifier: 'm-1' }] });
    expect(await status()).toBe('generating');
    expect(await handler(record(3))).toEqual({ batchItemFailures: [{ itemIdentifier: 'm-3' }] });
    expect(await status()).toBe('generation_failed');
    expect(exportAvailabilitySchema.parse((await api('GET', `/exports/${fileId}/availability`, { token })).body)).toEqual({ available: false });
    expect(errorBody.parse((await api('GET', `/exports/${fileId}/file`, { token })).body).code).toBe('EXPORT_NOT_READY');
  });
});
