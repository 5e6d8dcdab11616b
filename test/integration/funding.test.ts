import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { movementSourceOf } from '@shared/activity-links';
import { csvLine } from '@shared/csv';
import { fundingAnswerSchema, fundingCsvColumns, fundingFileSchema, parseCsv, type FundingFile } from '@shared/funding';
import { fundingFileObjectKey, keys } from '@functions/platform/keys';
import { createOwnCompany, putItems, type OwnCompany } from './company-fixtures';
import { putEmployees, type FixtureEmployee } from './funding-fixtures';
import { takeDeadLettered } from './queue-fixtures';
import { api, cloud, documents, emulators, fixtureCloud, signIn } from './support';
import { waitFor } from './employee-fixtures';
import { companyRecords, employeeActivity, employeeHistory } from './employee-movements';

interface Funded {
  company: OwnCompany;
  token: string;
  employees: FixtureEmployee[];
}

async function fundedCompany(availableCents: number, employeeCount: number): Promise<Funded> {
  const company = await createOwnCompany(fixtureCloud(), { role: 'manager', availableCents });
  const employees = await putEmployees(fixtureCloud(), company.companyId, employeeCount);
  return { company, token: await signIn(company.email, undefined, company.phone), employees };
}

async function available(companyId: string): Promise<number> {
  const item = await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.mainAccount(companyId) }));
  return z.object({ availableCents: z.number() }).parse(item.Item).availableCents;
}

async function partition(pk: string, filter?: { prefix: string }): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documents().send(
      new QueryCommand({
        TableName: cloud().tableName,
        KeyConditionExpression: filter ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk, ...(filter ? { ':prefix': filter.prefix } : {}) },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

const ledgerLine = z.object({ movementId: z.string(), kind: z.string(), account: z.string(), amountCents: z.number().int() });
const ledgerOf = async (companyId: string) => (await partition(`COMPANY#${companyId}#LEDGER`)).map((item) => ledgerLine.parse(item));
const balances = async (companyId: string) =>
  new Map((await partition(`COMPANY#${companyId}`, { prefix: 'EMPLOYEE#' })).map((item) => [String(item.employeeId), Number(item.balanceCents)]));

/** The answers that tell a client to send the same request again, with the same key: the outcome is not decided. */
const undecided = new Set(['503 FUNDS_TRANSFER_FAILED', '503 REQUEST_TIMED_OUT', '409 IDEMPOTENCY_IN_PROGRESS']);

const fund = (token: string, employeeId: string, amountCents: unknown, key: string | null = randomUUID()) =>
  api('POST', `/employees/${employeeId}/funds`, { token, body: { amountCents }, headers: key === null ? {} : { 'Idempotency-Key': key } });

describe('POST /employees/{employeeId}/funds', () => {
  let funded: Funded;
  beforeAll(async () => {
    funded = await fundedCompany(100_000, 10);
  });

  it('lets exactly 100 of 200 concurrent EUR 10 transfers through from EUR 1,000, each retried by its client until it has an answer: the account ends at 0.00, never below, and the ledger sums to zero', async () => {
    const { company, token, employees } = funded;
    // A loaded machine (CI's two cores) makes some of the 200 wait out their conflicts or their time, as a burst on
    // one account would in the cloud; their client sends them again with the same key, which a payroll system does.
    const retried: string[] = [];
    const answers = await Promise.all(
      Array.from({ length: 200 }, async (_, index) => {
        const key = randomUUID();
        for (;;) {
          const answer = await fund(token, employees[index % employees.length]!.employeeId, 1_000, key);
          const code = (answer.body as { code?: string }).code ?? '';
          if (!undecided.has(`${answer.status} ${code}`)) return answer;
          retried.push(code);
          await delay(50 + Math.random() * 200);
        }
      }),
    );
    const ok = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(ok).toHaveLength(100);
    expect(refused.map((answer) => [answer.status, (answer.body as { code?: string }).code])).toEqual(Array.from({ length: 100 }, () => [409, 'FUNDS_NOT_ENOUGH']));
    if (retried.length > 0) console.info(`concurrent transfers: ${retried.length} answer(s) sent again (${[...new Set(retried)].join(', ')})`);
    expect(await available(company.companyId)).toBe(0);
    const lines = await ledgerOf(company.companyId);
    expect(lines).toHaveLength(200);
    expect(lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(0);
    expect(lines.filter((line) => line.account === 'main').every((line) => line.amountCents === -1_000 && line.kind === 'employee_funding')).toBe(true);
    const total = [...(await balances(company.companyId)).values()].reduce((sum, cents) => sum + cents, 0);
    expect(total).toBe(100_000);
    // Two hundred requests on one account: on a loaded machine they queue behind each other well past the default.
  }, 120_000);
});

describe('Idempotency-Key', () => {
  let funded: Funded;
  beforeAll(async () => {
    funded = await fundedCompany(50_000, 2);
  });

  it('answers the same request sent 10 times with one key with one posting and 10 identical answers', async () => {
    const { company, token, employees } = funded;
    const before = await available(company.companyId);
    const key = randomUUID();
    const employeeId = employees[0]!.employeeId;
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => fund(token, employeeId, 2_500, key)));
    const sequential = [];
    for (let attempt = 0; attempt < 5; attempt += 1) sequential.push(await fund(token, employeeId, 2_500, key));
    const answers = [...concurrent, ...sequential];
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 10 }, () => 200));
    const first = fundingAnswerSchema.parse(answers[0]!.body);
    for (const answer of answers) expect(answer.body).toEqual(first);
    expect(await available(company.companyId)).toBe(before - 2_500);
    expect((await ledgerOf(company.companyId)).filter((line) => line.movementId === first.movementId)).toHaveLength(2);
    expect((await balances(company.companyId)).get(employeeId)).toBe(2_500);
  });

  it('refuses the same key with another body (422) and a request without a key (400), moving nothing', async () => {
    const { company, token, employees } = funded;
    const key = randomUUID();
    expect((await fund(token, employees[1]!.employeeId, 100, key)).status).toBe(200);
    const before = await available(company.companyId);
    const other = await fund(token, employees[1]!.employeeId, 200, key);
    expect([other.status, (other.body as { code?: string }).code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const otherEmployee = await fund(token, employees[0]!.employeeId, 100, key);
    expect([otherEmployee.status, (otherEmployee.body as { code?: string }).code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const missing = await fund(token, employees[1]!.employeeId, 100, null);
    expect([missing.status, (missing.body as { code?: string }).code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
    expect(await available(company.companyId)).toBe(before);
  });

  it("answers 'Amount required', a not-active user and too little money with their codes and moves nothing", async () => {
    const { company, token, employees } = funded;
    const before = await available(company.companyId);
    const noAmount = await api('POST', `/employees/${employees[0]!.employeeId}/funds`, { token, body: {}, headers: { 'Idempotency-Key': randomUUID() } });
    expect([noAmount.status, noAmount.body]).toMatchObject([400, { code: 'VALIDATION_FAILED', fields: { amountCents: 'AMOUNT_REQUIRED' } }]);
    const negative = await fund(token, employees[0]!.employeeId, -5);
    expect(negative.body).toMatchObject({ fields: { amountCents: 'AMOUNT_NOT_POSITIVE' } });
    const [blocked] = await putEmployees(fixtureCloud(), company.companyId, 1, 'soft_blocked', 'blocked');
    const notActive = await fund(token, blocked!.employeeId, 100);
    expect([notActive.status, (notActive.body as { code?: string }).code]).toEqual([409, 'FUNDING_USER_NOT_ACTIVE']);
    const unknown = await fund(token, 'nobody', 100);
    expect((unknown.body as { code?: string }).code).toBe('FUNDING_USER_NOT_ACTIVE');
    const tooMuch = await fund(token, employees[0]!.employeeId, before + 1);
    expect([tooMuch.status, (tooMuch.body as { code?: string }).code]).toEqual([409, 'FUNDS_NOT_ENOUGH']);
    expect(await available(company.companyId)).toBe(before);
    // A refusal is not kept, so it does not use the key up: the corrected request may carry it.
    const key = randomUUID();
    expect((await fund(token, employees[0]!.employeeId, before + 1, key)).status).toBe(409);
    expect((await fund(token, employees[0]!.employeeId, 1, key)).status).toBe(200);
  });
});

/** The template as a spreadsheet returns it, with `amounts` (by employee id) in the Add Balance column. */
/**
 * As a crash leaves a file of EUR 1.00 rows: status applying and the first chunk (rows 2..33) committed, each of its
 * employees paid 100 and the main account debited their sum.
 */
async function leaveCutShort(companyId: string, fileId: string, employees: readonly FixtureEmployee[]): Promise<void> {
  const table = documents();
  const tableName = cloud().tableName;
  await table.send(
    new UpdateCommand({ TableName: tableName, Key: keys.fundingFile(companyId, fileId), UpdateExpression: 'SET #status = :applying, appliedBy = :actor', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':applying': 'applying', ':actor': { kind: 'company_user', userId: null, name: 'Test', role: 'manager' } } }),
  );
  for (const [index, employee] of employees.slice(0, 32).entries()) {
    await table.send(new UpdateCommand({ TableName: tableName, Key: keys.employee(companyId, employee.employeeId), UpdateExpression: 'SET balanceCents = :paid', ExpressionAttributeValues: { ':paid': 100 } }));
    await table.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.fundingRow(companyId, fileId, index + 2),
        UpdateExpression: 'SET rowNumber = :row, employeeId = :id, #name = :name, amountCents = :cents, outcome = :applied',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: { ':row': index + 2, ':id': employee.employeeId, ':name': employee.name, ':cents': 100, ':applied': 'applied' },
      }),
    );
  }
  await table.send(new UpdateCommand({ TableName: tableName, Key: keys.mainAccount(companyId), UpdateExpression: 'ADD availableCents :paid', ExpressionAttributeValues: { ':paid': -3_200 } }));
  await table.send(new UpdateCommand({ TableName: tableName, Key: keys.fundingFile(companyId, fileId), UpdateExpression: 'ADD doneRows :rows, appliedCount :rows, appliedCents :paid', ExpressionAttributeValues: { ':rows': 32, ':paid': 3_200 } }));
}

function filledTemplate(template: string, amounts: ReadonlyMap<string, string>, change?: (cells: string[]) => string[]): string {
  const [header, ...rows] = parseCsv(template) ?? [];
  const filled = rows.map((cells) => {
    const next = [...cells.slice(0, -1), amounts.get(cells[0] ?? '') ?? ''];
    return change ? change(next) : next;
  });
  return [header ?? [], ...filled].map((cells) => csvLine(cells)).join('');
}

async function template(token: string): Promise<string> {
  const answer = await api('GET', '/funding/template', { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return z.object({ content: z.string() }).parse(answer.body).content;
}

async function upload(token: string, content: unknown) {
  return api('POST', '/funding/files', { token, body: { fileName: 'bonus.csv', content } });
}

async function applied(token: string, fileId: string, timeoutMs = 15_000): Promise<FundingFile> {
  const start = await api('POST', `/funding/files/${fileId}/apply`, { token, body: {}, headers: { 'Idempotency-Key': randomUUID() } });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  return waitFor(
    async () => fundingFileSchema.parse((await api('GET', `/funding/files/${fileId}`, { token })).body),
    (file) => file.status === 'applied',
    timeoutMs,
  );
}

describe('funding by CSV', () => {
  let funded: Funded;
  beforeAll(async () => {
    funded = await fundedCompany(10_000, 5);
    await putEmployees(fixtureCloud(), funded.company.companyId, 1, 'soft_blocked', 'blocked');
  });

  it('offers the active users as the template, with an empty Add Balance column', async () => {
    const rows = parseCsv(await template(funded.token)) ?? [];
    expect(rows[0]).toEqual([...fundingCsvColumns]);
    expect(rows.slice(1).map((cells) => cells[0])).toEqual(funded.employees.map((employee) => employee.employeeId));
    expect(rows.slice(1).every((cells) => cells.at(-1) === '' && cells[6] === '0.00')).toBe(true);
  });

  it("refuses a missing file ('File required') and a file that is not the template's structure", async () => {
    expect((await upload(funded.token, '')).body).toMatchObject({ fields: { content: 'FILE_REQUIRED' } });
    expect((await api('POST', '/funding/files', { token: funded.token, body: { fileName: 'x.csv' } })).body).toMatchObject({ fields: { content: 'FILE_REQUIRED' } });
    const wrongColumns = await upload(funded.token, 'User ID,Amount\r\nemp-00001,10\r\n');
    expect([wrongColumns.status, (wrongColumns.body as { code?: string }).code]).toEqual([422, 'FUNDING_FILE_INVALID']);
    const short = filledTemplate(await template(funded.token), new Map(), (cells) => (cells[0] === 'emp-00002' ? cells.slice(0, 5) : cells));
    expect((await upload(funded.token, short)).status).toBe(422);
  });

  it('previews every bad row with its number, user and reason, skips empty and zero rows, and refuses to apply it', async () => {
    const [a, b, c, d, e] = funded.employees;
    const base = await template(funded.token);
    const amounts = new Map([[a!.employeeId, '10.50'], [b!.employeeId, 'ten'], [c!.employeeId, '-1'], [d!.employeeId, '1.234'], [e!.employeeId, '0']]);
    const content = filledTemplate(base, amounts)
      + csvLine([a!.employeeId, a!.name, a!.surname, a!.personalCode, a!.phone, a!.lastCardDigits, '0.00', '5'])
      + csvLine(['blocked-00001', 'Ilze', 'Bērziņa blocked 00001', '010190-00001', '37100000000', '1000', '0.00', '5'])
      + csvLine([e!.employeeId, 'Changed', e!.surname, e!.personalCode, e!.phone, e!.lastCardDigits, '0.00', '1']);
    const answer = await upload(funded.token, content);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const preview = fundingFileSchema.parse(answer.body);
    expect(preview.problems.map((problem) => [problem.rowNumber, problem.employeeId, problem.reason])).toEqual([
      [3, b!.employeeId, 'NUMBER_INVALID'],
      [4, c!.employeeId, 'AMOUNT_NEGATIVE'],
      [5, d!.employeeId, 'AMOUNT_TOO_PRECISE'],
      [7, a!.employeeId, 'ROW_DUPLICATE'],
      [8, 'blocked-00001', 'ROW_USER_NOT_ACTIVE'],
      [9, e!.employeeId, 'ROW_CHANGED'],
    ]);
    expect(preview.problems[0]!.name).toBe(`${b!.name} ${b!.surname}`);
    expect(preview).toMatchObject({ rowCount: 8, fundedRowCount: 1, totalCents: 1_050, blocking: 'FUNDING_FILE_HAS_ERRORS', status: 'previewed' });
    const apply = await api('POST', `/funding/files/${preview.fileId}/apply`, { token: funded.token, body: {}, headers: { 'Idempotency-Key': randomUUID() } });
    expect([apply.status, (apply.body as { code?: string }).code]).toEqual([409, 'FUNDING_FILE_HAS_ERRORS']);
    expect(await available(funded.company.companyId)).toBe(10_000);
  });

  it('refuses a file whose total is above the available amount', async () => {
    const content = filledTemplate(await template(funded.token), new Map(funded.employees.map((employee) => [employee.employeeId, '25.00'])));
    const preview = fundingFileSchema.parse((await upload(funded.token, content)).body);
    expect(preview).toMatchObject({ totalCents: 12_500, availableCents: 10_000, blocking: 'FUNDING_TOTAL_TOO_HIGH', problemCount: 0 });
    const apply = await api('POST', `/funding/files/${preview.fileId}/apply`, { token: funded.token, body: {}, headers: { 'Idempotency-Key': randomUUID() } });
    expect((apply.body as { code?: string }).code).toBe('FUNDING_TOTAL_TOO_HIGH');
  });

  it('applies a good file once: a row whose user stopped being active fails with its reason, the rest of its chunk is paid, and a re-upload or a redelivered job moves nothing', async () => {
    const { company, token, employees } = funded;
    const content = filledTemplate(await template(token), new Map(employees.map((employee, index) => [employee.employeeId, `${index + 1}.00`])));
    const preview = fundingFileSchema.parse((await upload(token, content)).body);
    expect(preview).toMatchObject({ blocking: null, fundedRowCount: 5, totalCents: 1_500 });
    // Blocked between the preview and the apply: the credit's condition refuses it inside the chunk's transaction.
    await documents().send(
      new UpdateCommand({ TableName: cloud().tableName, Key: keys.employee(company.companyId, employees[2]!.employeeId), UpdateExpression: 'SET cardStatus = :blocked, #status = :non', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':blocked': 'soft_blocked', ':non': 'non_active' } }),
    );
    const before = await available(company.companyId);
    const file = await applied(token, preview.fileId);
    expect(file.result).toMatchObject({ appliedCount: 4, appliedCents: 1_200, failedCount: 1, code: 'FUNDS_TRANSFER_FAILED_FOR_ACCOUNTS' });
    expect(file.result?.failed).toEqual([{ rowNumber: 4, employeeId: employees[2]!.employeeId, name: `${employees[2]!.name} ${employees[2]!.surname}`, reason: 'FUNDING_USER_NOT_ACTIVE' }]);
    expect(file.result?.applied.map((row) => row.rowNumber)).toEqual([2, 3, 5, 6]);
    expect(await available(company.companyId)).toBe(before - 1_200);

    const again = await upload(token, content);
    expect([again.status, (again.body as { code?: string }).code]).toEqual([409, 'FUNDING_FILE_ALREADY_APPLIED']);
    const reapplied = await api('POST', `/funding/files/${preview.fileId}/apply`, { token, body: {}, headers: { 'Idempotency-Key': randomUUID() } });
    expect(fundingFileSchema.parse(reapplied.body).result).toEqual(file.result);
    await emulators().sqs.send(new SendMessageCommand({ QueueUrl: cloud().handlerEnvironment.FUNDING_QUEUE_URL, MessageBody: JSON.stringify({ companyId: company.companyId, fileId: preview.fileId }) }));
    const lines = await ledgerOf(company.companyId);
    expect(lines.filter((line) => line.account.startsWith('employee:'))).toHaveLength(4);
    expect(lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(0);
    const paid = await balances(company.companyId);
    expect(employees.map((employee) => paid.get(employee.employeeId))).toEqual([100, 200, 0, 400, 500]);

    // Issue 31: each paid row is recorded on its employee, once, naming the file; the refused row moved nothing.
    const recorded = (await companyRecords(company.companyId, 'funds.add')).filter((record) => (record.after as { fileId?: string }).fileId === preview.fileId);
    expect(recorded.map((record) => (record.target as { id: string }).id).sort()).toEqual([0, 1, 3, 4].map((index) => employees[index]!.employeeId).sort());
    const [found] = await employeeActivity(token, employees[3]!.employeeId, 'funds.add');
    expect(found).toMatchObject({ employee: { employeeId: employees[3]!.employeeId }, after: { fileId: preview.fileId, fileName: 'bonus.csv', amountCents: 400 } });
    const history = await employeeHistory(token, employees[3]!.employeeId, 'funds.add');
    expect(history.map((entry) => movementSourceOf(entry))).toContainEqual({ kind: 'fundingFile', fileId: preview.fileId, fileName: 'bonus.csv' });
    expect(await employeeActivity(token, employees[2]!.employeeId, 'funds.add')).toEqual([]);
  });

  it("lists a file's applied rows in its result even when hundreds of failed rows come first", async () => {
    const { company, token, employees } = await fundedCompany(10_000, 2);
    const content = filledTemplate(await template(token), new Map(employees.map((employee) => [employee.employeeId, '1.00'])));
    const preview = fundingFileSchema.parse((await upload(token, content)).body);
    expect((await applied(token, preview.fileId)).result?.applied.map((row) => row.rowNumber)).toEqual([2, 3]);
    // Row items that sort before the applied ones, as refused rows of a large file would.
    const { pk } = keys.fundingRows(company.companyId, preview.fileId);
    const refused = Array.from({ length: 450 }, (_, index) => ({
      pk,
      sk: `ROW#000000-${String(index).padStart(4, '0')}`,
      entity: 'fundingRow',
      rowNumber: 0,
      employeeId: employees[0]!.employeeId,
      name: 'Refused row',
      amountCents: 100,
      outcome: 'failed',
    }));
    await putItems(fixtureCloud(), refused);
    const file = fundingFileSchema.parse((await api('GET', `/funding/files/${preview.fileId}`, { token })).body);
    expect(file.result?.applied.map((row) => row.rowNumber)).toEqual([2, 3]);
  });

  it('resumes a file whose apply was cut short after some rows: the rows done are not paid again', async () => {
    const company = await createOwnCompany(fixtureCloud(), { role: 'manager', availableCents: 100_000 });
    const employees = await putEmployees(fixtureCloud(), company.companyId, 70);
    const token = await signIn(company.email, undefined, company.phone);
    const content = filledTemplate(await template(token), new Map(employees.map((employee) => [employee.employeeId, '1.00'])));
    const preview = fundingFileSchema.parse((await upload(token, content)).body);
    await leaveCutShort(company.companyId, preview.fileId, employees);
    const send = () => emulators().sqs.send(new SendMessageCommand({ QueueUrl: cloud().handlerEnvironment.FUNDING_QUEUE_URL, MessageBody: JSON.stringify({ companyId: company.companyId, fileId: preview.fileId }) }));
    await Promise.all([send(), send()]);
    const file = await waitFor(async () => fundingFileSchema.parse((await api('GET', `/funding/files/${preview.fileId}`, { token })).body), (seen) => seen.status === 'applied');
    await send();
    expect(file.result).toMatchObject({ appliedCount: 70, appliedCents: 7_000, failedCount: 0 });
    const paid = await balances(company.companyId);
    expect(employees.every((employee) => paid.get(employee.employeeId) === 100)).toBe(true);
    expect(await available(company.companyId)).toBe(100_000 - 7_000);
  });

  it('ends a file whose worker keeps failing as failed with the rows applied so far kept once and nothing moved for the rest, and a retry finishes it', async () => {
    const company = await createOwnCompany(fixtureCloud(), { role: 'manager', availableCents: 100_000 });
    const employees = await putEmployees(fixtureCloud(), company.companyId, 70);
    const token = await signIn(company.email, undefined, company.phone);
    const content = filledTemplate(await template(token), new Map(employees.map((employee) => [employee.employeeId, '1.00'])));
    const preview = fundingFileSchema.parse((await upload(token, content)).body);
    await leaveCutShort(company.companyId, preview.fileId, employees);
    // Its bytes gone, every receipt of its message fails (as a worker that keeps failing would) until the last gives up.
    const { s3 } = emulators();
    const bucket = cloud().handlerEnvironment.DOCUMENTS_BUCKET;
    const objectKey = fundingFileObjectKey(company.companyId, preview.fileId);
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey }));
    await emulators().sqs.send(new SendMessageCommand({ QueueUrl: cloud().handlerEnvironment.FUNDING_QUEUE_URL, MessageBody: JSON.stringify({ companyId: company.companyId, fileId: preview.fileId }) }));
    const failed = await waitFor(async () => fundingFileSchema.parse((await api('GET', `/funding/files/${preview.fileId}`, { token })).body), (seen) => seen.status === 'failed', 30_000);
    await takeDeadLettered('funding', preview.fileId);
    expect(failed.result).toMatchObject({ appliedCount: 32, appliedCents: 3_200, failedCount: 0 });
    expect(failed.progress).toEqual({ doneRows: 32, totalRows: 70 });
    const paidBefore = await balances(company.companyId);
    expect(employees.map((employee) => paidBefore.get(employee.employeeId))).toEqual(employees.map((_, index) => (index < 32 ? 100 : 0)));
    expect(await available(company.companyId)).toBe(100_000 - 3_200);
    // No longer running: the deadline job's index holds it no more.
    const stored = await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.fundingFile(company.companyId, preview.fileId) }));
    expect(stored.Item?.gsi2pk).toBeUndefined();

    // Only those who may apply may retry; then the rest is applied and the first 32 rows are not paid again.
    const accountant = await createOwnCompany(fixtureCloud(), { role: 'accountant' });
    const accountantToken = await signIn(accountant.email, undefined, accountant.phone);
    expect((await api('POST', `/funding/files/${preview.fileId}/retry`, { token: accountantToken, body: {}, headers: { 'Idempotency-Key': randomUUID() } })).status).toBe(403);
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey, Body: content, ContentType: 'text/csv; charset=utf-8' }));
    const retry = () => api('POST', `/funding/files/${preview.fileId}/retry`, { token, body: {}, headers: { 'Idempotency-Key': randomUUID() } });
    const [first, second] = await Promise.all([retry(), retry()]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const file = await waitFor(async () => fundingFileSchema.parse((await api('GET', `/funding/files/${preview.fileId}`, { token })).body), (seen) => seen.status === 'applied', 30_000);
    expect(file.result).toMatchObject({ appliedCount: 70, appliedCents: 7_000, failedCount: 0, code: null });
    const paid = await balances(company.companyId);
    expect(employees.every((employee) => paid.get(employee.employeeId) === 100)).toBe(true);
    expect(await available(company.companyId)).toBe(100_000 - 7_000);
    const lines = await ledgerOf(company.companyId);
    // The worker's chunks only (the cut-short chunk was written around the ledger): rows 34..71, once each.
    expect(lines.filter((line) => line.account.startsWith('employee:'))).toHaveLength(38);
    expect(lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(0);
    // A retry of a file that is not failed only reads it.
    expect(fundingFileSchema.parse((await retry()).body).status).toBe('applied');
  });

  it('fails, and lists, a row whose user details changed between the preview and the apply instead of dropping it', async () => {
    const { company, token, employees } = await fundedCompany(10_000, 2);
    const content = filledTemplate(await template(token), new Map(employees.map((employee) => [employee.employeeId, '1.00'])));
    const preview = fundingFileSchema.parse((await upload(token, content)).body);
    expect(preview).toMatchObject({ blocking: null, fundedRowCount: 2 });
    const changed = employees[1]!;
    await documents().send(
      new UpdateCommand({ TableName: cloud().tableName, Key: keys.employee(company.companyId, changed.employeeId), UpdateExpression: 'SET phone = :phone', ExpressionAttributeValues: { ':phone': '37125999999999' } }),
    );
    const file = await applied(token, preview.fileId);
    expect(file.result).toMatchObject({ appliedCount: 1, appliedCents: 100, failedCount: 1, code: 'FUNDS_TRANSFER_FAILED_FOR_ACCOUNTS' });
    expect(file.result?.failed).toEqual([{ rowNumber: 3, employeeId: changed.employeeId, name: `${changed.name} ${changed.surname}`, reason: 'FUNDS_TRANSFER_FAILED' }]);
    expect(file.progress).toEqual({ doneRows: 2, totalRows: 2 });
    const paid = await balances(company.companyId);
    expect(employees.map((employee) => paid.get(employee.employeeId))).toEqual([100, 0]);
    expect(await available(company.companyId)).toBe(10_000 - 100);
  });
});

/**
 * A file of many chunks (rowsPerChunk rows each) applied by the worker. 3,000 rows are 125 chunks: every path a
 * 10,000-row file takes, in a third of the time. The 10,000-row file itself is timed by `npm run bench` against its
 * budget (DESIGN section 11), which also checks it applies exactly once.
 */
const largeFileRows = 3_000;

describe(`a ${largeFileRows.toLocaleString('en')}-row file`, () => {
  it('applies every row exactly once in the background with progress, and a re-upload moves nothing', async () => {
    const { company, token, employees } = await fundedCompany(100_000_000, largeFileRows);
    const content = filledTemplate(await template(token), new Map(employees.map((employee, index) => [employee.employeeId, `${(index % 50) + 1}.25`])));
    const expectedTotal = employees.reduce((sum, _, index) => sum + ((index % 50) + 1) * 100 + 25, 0);
    const preview = fundingFileSchema.parse((await upload(token, content)).body);
    expect(preview).toMatchObject({ fundedRowCount: largeFileRows, totalCents: expectedTotal, blocking: null });
    const start = fundingFileSchema.parse((await api('POST', `/funding/files/${preview.fileId}/apply`, { token, body: {}, headers: { 'Idempotency-Key': randomUUID() } })).body);
    expect(start.status).toBe('queued');
    const progress: number[] = [];
    const file = await waitFor(
      async () => {
        const seen = fundingFileSchema.parse((await api('GET', `/funding/files/${preview.fileId}`, { token })).body);
        progress.push(seen.progress.doneRows);
        return seen;
      },
      (seen) => seen.status === 'applied',
      120_000,
    );
    expect(progress.some((done) => done > 0 && done < largeFileRows)).toBe(true);
    expect(file.result).toMatchObject({ appliedCount: largeFileRows, appliedCents: expectedTotal, failedCount: 0, code: null });
    const paid = await balances(company.companyId);
    expect(employees.every((employee, index) => paid.get(employee.employeeId) === ((index % 50) + 1) * 100 + 25)).toBe(true);
    const lines = await ledgerOf(company.companyId);
    expect(lines.filter((line) => line.account.startsWith('employee:'))).toHaveLength(largeFileRows);
    expect(lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(0);
    expect(await available(company.companyId)).toBe(100_000_000 - expectedTotal);

    const again = await upload(token, content);
    expect((again.body as { code?: string }).code).toBe('FUNDING_FILE_ALREADY_APPLIED');
    expect(await ledgerOf(company.companyId)).toHaveLength(lines.length);
  }, 240_000);
});
