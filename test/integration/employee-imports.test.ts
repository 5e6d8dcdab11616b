import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { BatchGetCommand, QueryCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { employeeImportSchema, importRowsAnswerSchema, type EmployeeImport } from '@shared/employee-imports';
import { entities, keys } from '@functions/platform/keys';
import { putApiKey } from './api-key-fixtures';
import { cardEmployeeItem, createOwnCompany, putItems, type OwnCompany } from './company-fixtures';
import { waitFor } from './employee-fixtures';
import { fileOf, newPersonalCode, newPhone, validRows } from './employee-import-fixtures';
import { drained } from './queue-fixtures';
import { api, cloud, documents, emulators, fixtureCloud, signIn } from './support';

/**
 * Bulk employee import (issue 34): a file is previewed row by row before anything is created; applied, each valid
 * row makes one employee with one card order, however often and however concurrently it is applied.
 */
interface Manager {
  company: OwnCompany;
  token: string;
}

async function managerOfNewCompany(): Promise<Manager> {
  const company = await createOwnCompany(fixtureCloud(), { role: 'manager' });
  return { company, token: await signIn(company.email, undefined, company.phone) };
}

const upload = (token: string, content: string, key: string = randomUUID()) => api('POST', '/employee-imports', { token, body: { fileName: 'people.csv', content }, headers: { 'Idempotency-Key': key } });
const apply = (token: string, importId: string, body: Record<string, unknown> = {}, key: string = randomUUID()) =>
  api('POST', `/employee-imports/${importId}/apply`, { token, body, headers: { 'Idempotency-Key': key } });
const read = async (token: string, importId: string) => employeeImportSchema.parse((await api('GET', `/employee-imports/${importId}`, { token })).body);
const rowsPage = async (token: string, importId: string, query = '') => {
  const answer = await api('GET', `/employee-imports/${importId}/rows${query}`, { token });
  expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(200);
  return importRowsAnswerSchema.parse(answer.body);
};

/** The answers that tell a client to send the same request again with the same key: its outcome is not decided yet. */
const undecided = new Set(['503 REQUEST_TIMED_OUT', '409 IDEMPOTENCY_IN_PROGRESS']);

async function previewed(token: string, content: string): Promise<EmployeeImport> {
  const key = randomUUID();
  let answer = await upload(token, content, key);
  // A large file on a loaded machine may outlast the API's time: its client sends it again with the same key, as a
  // payroll system does, and gets the one import the first request made.
  for (let attempt = 0; attempt < 20 && undecided.has(`${answer.status} ${(answer.body as { code?: string }).code ?? ''}`); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    answer = await upload(token, content, key);
  }
  expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(200);
  return employeeImportSchema.parse(answer.body);
}

const appliedOf = (token: string, importId: string, timeoutMs: number) => waitFor(() => read(token, importId), (seen) => seen.status === 'applied' || seen.status === 'failed', timeoutMs);

const employeeItem = z.object({ employeeId: z.string(), cardId: z.string().nullable(), phone: z.string().nullable(), personalCode: z.string().nullable(), cardStatus: z.string(), limitCents: z.number(), language: z.string().nullable().optional() });

async function employeesOf(companyId: string): Promise<z.infer<typeof employeeItem>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documents().send(
      new QueryCommand({ TableName: cloud().tableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': `COMPANY#${companyId}`, ':prefix': 'EMPLOYEE#' }, ExclusiveStartKey: start }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items.map((item) => employeeItem.parse(item));
}

/** The issuer sandbox's card items of these card ids (a card the sandbox made once per order request). */
async function sandboxCardsOf(cardIds: readonly string[]): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  for (let start = 0; start < cardIds.length; start += 100) {
    let pending: Record<string, unknown>[] | undefined = cardIds.slice(start, start + 100).map((cardId) => keys.sandboxCard(cardId));
    while (pending && pending.length > 0) {
      const answer: BatchGetCommandOutput = await documents().send(new BatchGetCommand({ RequestItems: { [cloud().tableName]: { Keys: pending } } }));
      found.push(...(answer.Responses?.[cloud().tableName] ?? []));
      pending = answer.UnprocessedKeys?.[cloud().tableName]?.Keys;
    }
  }
  return found;
}

async function auditOfImport(companyId: string, importId: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documents().send(new QueryCommand({ TableName: cloud().tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `COMPANY#${companyId}#AUDIT` }, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items.filter((item) => (item.after as { importId?: string } | undefined)?.importId === importId);
}

/** Every employee once, each with its own card that the sandbox made once, ordered by the employee's own request. */
async function expectEachOnce(companyId: string, count: number): Promise<void> {
  const employees = await employeesOf(companyId);
  expect(employees).toHaveLength(count);
  expect(new Set(employees.map((employee) => employee.phone)).size).toBe(count);
  expect(employees.every((employee) => employee.cardStatus === 'ordered' || employee.cardStatus === 'delivered')).toBe(true);
  const cardIds = employees.map((employee) => employee.cardId ?? '');
  expect(new Set(cardIds).size).toBe(count);
  const cards = await sandboxCardsOf(cardIds);
  expect(cards).toHaveLength(count);
  const byCard = new Map(employees.map((employee) => [employee.cardId, employee.employeeId]));
  expect(cards.every((card) => card.requestId === `${byCard.get(String(card.cardId))}:order`)).toBe(true);
}

describe('previewing an employee import', () => {
  let manager: Manager;
  const existingPhone = newPhone();
  const existingCode = newPersonalCode();
  const otherCompanysPhone = newPhone();
  beforeAll(async () => {
    manager = await managerOfNewCompany();
    const existing = { employeeId: randomUUID(), name: 'Esošais', surname: 'Darbinieks', personalCode: existingCode, phone: existingPhone, lastCardDigits: '1234' };
    await putItems(fixtureCloud(), [
      cardEmployeeItem(manager.company.companyId, existing),
      { ...keys.cardholderPhoneClaim(existingPhone), entity: entities.cardholderPhoneClaim, phone: existingPhone, companyId: manager.company.companyId, employeeId: existing.employeeId },
      // Another company's employee signs in to /card with this phone: one employee per phone across companies.
      { ...keys.cardholderPhoneClaim(otherCompanysPhone), entity: entities.cardholderPhoneClaim, phone: otherCompanysPhone, companyId: 'company-elsewhere', employeeId: 'someone-else' },
    ]);
  });

  it('lists every bad row with its reasons first, counts the rows without a phone, shows the fee, and creates nothing', async () => {
    const [good, another] = validRows(2);
    const content = fileOf([
      good!,
      ['Jānis', 'Ozols', good![2]!, newPhone(), '', '', '', ''],
      ['Pēteris', 'Liepa', newPersonalCode(), good![3]!, '', '', '', ''],
      ['Marta', 'Egle', '123', newPhone(), '', '', '', ''],
      ['Līga', 'Priede', newPersonalCode(), '+37', '', '', '', ''],
      ['Ilze', 'Kalna', existingCode, newPhone(), '', '', '', ''],
      ['Rūta', 'Vītola', newPersonalCode(), otherCompanysPhone, '', '', '', ''],
      ['Anna', 'Sala', newPersonalCode(), existingPhone, '', '', '', ''],
      ['Bez', 'Tālruņa', newPersonalCode(), '', '', 'ru', '', ''],
      another!,
    ]);
    const preview = await previewed(manager.token, content);
    expect(preview).toMatchObject({ status: 'previewed', rowCount: 10, validCount: 3, problemCount: 7, withoutPhoneCount: 1, result: null });
    expect(preview.rows.map((row) => [row.rowNumber, row.state, row.problems.map((problem) => `${problem.column}:${problem.code}`)])).toEqual([
      [3, 'problem', ['personalCode:ROW_DUPLICATE_PERSONAL_CODE']],
      [4, 'problem', ['phone:ROW_DUPLICATE_PHONE']],
      [5, 'problem', ['personalCode:INVALID_PERSONAL_CODE']],
      [6, 'problem', ['phone:INVALID_PHONE']],
      [7, 'problem', ['personalCode:PERSONAL_CODE_TAKEN']],
      [8, 'problem', ['phone:EMPLOYEE_PHONE_TAKEN']],
      [9, 'problem', ['phone:EMPLOYEE_PHONE_TAKEN']],
      [10, 'no_phone', []],
      [2, 'valid', []],
      [11, 'valid', []],
    ]);
    expect(preview.fees).toMatchObject({ cardCount: 3, issueFeeCents: 0, monthlyTotalCents: preview.fees.monthlyFeeCents * 3 });
    expect(preview.fees.firstChargedMonth).toMatch(/^\d{4}-\d{2}$/);
    expect(await employeesOf(manager.company.companyId)).toHaveLength(1);
    // Every row, a page at a time, in the same order; a search finds one row by its personal code.
    const firstPage = await rowsPage(manager.token, preview.importId, '?itemsPerPage=10');
    expect(firstPage).toMatchObject({ totalRecords: 10, totalPages: 1 });
    expect(firstPage.rows.map((row) => [row.rowNumber, row.state])).toEqual(preview.rows.map((row) => [row.rowNumber, row.state]));
    expect((await rowsPage(manager.token, preview.importId, `?search=${existingCode}`)).rows.map((row) => [row.rowNumber, row.problems])).toEqual([[7, [{ column: 'personalCode', code: 'PERSONAL_CODE_TAKEN' }]]]);

    // As Add user: a user without a phone is created only when that is confirmed.
    const unconfirmed = await apply(manager.token, preview.importId);
    expect([unconfirmed.status, unconfirmed.body]).toMatchObject([400, { code: 'VALIDATION_FAILED', fields: { confirmWithoutPhone: 'PHONE_CONFIRMATION_REQUIRED' } }]);
    expect((await read(manager.token, preview.importId)).status).toBe('previewed');

    const started = await apply(manager.token, preview.importId, { confirmWithoutPhone: true });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const done = await appliedOf(manager.token, preview.importId, 30_000);
    expect(done.result).toMatchObject({ createdCount: 3, refusedCount: 0 });
    expect(done.result?.rows.map((row) => [row.rowNumber, row.outcome])).toEqual([[2, 'card_ordered'], [10, 'card_ordered'], [11, 'card_ordered']]);
    // Applied, each row shows its outcome; the rows with problems still show them, never created.
    const applied = await rowsPage(manager.token, preview.importId, '?itemsPerPage=10');
    expect(applied.rows.map((row) => [row.rowNumber, row.state, row.employeeId !== null])).toEqual([
      ...[3, 4, 5, 6, 7, 8, 9].map((rowNumber) => [rowNumber, 'problem', false]),
      [2, 'card_ordered', true],
      [10, 'card_ordered', true],
      [11, 'card_ordered', true],
    ]);
    const employees = await employeesOf(manager.company.companyId);
    expect(employees).toHaveLength(4);
    expect(employees.find((employee) => employee.phone === null)?.language).toBe('ru');
    // Each created employee is audited as Add user's are, naming the import.
    const audited = await auditOfImport(manager.company.companyId, preview.importId);
    expect(audited.filter((record) => record.action === 'employee.add')).toHaveLength(3);
    expect(audited.filter((record) => record.action === 'employee.import')).toHaveLength(1);
  });

  it('lists a row with a cell of half a million characters with its problem and the cell cut short, and stores the import', async () => {
    const content = fileOf([['N'.repeat(500_000), 'Garais', newPersonalCode(), newPhone(), '', '', '', ''], ...validRows(1)]);
    const preview = await previewed(manager.token, content);
    expect(preview).toMatchObject({ rowCount: 2, validCount: 1, problemCount: 1 });
    expect(preview.rows[0]).toMatchObject({ rowNumber: 2, state: 'problem', problems: [{ column: 'name', code: 'NAME_TOO_LONG' }] });
    expect(preview.rows[0]?.name.length).toBeLessThanOrEqual(100);
    expect((await read(manager.token, preview.importId)).rows[0]?.problems).toEqual([{ column: 'name', code: 'NAME_TOO_LONG' }]);
  });

  it("refuses a file without the template's columns, and a file with nothing to create", async () => {
    const wrong = await upload(manager.token, 'Who,What\r\nAnna,x\r\n');
    expect([wrong.status, (wrong.body as { code?: string }).code]).toEqual([422, 'EMPLOYEE_IMPORT_INVALID']);
    const empty = await upload(manager.token, '');
    expect(empty.body).toMatchObject({ fields: { content: 'FILE_REQUIRED' } });
    const nothing = await previewed(manager.token, fileOf([['', '', '', '', '', '', '', '']].concat([['A', 'B', '', '', '', '', '', '']])));
    expect(nothing.validCount).toBe(0);
    const refused = await apply(manager.token, nothing.importId, { confirmWithoutPhone: true });
    expect([refused.status, (refused.body as { code?: string }).code]).toEqual([409, 'EMPLOYEE_IMPORT_NOTHING_TO_CREATE']);
  });
});

describe('a row whose phone or personal code was taken after the preview', () => {
  it('is refused with its reason when applied, and the other rows are created', async () => {
    const { company, token } = await managerOfNewCompany();
    const rows = validRows(3);
    const preview = await previewed(token, fileOf(rows));
    expect(preview.validCount).toBe(3);
    // Meanwhile another company's employee got the first row's phone, and an employee of this company the last row's code.
    const taker = randomUUID();
    await putItems(fixtureCloud(), [
      { ...keys.cardholderPhoneClaim(rows[0]![3]!), entity: entities.cardholderPhoneClaim, phone: rows[0]![3]!, companyId: 'company-elsewhere', employeeId: 'someone-else' },
      cardEmployeeItem(company.companyId, { employeeId: taker, name: 'Cits', surname: 'Darbinieks', personalCode: rows[2]![2]!, phone: newPhone(), lastCardDigits: '4321' }),
    ]);
    expect((await apply(token, preview.importId)).status).toBe(200);
    const done = await appliedOf(token, preview.importId, 30_000);
    expect(done).toMatchObject({ status: 'applied', progress: { doneRows: 3, totalRows: 3, createdRows: 1, refusedRows: 2 }, result: { createdCount: 1, refusedCount: 2 } });
    expect(done.result?.rows.map((row) => [row.rowNumber, row.outcome, row.reason])).toEqual([
      [4, 'refused', 'PERSONAL_CODE_TAKEN'],
      [2, 'refused', 'EMPLOYEE_PHONE_TAKEN'],
      [3, 'card_ordered', null],
    ]);
    expect((await employeesOf(company.companyId)).map((employee) => employee.employeeId).sort()).toEqual([taker, done.result?.rows[2]?.employeeId].sort());
    expect((await rowsPage(token, preview.importId)).rows.map((row) => [row.rowNumber, row.state, row.reason])).toEqual([
      [2, 'refused', 'EMPLOYEE_PHONE_TAKEN'],
      [4, 'refused', 'PERSONAL_CODE_TAKEN'],
      [3, 'card_ordered', null],
    ]);
  });
});

describe("the company's systems", () => {
  it('are told of each employee an import created with employee.created, as Add user tells them', async () => {
    const received: string[] = [];
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const company = await createOwnCompany(fixtureCloud(), { role: 'owner' });
      const token = await signIn(company.email, undefined, company.phone);
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      const endpoint = await api('POST', '/webhooks/endpoints', { token, body: { url, events: ['employee.created'] } });
      expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(200);
      const preview = await previewed(token, fileOf(validRows(3)));
      expect((await apply(token, preview.importId)).status).toBe(200);
      const done = await appliedOf(token, preview.importId, 30_000);
      const createdIds = (done.result?.rows ?? []).map((row) => row.employeeId);
      const event = z.object({ type: z.string(), data: z.object({ employeeId: z.string(), cardStatus: z.string() }) });
      const told = await waitFor(
        async () => received.map((body) => event.parse(JSON.parse(body))).filter((sent) => sent.type === 'employee.created'),
        (events) => events.length >= 3,
        30_000,
      );
      expect(told.map((sent) => sent.data.employeeId).sort()).toEqual([...createdIds].sort());
      expect(told.every((sent) => sent.data.cardStatus === 'ordered')).toBe(true);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});

describe('an employee import applied concurrently', () => {
  it('creates each row once when two applies and two deliveries of its message run at the same time', async () => {
    const { company, token } = await managerOfNewCompany();
    const rows = 300;
    const preview = await previewed(token, fileOf(validRows(rows)));
    expect(preview.validCount).toBe(rows);
    const [first, second] = await Promise.all([apply(token, preview.importId), apply(token, preview.importId)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    // A second receipt of the same work, as SQS may hand out: two workers apply the import at once.
    await emulators().sqs.send(new SendMessageCommand({ QueueUrl: cloud().handlerEnvironment.EMPLOYEE_IMPORTS_QUEUE_URL, MessageBody: JSON.stringify({ companyId: company.companyId, importId: preview.importId }) }));
    const done = await appliedOf(token, preview.importId, 120_000);
    expect(done).toMatchObject({ status: 'applied', progress: { doneRows: rows, totalRows: rows }, result: { createdCount: rows, refusedCount: 0 } });
    await expectEachOnce(company.companyId, rows);
    expect((await auditOfImport(company.companyId, preview.importId)).filter((record) => record.action === 'employee.add')).toHaveLength(rows);
  }, 180_000);
});

describe('a row with limits of its own', () => {
  it('sets them at the issuer as well as on the employee', async () => {
    const { company, token } = await managerOfNewCompany();
    const preview = await previewed(token, fileOf([['Līga', 'Limite', newPersonalCode(), newPhone(), '', '', '250', '3000'], ...validRows(1)]));
    expect((await apply(token, preview.importId)).status).toBe(200);
    expect((await appliedOf(token, preview.importId, 30_000)).result?.createdCount).toBe(2);
    const employees = await employeesOf(company.companyId);
    const cards = await sandboxCardsOf(employees.map((employee) => employee.cardId ?? ''));
    const limited = employees.find((employee) => employee.limitCents === 25_000);
    expect(cards.find((card) => card.cardId === limited?.cardId)).toMatchObject({ limitCents: 25_000, annualLimitCents: 300_000 });
  });
});

describe('the same file imported twice', () => {
  it('creates each personal code once when both imports of rows without a phone are applied at the same time', async () => {
    const { company, token } = await managerOfNewCompany();
    const rows = Array.from({ length: 30 }, (_, index) => [`Bez${index}`, 'Tālruņa', newPersonalCode(), '', '', '', '', '']);
    const content = fileOf(rows);
    const [first, second] = await Promise.all([previewed(token, content), previewed(token, content)]);
    const answers = await Promise.all([first!, second!].map((preview) => apply(token, preview.importId, { confirmWithoutPhone: true })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const ended = await Promise.all([first!, second!].map((preview) => appliedOf(token, preview.importId, 60_000)));
    expect(ended.map((seen) => seen.status)).toEqual(['applied', 'applied']);
    expect(ended.reduce((sum, seen) => sum + (seen.result?.createdCount ?? 0), 0)).toBe(rows.length);
    expect(ended.flatMap((seen) => seen.result?.rows.filter((row) => row.outcome === 'refused').map((row) => row.reason) ?? [])).toEqual(rows.map(() => 'PERSONAL_CODE_TAKEN'));
    const employees = await employeesOf(company.companyId);
    expect(employees).toHaveLength(rows.length);
    expect(new Set(employees.map((employee) => employee.personalCode)).size).toBe(rows.length);
  });
});

describe('the public API', () => {
  it('takes the same file with an Idempotency-Key: the same key answers the same import, another body with it is refused', async () => {
    const { company } = await managerOfNewCompany();
    const key = await putApiKey(fixtureCloud(), company.companyId, { userId: company.userId, name: company.fullName }, { name: 'HR system', createdAt: new Date().toISOString(), scopes: ['employees:write'] });
    const content = fileOf(validRows(3));
    const idempotencyKey = randomUUID();
    const send = (body: unknown) => api('POST', '/v1/employee-imports', { token: key.secret, body, headers: { 'Idempotency-Key': idempotencyKey } });
    const [once, twice] = [await send({ fileName: 'hr.csv', content }), await send({ fileName: 'hr.csv', content })];
    expect(once.status, JSON.stringify(once.body)).toBe(200);
    expect(twice.body).toEqual(once.body);
    const other = await send({ fileName: 'hr.csv', content: fileOf(validRows(1)) });
    expect([other.status, (other.body as { code?: string }).code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const missing = await api('POST', '/v1/employee-imports', { token: key.secret, body: { content } });
    expect([missing.status, (missing.body as { code?: string }).code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);

    const { importId } = employeeImportSchema.parse(once.body);
    const applyKey = randomUUID();
    const applied = await api('POST', `/v1/employee-imports/${importId}/apply`, { token: key.secret, body: {}, headers: { 'Idempotency-Key': applyKey } });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const again = await api('POST', `/v1/employee-imports/${importId}/apply`, { token: key.secret, body: {}, headers: { 'Idempotency-Key': applyKey } });
    expect(again.body).toEqual(applied.body);
    const done = await waitFor(async () => employeeImportSchema.parse((await api('GET', `/v1/employee-imports/${importId}`, { token: key.secret })).body), (seen) => seen.status === 'applied', 30_000);
    expect(done.result?.createdCount).toBe(3);
    await expectEachOnce(company.companyId, 3);
  });
});

/** The issue's own size: every row of a 5,000-row file created once, applied twice. */
const largeImportRows = 5_000;

describe(`a ${largeImportRows.toLocaleString('en')}-row import`, () => {
  it('is applied by the worker with progress, and applied twice creates each employee and orders each card once', async () => {
    const { company, token } = await managerOfNewCompany();
    const preview = await previewed(token, fileOf(validRows(largeImportRows)));
    expect(preview).toMatchObject({ validCount: largeImportRows, problemCount: 0, withoutPhoneCount: 0 });
    const started = employeeImportSchema.parse((await apply(token, preview.importId)).body);
    expect(started.status).toBe('queued');
    const progress: number[] = [];
    const done = await waitFor(
      async () => {
        const seen = await read(token, preview.importId);
        progress.push(seen.progress.doneRows);
        return seen;
      },
      (seen) => seen.status === 'applied' || seen.status === 'failed',
      400_000,
    );
    expect(done).toMatchObject({ status: 'applied', result: { createdCount: largeImportRows, refusedCount: 0 } });
    expect(progress.some((rows) => rows > 0 && rows < largeImportRows)).toBe(true);

    // Applied again: the same import answers its result, and its message delivered again creates nothing.
    const second = await apply(token, preview.importId);
    expect(employeeImportSchema.parse(second.body)).toEqual(done);
    await emulators().sqs.send(new SendMessageCommand({ QueueUrl: cloud().handlerEnvironment.EMPLOYEE_IMPORTS_QUEUE_URL, MessageBody: JSON.stringify({ companyId: company.companyId, importId: preview.importId }) }));
    await drained('employeeImports');
    expect(await read(token, preview.importId)).toEqual(done);
    await expectEachOnce(company.companyId, largeImportRows);
    // Every row's outcome, past the 200 the import's answer lists: the last page holds the file's last row.
    const lastPage = await rowsPage(token, preview.importId, '?itemsPerPage=100&page=50');
    expect(lastPage).toMatchObject({ totalRecords: largeImportRows, totalPages: 50 });
    expect(lastPage.rows.map((row) => row.rowNumber).at(-1)).toBe(largeImportRows + 1);
    expect(lastPage.rows.every((row) => row.state === 'card_ordered' && row.employeeId !== null)).toBe(true);
  }, 600_000);
});
