import { randomUUID } from 'node:crypto';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Context, SQSEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { exportAvailabilitySchema } from '@shared/exports';
import { csvLine } from '@shared/csv';
import { fundingFileSchema, parseCsv } from '@shared/funding';
import { employeeImportSchema } from '@shared/employee-imports';
import { rigaDateOf } from '@shared/dates';
import type { failOverdueWork as FailOverdueWorkFn, handler as OverdueHandler } from '@functions/exports/fail-overdue-work';
import type { finishBackgroundFile as FinishBackgroundFileFn } from '@functions/exports';
import type { handler as ExportHandler } from '@functions/exports/write-export-files';
import { resetEnvForTests } from '@functions/platform/env';
import { entities, exportObjectKey, keys } from '@functions/platform/keys';
import { workDeadlineSeconds, workerStopMarginSeconds } from '../../functions/platform/queue-work';
import { overdueWorkMetric } from '../../functions/platform/metrics';
import { createOwnCompany, type OwnCompany } from './company-fixtures';
import { freshPhone, waitFor } from './employee-fixtures';
import { putEmployees } from './funding-fixtures';
import { api, asFunction, cloud, documents, emulators, fixtureCloud, signIn } from './support';
import { addListedEmployees, recordSpendings, type ListedEmployee } from './transaction-fixtures';

/**
 * No state that hangs (issue 18): what a worker left running past its queue's deadline is failed by the deadline job,
 * under a condition a finishing worker wins, and a worker stops itself before its timeout so its record comes back.
 * The job runs here as its schedule runs it, against the emulators, with the real clock: only this file's items are
 * past a deadline, so the other files' running work is left alone.
 */
let failOverdueWork: typeof FailOverdueWorkFn;
let overdueHandler: typeof OverdueHandler;
let finishBackgroundFile: typeof FinishBackgroundFileFn;
let exportHandler: typeof ExportHandler;
let company: OwnCompany;
let token: string;

beforeAll(async () => {
  Object.assign(process.env, cloud().handlerEnvironment);
  resetEnvForTests();
  const overdueWork = await import('@functions/exports/fail-overdue-work');
  failOverdueWork = asFunction('exports/fail-overdue-work', overdueWork.failOverdueWork);
  overdueHandler = asFunction('exports/fail-overdue-work', overdueWork.handler);
  ({ finishBackgroundFile } = await import('@functions/exports'));
  exportHandler = asFunction('exports/write-export-files', (await import('@functions/exports/write-export-files')).handler);
  company = await createOwnCompany(fixtureCloud(), { role: 'manager', availableCents: 100_000, features: { reporting: { available: true }, all_features: true } });
  token = await signIn(company.email, undefined, company.phone);
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

async function itemOf(key: { pk: string; sk: string }): Promise<Record<string, unknown> | undefined> {
  return (await documents().send(new GetCommand({ TableName: cloud().tableName, Key: key }))).Item;
}

/** A report the API would write, generating, with its place among the running files due at `deadline`. */
function generatingReport(deadline: string) {
  const reportId = `${Date.now()}-${randomUUID().slice(0, 8)}`;
  const day = rigaDateOf(new Date());
  return {
    key: keys.report(company.companyId, reportId),
    item: {
      ...keys.report(company.companyId, reportId),
      ...keys.runningBackgroundFile(deadline, company.companyId, reportId),
      entity: entities.report,
      companyId: company.companyId,
      reportId,
      type: 'card_statuses',
      dateFrom: day,
      dateTo: day,
      lang: 'en',
      status: 'generating',
      requestedBy: 'someone',
      requestedByEmail: 'someone@test.local',
      created: new Date().toISOString(),
      rows: null,
    },
  };
}

function generatingExport(deadline: string, filters: Record<string, string> = {}) {
  const fileId = randomUUID();
  const now = new Date();
  return {
    key: keys.exportJob(company.companyId, fileId),
    item: {
      ...keys.exportJob(company.companyId, fileId),
      ...keys.runningBackgroundFile(deadline, company.companyId, fileId),
      entity: entities.exportJob,
      companyId: company.companyId,
      fileId,
      kind: 'transactions',
      status: 'generating',
      filters,
      lang: 'en',
      fileName: 'transactions.csv',
      emailTo: 'nobody@test.local',
      mailAfter: now.toISOString(),
      requestedBy: 'someone',
      createdAt: now.toISOString(),
      rows: null,
      expiresAt: Math.floor(now.getTime() / 1000) + 3600,
    },
  };
}

async function put(item: Record<string, unknown>): Promise<void> {
  await documents().send(new PutCommand({ TableName: cloud().tableName, Item: item }));
}

/**
 * A previewed funding file of the company, through the API. A file with the same bytes as an earlier one is that file
 * (the upload answers it again), so each call names its own amount.
 */
async function previewedFile(amount: string): Promise<string> {
  const employees = await putEmployees(fixtureCloud(), company.companyId, 2);
  const template = z.object({ content: z.string() }).parse((await api('GET', '/funding/template', { token })).body).content;
  const rows = parseCsv(template) ?? [];
  const amounts = new Set(employees.map((employee) => employee.employeeId));
  const content = rows.map((cells, index) => csvLine(index > 0 && amounts.has(cells[0] ?? '') ? [...cells.slice(0, -1), amount] : cells)).join('');
  const answer = await api('POST', '/funding/files', { token, body: { fileName: 'funding.csv', content } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return fundingFileSchema.parse(answer.body).fileId;
}

/** As a lost message leaves a file: queued, with its deadline at `deadline`, and no worker on it. */
async function leaveQueued(fileId: string, deadline: string): Promise<void> {
  const { gsi2pk, gsi2sk } = keys.runningFundingFile(deadline, company.companyId, fileId);
  await documents().send(
    new UpdateCommand({
      TableName: cloud().tableName,
      Key: keys.fundingFile(company.companyId, fileId),
      UpdateExpression: 'SET #status = :queued, appliedBy = :actor, gsi2pk = :pk, gsi2sk = :sk',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':queued': 'queued', ':actor': { kind: 'company_user', userId: null, name: 'Test', role: 'manager' }, ':pk': gsi2pk, ':sk': gsi2sk },
    }),
  );
}

/** A previewed employee import of the company (issue 34), through the API. */
async function previewedImport(): Promise<string> {
  const answer = await api('POST', '/employee-imports', { token, body: { content: `Name,Surname,Phone\r\nAnna,Bērziņa,${freshPhone()}\r\n` }, headers: { 'Idempotency-Key': randomUUID() } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return employeeImportSchema.parse(answer.body).importId;
}

/** As a lost message leaves an import: queued, with its deadline at `deadline`, and no worker on it. */
async function leaveImportQueued(importId: string, deadline: string): Promise<void> {
  const { gsi2pk, gsi2sk } = keys.runningEmployeeImport(deadline, company.companyId, importId);
  await documents().send(
    new UpdateCommand({
      TableName: cloud().tableName,
      Key: keys.employeeImport(company.companyId, importId),
      UpdateExpression: 'SET #status = :queued, appliedBy = :actor, gsi2pk = :pk, gsi2sk = :sk',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':queued': 'queued', ':actor': { kind: 'company_user', userId: null, name: 'Test', role: 'manager' }, ':pk': gsi2pk, ':sk': gsi2sk },
    }),
  );
}

describe('the deadline job', () => {
  it('fails a funding file, an export and a report left running past their deadline, once, and leaves those still in time', async () => {
    const [lostFile, inTimeFile] = await Promise.all([previewedFile('1.00'), previewedFile('2.00')]);
    expect(lostFile).not.toBe(inTimeFile);
    await leaveQueued(lostFile, minutesAgo(1));
    await leaveQueued(inTimeFile, inMinutes(30));
    const lostExport = generatingExport(minutesAgo(1));
    const lostReport = generatingReport(minutesAgo(1));
    const inTimeReport = generatingReport(inMinutes(30));
    await Promise.all([put(lostExport.item), put(lostReport.item), put(inTimeReport.item)]);

    const summary = await failOverdueWork(new Date());
    expect(summary.fundingFiles).toBeGreaterThanOrEqual(1);
    expect(summary.backgroundFiles).toBeGreaterThanOrEqual(2);

    const file = fundingFileSchema.parse((await api('GET', `/funding/files/${lostFile}`, { token })).body);
    expect(file).toMatchObject({ status: 'failed', result: { appliedCount: 0, appliedCents: 0 } });
    expect(fundingFileSchema.parse((await api('GET', `/funding/files/${inTimeFile}`, { token })).body).status).toBe('queued');
    expect(await itemOf(lostExport.key)).toMatchObject({ status: 'generation_failed' });
    expect(exportAvailabilitySchema.parse((await api('GET', `/exports/${String(lostExport.item.fileId)}/availability`, { token })).body)).toEqual({ available: false });
    expect(await itemOf(lostReport.key)).toMatchObject({ status: 'generation_failed' });
    expect(await itemOf(inTimeReport.key)).toMatchObject({ status: 'generating', gsi2pk: inTimeReport.item.gsi2pk });
    // What it failed left the running index: the next run finds none of them again.
    for (const key of [keys.fundingFile(company.companyId, lostFile), lostExport.key, lostReport.key]) expect((await itemOf(key))?.gsi2pk).toBeUndefined();
  });

  it('fails an employee import left queued past its deadline, once, and leaves one still in time', async () => {
    const [lost, inTime] = await Promise.all([previewedImport(), previewedImport()]);
    await leaveImportQueued(lost, minutesAgo(1));
    await leaveImportQueued(inTime, inMinutes(30));
    expect((await failOverdueWork(new Date())).employeeImports).toBeGreaterThanOrEqual(1);
    const read = async (importId: string) => employeeImportSchema.parse((await api('GET', `/employee-imports/${importId}`, { token })).body);
    expect(await read(lost)).toMatchObject({ status: 'failed', result: { createdCount: 0 } });
    expect((await read(inTime)).status).toBe('queued');
    expect((await itemOf(keys.employeeImport(company.companyId, lost)))?.gsi2pk).toBeUndefined();
    expect((await failOverdueWork(new Date())).employeeImports).toBe(0);
  });

  it('lets a worker that finishes at the same moment keep its file: the file ends either available or failed, never both', async () => {
    const reports = Array.from({ length: 5 }, () => generatingReport(minutesAgo(1)));
    await Promise.all(reports.map((report) => put(report.item)));
    const [finished] = await Promise.all([Promise.all(reports.map((report) => finishBackgroundFile(report.key, { status: 'active', rows: 0 }))), failOverdueWork(new Date())]);
    for (const [index, report] of reports.entries()) {
      const stored = await itemOf(report.key);
      expect(stored?.status, report.item.reportId).toBe(finished[index] ? 'active' : 'generation_failed');
      expect(stored?.gsi2pk).toBeUndefined();
    }
  });

  it('counts what it failed in an embedded metric line, which its alarm reads', async () => {
    await put(generatingReport(minutesAgo(1)).item);
    const lines: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      await overdueHandler({ time: new Date().toISOString() });
    } finally {
      spy.mockRestore();
    }
    const metric = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => '_aws' in line);
    expect(metric).toMatchObject({
      _aws: { CloudWatchMetrics: [{ Namespace: overdueWorkMetric.namespace, Metrics: [{ Name: overdueWorkMetric.name, Unit: 'Count' }] }] },
    });
    expect(metric?.[overdueWorkMetric.name]).toBeGreaterThanOrEqual(1);
  });

  it('gives the work the API starts a deadline of its queue, and takes it off when the work ends', async () => {
    const started = Date.now();
    const answer = await api('POST', '/reports', { token, body: { type: 'card_statuses', dateFrom: rigaDateOf(new Date()), dateTo: rigaDateOf(new Date()) } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const reportId = z.object({ id: z.string() }).parse(answer.body).id;
    const written = await itemOf(keys.report(company.companyId, reportId));
    // Read at once it may already be done; when still running, its deadline is the reports queue's.
    if (written?.status === 'generating') {
      const deadline = Date.parse(String(written.gsi2sk).split('#')[0] ?? '');
      expect(deadline - started).toBeGreaterThanOrEqual(workDeadlineSeconds('reports') * 1000 - 5_000);
    }
    const done = await waitFor(() => itemOf(keys.report(company.companyId, reportId)), (item) => item?.status === 'active', 30_000);
    expect(done?.gsi2pk).toBeUndefined();
  });
});

describe('a worker out of time', () => {
  it('stops an export before its timeout and fails the record, leaving no file; the next receipt writes the whole file', async () => {
    const employees = await addListedEmployees(fixtureCloud(), company.companyId, [{ name: 'Anna', surname: 'Ozola', personalCode: '010190-20001', phone: '37120000201' }]);
    await recordSpendings(
      fixtureCloud(),
      company.companyId,
      Array.from({ length: 20 }, (_, index) => ({ daysAgo: 3, employee: employees[0] as ListedEmployee, amountCents: -(100 + index), mccGroup: 'groceries' })),
    );
    // Written as the API writes a job, but with no message on the queue: only the receipts below work it (through the
    // API, the local cloud's own worker would take the queued message and race them).
    const exported = generatingExport(inMinutes(30), { dateLimit: '1m' });
    await put(exported.item);
    const fileId = String(exported.item.fileId);
    const job = exported.key;
    const record = (receiveCount: number): SQSEvent => ({
      Records: [
        {
          messageId: `m-${receiveCount}`,
          receiptHandle: 'not-a-receipt',
          body: JSON.stringify({ companyId: company.companyId, fileId }),
          attributes: { ApproximateReceiveCount: String(receiveCount), SentTimestamp: '0', SenderId: 'x', ApproximateFirstReceiveTimestamp: '0' },
          messageAttributes: {},
          md5OfBody: '',
          eventSource: 'aws:sqs',
          eventSourceARN: 'arn:aws:sqs:eu-central-1:000000000000:exports',
          awsRegion: 'eu-central-1',
        },
      ],
    });
    // Lambda says the stop margin is all that is left: the job's signal aborts at once.
    const outOfTime = { getRemainingTimeInMillis: () => workerStopMarginSeconds * 1000 } satisfies Pick<Context, 'getRemainingTimeInMillis'>;
    expect(await exportHandler(record(1), outOfTime)).toEqual({ batchItemFailures: [{ itemIdentifier: 'm-1' }] });
    expect(await itemOf(job)).toMatchObject({ status: 'generating' });
    const head = emulators().s3.send(new HeadObjectCommand({ Bucket: cloud().handlerEnvironment.REPORTS_BUCKET, Key: exportObjectKey(company.companyId, fileId) }));
    await expect(head).rejects.toThrow();

    expect(await exportHandler(record(2))).toEqual({ batchItemFailures: [] });
    expect(await itemOf(job)).toMatchObject({ status: 'active', rows: 20 });
  });
});
