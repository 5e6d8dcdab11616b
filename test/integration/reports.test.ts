import { randomUUID } from 'node:crypto';
import { CompleteMultipartUploadCommand, HeadObjectCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { CreateQueueCommand, DeleteMessageCommand, GetQueueAttributesCommand, ReceiveMessageCommand, SendMessageCommand, type Message } from '@aws-sdk/client-sqs';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import type { AvailableFeatures } from '@shared/api/schemas';
import { csvLine } from '@shared/csv';
import { formatDate, rigaDateOf } from '@shared/dates';
import { exportFileSchema } from '@shared/exports';
import { fundingFileSchema, parseCsv, type FundingFile } from '@shared/funding';
import { reportSchema, reportsAnswerSchema, type Report, type ReportType } from '@shared/reports';
import { reportGiveUpMs } from '@functions/reports/report-status';
import { s3 } from '@functions/platform/aws/s3';
import { resetEnvForTests } from '@functions/platform/env';
import { entities, keys, reportObjectKey } from '@functions/platform/keys';
import { deadLetterMaxReceiveCount } from '../../functions/platform/queue-work';
import { createOwnCompany, putItems, type OwnCompany } from './company-fixtures';
import { waitFor } from './employee-fixtures';
import { putEmployees, type FixtureEmployee } from './funding-fixtures';
import { takeDeadLettered } from './queue-fixtures';
import { api, asFunction, cloud, documents, download, emulators, fixtureCloud, outbox, signIn } from './support';
import { recordSpendings } from './transaction-fixtures';

const errorBody = z.object({ code: z.string(), fields: z.record(z.string(), z.string()).optional() });
const reportingOnly: AvailableFeatures = { reporting: { available: true }, all_features: false };

interface Member {
  company: OwnCompany;
  token: string;
}

async function memberOf(features: AvailableFeatures, options: { availableCents?: number } = {}): Promise<Member> {
  const company = await createOwnCompany(fixtureCloud(), { role: 'manager', availableCents: options.availableCents ?? 0, features });
  return { company, token: await signIn(company.email, undefined, company.phone) };
}

const today = () => rigaDateOf(new Date());
const daysAgo = (days: number) => rigaDateOf(new Date(Date.now() - days * 86_400_000));
const monthOf = (day: string) => day.slice(0, 7);
const monthsAgo = (months: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 15)).toISOString().slice(0, 7);
};

async function listReports(token: string, query = '') {
  const answer = await api('GET', `/reports${query}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return reportsAnswerSchema.parse(answer.body);
}

async function generate(token: string, body: { type: ReportType; dateFrom: string; dateTo: string; lang?: string }): Promise<Report> {
  const answer = await api('POST', '/reports', { token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return reportSchema.parse(answer.body);
}

async function statusOf(token: string, reportId: string): Promise<Report['status'] | undefined> {
  return (await listReports(token, '?itemsPerPage=100')).rows.find((row) => row.id === reportId)?.status;
}

/** Waits for the local cloud's reports worker to finish the report, then reads its file through the presigned link. */
async function finishedFile(token: string, reportId: string): Promise<{ fileName: string; text: string }> {
  await waitFor(() => statusOf(token, reportId), (status) => status === 'active', 30_000);
  const answer = await api('GET', `/reports/${reportId}/file`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const file = exportFileSchema.parse(answer.body);
  const fetched = await download(file.url);
  expect(fetched.status).toBe(200);
  return { fileName: file.fileName, text: fetched.bytes.toString('utf8') };
}

/** The file's rows as cells, the byte order mark checked and dropped. */
function rowsOf(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  return parseCsv(text.slice(1)) ?? [];
}

async function objectExists(companyId: string, reportId: string): Promise<boolean> {
  try {
    await emulators().s3.send(new HeadObjectCommand({ Bucket: cloud().handlerEnvironment.REPORTS_BUCKET, Key: reportObjectKey(companyId, reportId) }));
    return true;
  } catch (error) {
    if (error instanceof Error && (error.name === 'NotFound' || error.name === 'NoSuchKey')) return false;
    throw error;
  }
}

async function reportItem(companyId: string, reportId: string) {
  return (await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.report(companyId, reportId) }))).Item;
}

/** A report item as the generate route writes it, created at `createdMs`, written straight to the table. */
function reportItemOf(companyId: string, createdMs: number, fields: Partial<Record<string, unknown>> = {}) {
  const reportId = `${createdMs}-${randomUUID().slice(0, 8)}`;
  return {
    reportId,
    item: {
      ...keys.report(companyId, reportId),
      entity: entities.report,
      companyId,
      reportId,
      type: 'card_statuses',
      dateFrom: daysAgo(10),
      dateTo: today(),
      lang: 'en',
      status: 'active',
      requestedBy: 'someone',
      requestedByEmail: 'someone@test.local',
      created: new Date(createdMs).toISOString(),
      rows: 0,
      ...fields,
    },
  };
}

describe('reporting is a feature of the company', () => {
  it('refuses all four routes with 403 FEATURE_NOT_AVAILABLE to a company without it, and serves one with all_features', async () => {
    const without = await memberOf({ reporting: { available: false }, all_features: false });
    const reportId = `${Date.now()}-0badc0de`;
    const calls = [
      api('GET', '/reports', { token: without.token }),
      api('POST', '/reports', { token: without.token, body: { type: 'transactions', dateFrom: daysAgo(5), dateTo: today() } }),
      api('GET', `/reports/${reportId}/file`, { token: without.token }),
      api('POST', '/reports/delete', { token: without.token, body: { ids: [reportId] } }),
    ];
    for (const answer of await Promise.all(calls)) expect([answer.status, errorBody.parse(answer.body).code]).toEqual([403, 'FEATURE_NOT_AVAILABLE']);

    const all = await memberOf({ reporting: { available: false }, all_features: true });
    expect(await listReports(all.token)).toEqual({ rows: [], totalPages: 0, totalRecords: 0 });
  });
});

describe('GET /reports', () => {
  let member: Member;
  const now = Date.now();
  const recentIds: string[] = [];
  let ids: { at100: string; at200: string; at400: string };

  beforeAll(async () => {
    member = await memberOf(reportingOnly);
    const recent = Array.from({ length: 12 }, (_, index) => reportItemOf(member.company.companyId, now - 86_400_000 - index * 60_000));
    recentIds.push(...recent.map((report) => report.reportId));
    const older = [100, 200, 400].map((days) => reportItemOf(member.company.companyId, now - days * 86_400_000, { status: 'generation_failed' }));
    ids = { at100: older[0]!.reportId, at200: older[1]!.reportId, at400: older[2]!.reportId };
    await putItems(fixtureCloud(), [...recent, ...older].map((report) => report.item));
  });

  it('lists the period newest first, a page at a time, with the totals', async () => {
    const first = await listReports(member.token);
    expect(first).toMatchObject({ totalRecords: 14, totalPages: 2 });
    expect(first.rows.map((row) => row.id)).toEqual(recentIds.slice(0, 10));
    expect(first.rows[0]).toEqual({
      id: recentIds[0],
      type: 'card_statuses',
      dateFrom: daysAgo(10),
      dateTo: today(),
      created: new Date(now - 86_400_000).toISOString(),
      status: 'active',
    });
    const second = await listReports(member.token, '?page=2');
    expect(second.rows.map((row) => row.id)).toEqual([...recentIds.slice(10), ids.at100, ids.at200]);
    expect(second.rows.at(-1)?.status).toBe('generation_failed');
    expect((await listReports(member.token, '?page=3')).rows).toEqual([]);
  });

  it('counts the period back from today', async () => {
    expect(await listReports(member.token, '?dateLimit=3m&itemsPerPage=25')).toMatchObject({ totalRecords: 12, totalPages: 1 });
    const sixMonths = await listReports(member.token, '?dateLimit=6m&itemsPerPage=25');
    expect(sixMonths.rows.map((row) => row.id)).toEqual([...recentIds, ids.at100]);
    expect((await listReports(member.token, '?dateLimit=1m&itemsPerPage=50')).totalRecords).toBe(12);
  });

  it('shows a report still generating long after any worker could have made it as failed, and one in work as generating', async () => {
    const own = await memberOf(reportingOnly);
    const lost = reportItemOf(own.company.companyId, Date.now() - reportGiveUpMs - 60_000, { status: 'generating', rows: null });
    const inWork = reportItemOf(own.company.companyId, Date.now() - 60_000, { status: 'generating', rows: null });
    await putItems(fixtureCloud(), [lost.item, inWork.item]);
    const statuses = Object.fromEntries((await listReports(own.token)).rows.map((row) => [row.id, row.status]));
    expect(statuses).toEqual({ [lost.reportId]: 'generation_failed', [inWork.reportId]: 'generating' });
  });

  it('answers an empty list for a company without reports, and refuses a bad period or page size', async () => {
    const empty = await memberOf(reportingOnly);
    expect(await listReports(empty.token)).toEqual({ rows: [], totalPages: 0, totalRecords: 0 });
    expect((await api('GET', '/reports?dateLimit=2y', { token: member.token })).status).toBe(400);
    expect((await api('GET', '/reports?itemsPerPage=7', { token: member.token })).status).toBe(400);
  });
});

describe('POST /reports validation', () => {
  let member: Member;
  beforeAll(async () => {
    member = await memberOf(reportingOnly);
  });

  it.each([
    ['a day in another format', { type: 'funding', dateFrom: '01.02.2026', dateTo: '2026-02-03' }, { dateFrom: 'DATE_FORMAT' }],
    ['a day that does not exist', { type: 'funding', dateFrom: '2026-02-30', dateTo: '2026-03-03' }, { dateFrom: 'DATE_FORMAT' }],
    ['a day after today', { type: 'funding', dateFrom: daysAgo(1), dateTo: rigaDateOf(new Date(Date.now() + 2 * 86_400_000)) }, { dateTo: 'DATE_IN_FUTURE' }],
    ['a day before 2000', { type: 'funding', dateFrom: '1999-12-31', dateTo: '2000-01-05' }, { dateFrom: 'DATE_TOO_EARLY' }],
    ['a reversed range', { type: 'funding', dateFrom: daysAgo(1), dateTo: daysAgo(3) }, { dateTo: 'DATE_RANGE_REVERSED' }],
    ['an unknown type', { type: 'salaries', dateFrom: daysAgo(3), dateTo: daysAgo(1) }, { type: 'INVALID_VALUE' }],
    ['missing days', { type: 'funding' }, { dateFrom: 'REQUIRED', dateTo: 'REQUIRED' }],
  ])('refuses %s with its field error and writes nothing', async (_, body, fields) => {
    const answer = await api('POST', '/reports', { token: member.token, body });
    expect(answer.status).toBe(400);
    const error = errorBody.parse(answer.body);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toMatchObject(fields);
    expect((await listReports(member.token)).totalRecords).toBe(0);
  });
});

describe('reports generated by the worker', () => {
  let member: Member;
  let other: Member;
  let employees: FixtureEmployee[];
  const period = { dateFrom: daysAgo(20), dateTo: today() };

  beforeAll(async () => {
    [member, other] = await Promise.all([memberOf(reportingOnly, { availableCents: 100_000 }), memberOf(reportingOnly)]);
    employees = await putEmployees(fixtureCloud(), member.company.companyId, 3);
  });

  it('generates a card statuses report, answers it generating, then lists it available, e-mails the requester and serves its CSV', async () => {
    const { companyId } = member.company;
    await documents().send(
      new UpdateCommand({
        TableName: cloud().tableName,
        Key: keys.employee(companyId, employees[2]!.employeeId),
        UpdateExpression: 'SET cardStatus = :status, #status = :employeeStatus, cardStatusChangedBy = :by',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': 'soft_blocked', ':employeeStatus': 'non_active', ':by': 'employee' },
      }),
    );
    const report = await generate(member.token, { type: 'card_statuses', ...period, lang: 'lv' });
    expect(report).toMatchObject({ type: 'card_statuses', ...period, status: 'generating' });
    expect(Date.parse(report.created)).toBeGreaterThan(Date.now() - 60_000);

    const { fileName, text } = await finishedFile(member.token, report.id);
    expect(fileName).toBe(`card_statuses-${period.dateFrom}-${period.dateTo}.csv`);
    const rows = rowsOf(text);
    expect(rows[0]).toEqual(['Vārds', 'Uzvārds', 'Personas kods', 'Tālrunis', 'Karte (pēdējie cipari)', 'Lietotāja statuss', 'Kartes statuss', 'Mainījis', 'Mainīts']);
    expect(rows.slice(1).map((cells) => [cells[1], cells[2], cells[3], cells[4], cells[5], cells[6], cells[7]])).toEqual(
      employees.map((employee, index) => [
        employee.surname,
        employee.personalCode,
        employee.phone,
        employee.lastCardDigits,
        index === 2 ? 'Neaktīvs' : 'Aktīvs',
        index === 2 ? 'Bloķēta (īslaicīgi)' : 'Aktīva',
        index === 2 ? 'darbinieks' : 'sistēma',
      ]),
    );
    // The e-mail goes through the e-mail queue after the report is marked available: it arrives a moment later.
    const mailTo = async () => (await outbox()).find((entry) => entry.channel === 'email' && entry.to === member.company.email);
    const mail = await waitFor(mailTo, (entry) => entry !== undefined);
    expect(mail?.subject).toBe('Jūsu pārskats ir gatavs');
    expect(mail?.body).toContain(`${cloud().handlerEnvironment.PORTAL_URL}/reporting`);
  });

  it('writes the transactions of the period as the transactions export does', async () => {
    const employee = { employeeId: employees[0]!.employeeId, name: employees[0]!.name, surname: employees[0]!.surname, personalCode: employees[0]!.personalCode, phone: employees[0]!.phone };
    const records = await recordSpendings(fixtureCloud(), member.company.companyId, [
      { daysAgo: 40, employee, amountCents: -999, mccGroup: 'groceries' },
      { daysAgo: 5, employee, amountCents: -1250, mccGroup: 'groceries', description: '=HYPERLINK("http://evil.test")' },
      { daysAgo: 2, employee, amountCents: -300, mccGroup: 'restaurants', status: 'authorization' },
      { daysAgo: 0, employee, amountCents: -4507, mccGroup: 'transport' },
    ]);
    const report = await generate(member.token, { type: 'transactions', ...period });
    const rows = rowsOf((await finishedFile(member.token, report.id)).text);
    expect(rows[0]).toEqual(['Employee', 'Amount (EUR)', 'Executed', 'Processed', 'Description', 'Merchant category code', 'Merchant ID', 'Reference', 'Beneficiary', 'Remitter', 'Status']);
    // Newest first; the one of 40 days ago is outside the period.
    const inPeriod = records.slice(1).reverse();
    expect(rows.slice(1).map((cells) => [cells[0], cells[1], cells[2], cells[4], cells[10]])).toEqual(
      inPeriod.map((record) => [
        record.employeeName,
        String(record.amountCents / 100),
        formatDate(record.executedAt, { withTime: true }),
        record.description.startsWith('=') ? `'${record.description}` : record.description,
        record.status === 'authorization' ? 'Pending' : 'Processed',
      ]),
    );
  });

  it('writes the money given to employees, singly and by CSV file, and the refused rows of the files with their reason', async () => {
    const { companyId } = member.company;
    const [first, second, third] = employees as [FixtureEmployee, FixtureEmployee, FixtureEmployee];
    // The third employee was blocked by the first test; it is active again for the preview, then blocked before the apply.
    const setCard = (employeeId: string, cardStatus: string, status: string) =>
      documents().send(
        new UpdateCommand({ TableName: cloud().tableName, Key: keys.employee(companyId, employeeId), UpdateExpression: 'SET cardStatus = :card, #status = :status', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':card': cardStatus, ':status': status } }),
      );
    await setCard(third.employeeId, 'active', 'active');
    const single = await api('POST', `/employees/${first.employeeId}/funds`, { token: member.token, body: { amountCents: 1_000 }, headers: { 'Idempotency-Key': randomUUID() } });
    expect(single.status, JSON.stringify(single.body)).toBe(200);

    const template = z.object({ content: z.string() }).parse((await api('GET', '/funding/template', { token: member.token })).body).content;
    const amounts = new Map([[second.employeeId, '5.00'], [third.employeeId, '7.00']]);
    const [header, ...lines] = parseCsv(template) ?? [];
    const content = [header ?? [], ...lines.map((cells) => [...cells.slice(0, -1), amounts.get(cells[0] ?? '') ?? ''])].map((cells) => csvLine(cells)).join('');
    const preview = fundingFileSchema.parse((await api('POST', '/funding/files', { token: member.token, body: { fileName: 'bonus.csv', content } })).body);
    expect(preview.blocking).toBeNull();
    await setCard(third.employeeId, 'soft_blocked', 'non_active');
    const apply = await api('POST', `/funding/files/${preview.fileId}/apply`, { token: member.token, body: {}, headers: { 'Idempotency-Key': randomUUID() } });
    expect(apply.status, JSON.stringify(apply.body)).toBe(200);
    const file = await waitFor(
      async () => fundingFileSchema.parse((await api('GET', `/funding/files/${preview.fileId}`, { token: member.token })).body),
      (candidate: FundingFile) => candidate.status === 'applied',
    );
    expect(file.result).toMatchObject({ appliedCount: 1, failedCount: 1 });

    const report = await generate(member.token, { type: 'funding', ...period });
    const rows = rowsOf((await finishedFile(member.token, report.id)).text);
    expect(rows[0]).toEqual(['Date', 'Employee', 'Personal code', 'Amount (EUR)', 'Source', 'Status', 'Reason']);
    expect(rows.slice(1).map((cells) => cells.slice(1))).toEqual([
      [`${first.name} ${first.surname}`, first.personalCode, '10.00', 'Single transfer', 'Applied', ''],
      [`${second.name} ${second.surname}`, second.personalCode, '5.00', 'CSV file bonus.csv', 'Applied', ''],
      [`${third.name} ${third.surname}`, third.personalCode, expect.stringMatching(/^\d+\.\d{2}$/), 'CSV file bonus.csv', 'Refused', "User doesn't exist or not active"],
    ]);
    expect(rows.slice(1).every((cells) => /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/.test(cells[0] ?? ''))).toBe(true);
  });

  it("writes the monthly fees of the period's months with each employee's balances now", async () => {
    const { companyId } = member.company;
    const charge = (employeeId: string, month: string, feeCents: number) => ({
      ...keys.monthlyFeeCharge(companyId, employeeId, month),
      entity: entities.monthlyFeeCharge,
      companyId,
      employeeId,
      month,
      feeCents,
      movementId: randomUUID(),
      at: `${month}-01T02:00:00.000Z`,
    });
    const thisMonth = monthOf(today());
    await putItems(fixtureCloud(), [charge(employees[0]!.employeeId, thisMonth, 150), charge(employees[1]!.employeeId, thisMonth, 150), charge(employees[0]!.employeeId, monthsAgo(4), 99)]);
    const from = `${thisMonth}-01`;
    const report = await generate(member.token, { type: 'monthly_fees', dateFrom: from, dateTo: today(), lang: 'en' });
    const rows = rowsOf((await finishedFile(member.token, report.id)).text);
    expect(rows[0]).toEqual(['Month', 'Employee', 'Personal code', 'Monthly fee (EUR)', 'Charged', 'Available now (EUR)', 'Reserved now (EUR)', 'Used this month (EUR)']);
    const balance = async (employeeId: string) => z.object({ balanceCents: z.number() }).parse((await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.employee(companyId, employeeId) }))).Item).balanceCents;
    expect(rows.slice(1)).toEqual(
      await Promise.all(
        employees.slice(0, 2).map(async (employee) => [
          thisMonth,
          `${employee.name} ${employee.surname}`,
          employee.personalCode,
          '1.50',
          formatDate(`${thisMonth}-01T02:00:00.000Z`, { withTime: true }),
          ((await balance(employee.employeeId)) / 100).toFixed(2),
          '0.00',
          '0.00',
        ]),
      ),
    );
  });

  it("keeps reports to their company: another company's id is not found and is not deleted", async () => {
    const [report] = (await listReports(member.token)).rows;
    expect(report).toBeDefined();
    const file = await api('GET', `/reports/${report!.id}/file`, { token: other.token });
    expect([file.status, errorBody.parse(file.body).code]).toEqual([404, 'REPORT_NOT_FOUND']);
    const deleted = await api('POST', '/reports/delete', { token: other.token, body: { ids: [report!.id] } });
    expect(deleted.body).toEqual({ deleted: 0 });
    expect(await statusOf(member.token, report!.id)).toBe('active');
    expect(await objectExists(member.company.companyId, report!.id)).toBe(true);
    const unknown = await api('GET', `/reports/${Date.now()}-0badc0de/file`, { token: member.token });
    expect([unknown.status, errorBody.parse(unknown.body).code]).toEqual([404, 'REPORT_NOT_FOUND']);
    expect((await api('GET', '/reports/not-an-id/file', { token: member.token })).status).toBe(400);
  });

  it('answers 409 REPORT_NOT_READY for a report still generating or failed', async () => {
    const generating = reportItemOf(member.company.companyId, Date.now() - 5_000, { status: 'generating' });
    const failed = reportItemOf(member.company.companyId, Date.now() - 4_000, { status: 'generation_failed' });
    await putItems(fixtureCloud(), [generating.item, failed.item]);
    for (const reportId of [generating.reportId, failed.reportId]) {
      const answer = await api('GET', `/reports/${reportId}/file`, { token: member.token });
      expect([answer.status, errorBody.parse(answer.body).code]).toEqual([409, 'REPORT_NOT_READY']);
    }
  });

  it('deletes the selected reports, their items and files, and counts only those that were there', async () => {
    const report = await generate(member.token, { type: 'card_statuses', ...period });
    await finishedFile(member.token, report.id);
    expect(await objectExists(member.company.companyId, report.id)).toBe(true);
    const answer = await api('POST', '/reports/delete', { token: member.token, body: { ids: [report.id, `${Date.now()}-0badc0de`] } });
    expect(answer.body).toEqual({ deleted: 1 });
    expect(await statusOf(member.token, report.id)).toBeUndefined();
    expect(await reportItem(member.company.companyId, report.id)).toBeUndefined();
    expect(await objectExists(member.company.companyId, report.id)).toBe(false);
    expect((await api('POST', '/reports/delete', { token: member.token, body: { ids: [] } })).status).toBe(400);
  });
});

/** A queue of the test's own in fauxqs, shaped as provisioned (900 s visibility, dead-letter after the receive count). */
async function ownQueue(): Promise<string> {
  const sqs = emulators().sqs;
  const suffix = randomUUID().slice(0, 8);
  const dlq = await sqs.send(new CreateQueueCommand({ QueueName: `reports-test-${suffix}-dlq` }));
  const dlqArn = (await sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }))).Attributes?.QueueArn;
  const queue = await sqs.send(
    new CreateQueueCommand({
      QueueName: `reports-test-${suffix}`,
      Attributes: { VisibilityTimeout: '900', RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount: deadLetterMaxReceiveCount }) },
    }),
  );
  if (!queue.QueueUrl) throw new Error('fauxqs gave no queue URL');
  return queue.QueueUrl;
}

async function receiveOne(queueUrl: string, timeoutMs = 20_000): Promise<Message> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answer = await emulators().sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, WaitTimeSeconds: 2, MaxNumberOfMessages: 1, MessageSystemAttributeNames: ['All'] }));
    const [message] = answer.Messages ?? [];
    if (message) return message;
  }
  throw new Error(`no message on ${queueUrl} within ${timeoutMs} ms`);
}

/** A received message as Lambda's event source mapping hands it over. */
function eventOf(message: Message): SQSEvent {
  const attributes = message.Attributes ?? {};
  return {
    Records: [
      {
        messageId: message.MessageId ?? '',
        receiptHandle: message.ReceiptHandle ?? '',
        body: message.Body ?? '',
        attributes: { ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1', SentTimestamp: '0', SenderId: 'test', ApproximateFirstReceiveTimestamp: '0' },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:eu-west-1:000000000000:reports-test',
        awsRegion: 'eu-west-1',
      },
    ],
  };
}

type Send = (command: unknown, ...rest: unknown[]) => Promise<unknown>;

/**
 * Employees whose names are 2,000 characters long, so their card statuses report (about 7 MB, written in batches of
 * 1,000 lines of 2 MB) takes two multipart parts: a crash can come between them. Written straight to the table (the
 * API caps names at 50).
 */
async function putLongNamedEmployees(companyId: string, count: number): Promise<number> {
  const now = new Date().toISOString();
  await putItems(
    fixtureCloud(),
    Array.from({ length: count }, (_, index) => {
      const employeeId = `long-${String(index).padStart(5, '0')}`;
      return {
        ...keys.employee(companyId, employeeId),
        entity: entities.employee,
        companyId,
        employeeId,
        name: 'A'.repeat(2_000),
        surname: `Long ${index}`,
        personalCode: `020290-${String(index).padStart(5, '0')}`,
        cardStatus: 'active',
        cardStatusChangedBy: 'system',
        cardStatusChangedAt: now,
        deviceStatus: 'active',
        cardAccountStatus: 'active',
        status: 'active',
        balanceCents: 0,
        limitCents: 100_000,
        annualLimitCents: 1_000_000,
        createdAt: now,
      };
    }),
  );
  return count;
}

describe('the reports worker, run here on a queue of its own, against fauxqs and s3rver', () => {
  let member: Member;
  let employeeCount: number;
  let queueUrl: string;
  const realSend = s3.send.bind(s3) as Send;

  beforeAll(async () => {
    member = await memberOf(reportingOnly);
    employeeCount = await putLongNamedEmployees(member.company.companyId, 3_500);
    queueUrl = await ownQueue();
    Object.assign(process.env, cloud().handlerEnvironment, { REPORTS_QUEUE_URL: queueUrl });
    resetEnvForTests();
  });
  afterAll(() => {
    vi.restoreAllMocks();
    // The tests after these find the cloud's own queue again.
    Object.assign(process.env, cloud().handlerEnvironment);
    resetEnvForTests();
  });

  async function queuedReport(): Promise<string> {
    const { reportId, item } = reportItemOf(member.company.companyId, Date.now(), { status: 'generating', rows: null });
    await putItems(fixtureCloud(), [item]);
    await emulators().sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify({ companyId: member.company.companyId, reportId }) }));
    return reportId;
  }

  it('writes the whole file exactly once when a first attempt crashed after uploading its parts, on the redelivery after a short backoff', async () => {
    const handler = asFunction('reports/build-report', (await import('@functions/reports/build-report')).handler);
    const reportId = await queuedReport();
    const calls = { parts: 0, partsAtCrash: 0, completed: 0, crashed: false };
    vi.spyOn(s3, 'send').mockImplementation(((command: unknown, ...rest: unknown[]) => {
      if (command instanceof UploadPartCommand) {
        // The first attempt dies on its second part, after the first 5 MB went up.
        if (calls.parts === 1 && !calls.crashed) {
          calls.crashed = true;
          calls.partsAtCrash = calls.parts;
          return Promise.reject(new Error('the worker died here'));
        }
        calls.parts += 1;
      }
      if (command instanceof CompleteMultipartUploadCommand) calls.completed += 1;
      return realSend(command, ...rest);
    }) as typeof s3.send);

    const first = await receiveOne(queueUrl);
    expect(await handler(eventOf(first))).toEqual({ batchItemFailures: [{ itemIdentifier: first.MessageId }] });
    expect([calls.crashed, calls.partsAtCrash, calls.completed]).toEqual([true, 1, 0]);
    // The interrupted upload was aborted: no half file, and the report still generating.
    expect(await objectExists(member.company.companyId, reportId)).toBe(false);
    expect((await reportItem(member.company.companyId, reportId))?.status).toBe('generating');

    const failedAt = Date.now();
    const second = await receiveOne(queueUrl);
    // Back after the test profile's backoff (1 s x the first receipt), not the queue's 900 s visibility timeout.
    expect(Date.now() - failedAt).toBeLessThan(10_000);
    expect(second.MessageId).toBe(first.MessageId);
    expect(second.Attributes?.ApproximateReceiveCount).toBe('2');
    expect(await handler(eventOf(second))).toEqual({ batchItemFailures: [] });
    await emulators().sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: second.ReceiptHandle }));
    // The whole file again, in two parts of its own.
    expect([calls.parts, calls.completed]).toEqual([3, 1]);

    expect(await reportItem(member.company.companyId, reportId)).toMatchObject({ status: 'active', rows: employeeCount });
    const { text } = await finishedFile(member.token, reportId);
    const rows = rowsOf(text);
    expect(rows).toHaveLength(employeeCount + 1);
    expect(new Set(rows.slice(1).map((cells) => cells[2])).size).toBe(employeeCount);
    expect(rows.slice(1).every((cells) => cells[0] === 'A'.repeat(2_000))).toBe(true);
    expect(Buffer.byteLength(text)).toBeGreaterThan(5 * 1024 * 1024);

    // A redelivery of a finished report does nothing.
    expect(await handler(eventOf(second))).toEqual({ batchItemFailures: [] });
    expect((await finishedFile(member.token, reportId)).text).toBe(text);
  });

  it('leaves nothing behind for a report deleted while it was being made', async () => {
    const handler = asFunction('reports/build-report', (await import('@functions/reports/build-report')).handler);
    const reportId = await queuedReport();
    vi.spyOn(s3, 'send').mockImplementation((async (command: unknown, ...rest: unknown[]) => {
      if (command instanceof CompleteMultipartUploadCommand) {
        const deleted = await api('POST', '/reports/delete', { token: member.token, body: { ids: [reportId] } });
        expect(deleted.body).toEqual({ deleted: 1 });
      }
      return realSend(command, ...rest);
    }) as typeof s3.send);
    const message = await receiveOne(queueUrl);
    expect(await handler(eventOf(message))).toEqual({ batchItemFailures: [] });
    await emulators().sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }));
    expect(await reportItem(member.company.companyId, reportId)).toBeUndefined();
    expect(await objectExists(member.company.companyId, reportId)).toBe(false);
  });
});

describe('a report that always fails, through the local cloud reports queue', () => {
  it('is retried, marked generation_failed on its last receipt and dead-lettered', async () => {
    const member = await memberOf(reportingOnly);
    // A period no schema accepts: only a direct write could have stored it, and the worker cannot build it.
    const { reportId, item } = reportItemOf(member.company.companyId, Date.now(), { status: 'generating', rows: null, dateFrom: '2026-02-30' });
    await putItems(fixtureCloud(), [item]);
    const sentAt = Date.now();
    await emulators().sqs.send(new SendMessageCommand({ QueueUrl: cloud().handlerEnvironment.REPORTS_QUEUE_URL, MessageBody: JSON.stringify({ companyId: member.company.companyId, reportId }) }));

    await waitFor(() => statusOf(member.token, reportId), (status) => status === 'generation_failed', 30_000);
    console.info(`generation_failed shown ${Date.now() - sentAt} ms after the message was sent`);

    const deadLettered = await takeDeadLettered('reports', reportId);
    expect(Number(deadLettered.Attributes?.ApproximateReceiveCount)).toBeGreaterThanOrEqual(deadLetterMaxReceiveCount);
    const download = await api('GET', `/reports/${reportId}/file`, { token: member.token });
    expect(errorBody.parse(download.body).code).toBe('REPORT_NOT_READY');
  });
});

describe('a report that cannot be queued', () => {
  it('is not left generating: the request fails and the list does not show it', async () => {
    const member = await memberOf(reportingOnly);
    // A queue that does not exist: the message cannot be sent (as when SQS is down).
    Object.assign(process.env, cloud().handlerEnvironment, { REPORTS_QUEUE_URL: `${cloud().handlerEnvironment.REPORTS_QUEUE_URL}-missing-${randomUUID().slice(0, 8)}` });
    resetEnvForTests();
    try {
      const { requestReport } = await import('@functions/reports/report-store');
      const someone = { kind: 'company_user', userId: 'someone', name: 'Some One', role: 'accountant' } as const;
      await expect(requestReport(member.company.companyId, { userId: 'someone', email: 'nobody@test.local' }, { type: 'card_statuses', dateFrom: today(), dateTo: today(), lang: 'en' }, someone)).rejects.toThrow();
    } finally {
      Object.assign(process.env, cloud().handlerEnvironment);
      resetEnvForTests();
    }
    expect((await listReports(member.token)).rows).toEqual([]);
  });
});
