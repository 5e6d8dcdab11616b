import { describe, expect, it } from 'vitest';
import { defaultCardLimits } from '@shared/cards';
import { employeeListAnswerSchema, type EmployeeRow } from '@shared/employees';
import {
  addEmployee,
  arrange,
  auditOf,
  employeeIn,
  employeeItem,
  fleetAccountant,
  fleetManagerId,
  freshPhone,
  getEmployee,
  managerToken,
  phoneClaim,
  sandboxCard,
  tokenOf,
  uniqueWord,
} from './employee-fixtures';
import { api } from './support';

async function list(query: Record<string, string>, token?: string) {
  const answer = await api('GET', `/employees?${new URLSearchParams(query).toString()}`, { token: token ?? (await managerToken()) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return employeeListAnswerSchema.parse(answer.body);
}

const idsOf = (rows: EmployeeRow[]) => rows.map((row) => row.employeeId);

describe('the employee list', () => {
  it('pages a search result with the totals of SPEC\'s table contract', async () => {
    const surname = uniqueWord('Pager');
    const added = [];
    // Added out of order: the list sorts by surname, then name.
    for (const name of ['Laura', 'Anna', 'Kārlis', 'Edgars', 'Inese', 'Dace', 'Gints', 'Baiba', 'Juris', 'Helēna', 'Fricis']) added.push(await addEmployee({ name, surname }));
    const byName = [...added].sort((a, b) => a.name.localeCompare(b.name, 'lv'));

    const first = await list({ search: surname });
    expect(first).toMatchObject({ totalRecords: 11, totalPages: 2 });
    expect(first.rows.map((row) => row.employeeId)).toEqual(byName.slice(0, 10).map((e) => e.employeeId));
    const second = await list({ search: surname, page: '2' });
    expect(idsOf(second.rows)).toEqual([byName[10]?.employeeId]);
    const whole = await list({ search: surname, itemsPerPage: '25' });
    expect(whole).toMatchObject({ totalRecords: 11, totalPages: 1 });
    expect(whole.rows.map((row) => row.employeeId)).toEqual(byName.map((e) => e.employeeId));
    expect(await list({ search: surname, page: '3' })).toMatchObject({ rows: [], totalRecords: 11, totalPages: 2 });

    const row = first.rows[0];
    expect(row).toEqual({
      employeeId: byName[0]?.employeeId,
      name: 'Anna',
      surname,
      phone: byName[0]?.phone,
      personalCode: null,
      lastCardDigits: expect.stringMatching(/^\d{4}$/),
      balanceCents: 0,
      limitCents: defaultCardLimits.limitCents,
      status: 'created',
      // The sandbox issuer delivers a card a moment after its order; adding eleven on a busy machine can outlast it.
      cardStatus: expect.stringMatching(/^(ordered|delivered)$/),
      deviceStatus: 'created',
      hasActiveAuthorizations: false,
    });
  });

  it('filters by employee status and card status', async () => {
    const surname = uniqueWord('Filter');
    const active = await employeeIn({ cardStatus: 'active' }, { surname });
    const blocked = await employeeIn({ cardStatus: 'soft_blocked' }, { surname });
    const closed = await employeeIn({ cardStatus: 'closed' }, { surname });

    expect(idsOf((await list({ search: surname, status: 'active' })).rows)).toEqual([active.employeeId]);
    expect(idsOf((await list({ search: surname, status: 'non_active' })).rows)).toEqual([blocked.employeeId]);
    expect(idsOf((await list({ search: surname, status: 'closed_card' })).rows)).toEqual([closed.employeeId]);
    expect(await list({ search: surname, cardStatus: 'soft_blocked' })).toMatchObject({ totalRecords: 1, rows: [{ employeeId: blocked.employeeId, status: 'non_active' }] });
    // Listed at once after its order: the sandbox issuer delivers it two seconds later.
    const ordered = await addEmployee({ surname });
    expect(await list({ search: surname, status: 'created', cardStatus: 'ordered' })).toMatchObject({ totalRecords: 1, rows: [{ employeeId: ordered.employeeId }] });
    expect(await list({ search: surname, status: 'active', cardStatus: 'soft_blocked' })).toMatchObject({ totalRecords: 0, totalPages: 0, rows: [] });

    // Without a search, the filter holds over the whole company.
    const allBlocked = await list({ cardStatus: 'soft_blocked', itemsPerPage: '100' });
    expect(allBlocked.rows.length).toBeGreaterThan(0);
    expect(allBlocked.rows.every((r) => r.cardStatus === 'soft_blocked' && r.status === 'non_active')).toBe(true);
  });

  it('finds an employee by any part of the name, without caring about case or diacritics, and by phone and personal code', async () => {
    const surname = uniqueWord('Bērziņa');
    const phone = freshPhone();
    const personalCode = `${String(Math.floor(Math.random() * 28) + 1).padStart(2, '0')}0190-${String(Math.floor(Math.random() * 90_000) + 10_000)}`;
    const employee = await addEmployee({ name: 'Līga', surname, phone, personalCode, email: 'liga@example.lv' });
    const plain = surname.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();

    for (const search of [plain, `līga ${surname.toLowerCase()}`, `${surname} Līga`, phone, phone.slice(3), personalCode]) {
      expect(idsOf((await list({ search })).rows), search).toEqual([employee.employeeId]);
    }
    expect(await list({ search: `${surname}x` })).toMatchObject({ totalRecords: 0, rows: [] });
  });

  it('refuses a page size SPEC does not offer, and filters that do not exist', async () => {
    const token = await managerToken();
    expect(await api('GET', '/employees?itemsPerPage=7', { token })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { itemsPerPage: 'INVALID_OPTION' } },
    });
    expect(await api('GET', '/employees?status=sleeping&page=0', { token })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { status: 'INVALID_VALUE', page: 'INVALID_VALUE' } },
    });
  });

  it('lets an accountant read the list and an employee', async () => {
    const employee = await addEmployee();
    const token = await tokenOf(fleetAccountant);
    expect(idsOf((await list({ search: employee.surname }, token)).rows)).toEqual([employee.employeeId]);
    expect((await getEmployee(employee.employeeId, token)).employeeId).toBe(employee.employeeId);
  });
});

describe('adding an employee', () => {
  it('orders a card, claims the phone and answers the new user with the default limits', async () => {
    const phone = freshPhone();
    // A personal code is claimed within the company: each run adds its own.
    const personalCode = `150585-${String(Math.floor(Math.random() * 90_000) + 10_000)}`;
    const answer = await api('POST', '/employees', {
      token: await managerToken(),
      body: { name: ' Jānis ', surname: 'Ozols', phone, email: 'janis.ozols@example.lv', personalCode },
    });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        name: 'Jānis',
        surname: 'Ozols',
        phone,
        email: 'janis.ozols@example.lv',
        personalCode,
        cardId: expect.stringMatching(/^sbx_/),
        lastCardDigits: expect.stringMatching(/^\d{4}$/),
        status: 'created',
        cardStatus: 'ordered',
        deviceStatus: 'created',
        cardAccountStatus: 'inactive',
        balanceCents: 0,
        limitCents: defaultCardLimits.limitCents,
        annualLimitCents: defaultCardLimits.annualLimitCents,
        mccGroups: [...defaultCardLimits.mccGroups],
        cardStatusChangedBy: 'company_user',
      },
    });
    const employee = await getEmployee((answer.body as { employeeId: string }).employeeId);
    expect(employee.history).toMatchObject([{ action: 'employee.add', changedBy: 'company_user', actorName: 'Frīda Fleet', after: { cardStatus: 'ordered', phone } }]);
    expect(await phoneClaim(phone)).toMatchObject({ employeeId: employee.employeeId });
    expect(await sandboxCard(employee.cardId ?? '')).toMatchObject({ status: expect.stringMatching(/^(ordered|delivered)$/) });
  });

  it('refuses a personal code the company already has, as the employee import does', async () => {
    const personalCode = `160585-${String(Math.floor(Math.random() * 90_000) + 10_000)}`;
    const token = await managerToken();
    expect((await api('POST', '/employees', { token, body: { name: 'Anna', surname: 'Pirmā', phone: freshPhone(), personalCode } })).status).toBe(200);
    const again = await api('POST', '/employees', { token, body: { name: 'Anna', surname: 'Otrā', phone: freshPhone(), personalCode } });
    expect(again).toMatchObject({ status: 409, body: { code: 'PERSONAL_CODE_TAKEN', fields: { personalCode: 'PERSONAL_CODE_TAKEN' } } });
  });

  it('names every invalid field and adds nobody', async () => {
    const token = await managerToken();
    const surname = uniqueWord('Invalid');
    const answer = await api('POST', '/employees', { token, body: { name: '', surname: 'x'.repeat(51), phone: '+371 2000', email: 'nope', personalCode: '1234' } });
    expect(answer).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { name: 'NAME_REQUIRED', surname: 'NAME_TOO_LONG', phone: 'INVALID_PHONE', email: 'INVALID_EMAIL', personalCode: 'INVALID_PERSONAL_CODE' } },
    });
    expect(await api('POST', '/employees', { token, body: { phone: freshPhone() } })).toMatchObject({
      status: 400,
      body: { fields: { name: 'NAME_REQUIRED', surname: 'SURNAME_REQUIRED' } },
    });
    expect(await api('POST', '/employees', { token, rawBody: '{"name":' })).toMatchObject({ status: 400, body: { code: 'MALFORMED_JSON' } });
    expect(await api('POST', '/employees', { token, body: { name: 'Anna', surname } })).toMatchObject({ status: 400, body: { fields: { phone: 'PHONE_CONFIRMATION_REQUIRED' } } });
    expect(await list({ search: surname })).toMatchObject({ totalRecords: 0 });
  });

  it('adds a user without a phone only when that is confirmed', async () => {
    const surname = uniqueWord('NoPhone');
    const token = await managerToken();
    expect(await api('POST', '/employees', { token, body: { name: 'Anna', surname, phone: '' } })).toMatchObject({
      status: 400,
      body: { fields: { phone: 'PHONE_CONFIRMATION_REQUIRED' } },
    });
    const added = await api('POST', '/employees', { token, body: { name: 'Anna', surname, phone: '', confirmWithoutPhone: true } });
    expect(added).toMatchObject({ status: 200, body: { phone: null, cardStatus: 'ordered' } });
    expect(await list({ search: surname })).toMatchObject({ totalRecords: 1 });
  });

  it("refuses a phone another employee has, in this company or another, and adds nobody", async () => {
    const token = await managerToken();
    const first = await addEmployee();
    const surname = uniqueWord('Second');
    expect(await api('POST', '/employees', { token, body: { name: 'Anna', surname, phone: first.phone } })).toMatchObject({
      status: 409,
      body: { code: 'EMPLOYEE_PHONE_TAKEN', fields: { phone: 'EMPLOYEE_PHONE_TAKEN' } },
    });
    // A Baltic Logistics cardholder's phone (seeded as 37129, the company's digit and the employee's number).
    const balticPhone = '37129100001';
    expect(await phoneClaim(balticPhone)).toMatchObject({ companyId: 'company-baltic' });
    expect(await api('POST', '/employees', { token, body: { name: 'Anna', surname, phone: balticPhone } })).toMatchObject({
      status: 409,
      body: { code: 'EMPLOYEE_PHONE_TAKEN' },
    });
    expect(await list({ search: surname })).toMatchObject({ totalRecords: 0 });
  });

  it('gives one of two simultaneous additions with the same phone the phone, and refuses the other', async () => {
    const token = await managerToken();
    const phone = freshPhone();
    const surname = uniqueWord('Twin');
    const answers = await Promise.all([1, 2].map(() => api('POST', '/employees', { token, body: { name: 'Anna', surname, phone } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body).toMatchObject({ code: 'EMPLOYEE_PHONE_TAKEN' });
    expect(await list({ search: surname })).toMatchObject({ totalRecords: 1 });
  });
});

describe("an employee's detail", () => {
  it('shows the card, the limits and the history of changes, newest first', async () => {
    const employee = await employeeIn({ cardStatus: 'active', balanceCents: 12_345 });
    const token = await managerToken();
    expect((await api('POST', `/employees/${employee.employeeId}/card/block`, { token, body: {} })).status).toBe(200);
    expect((await api('POST', `/employees/${employee.employeeId}/card/unblock`, { token, body: {} })).status).toBe(200);

    const detail = await getEmployee(employee.employeeId);
    expect(detail).toMatchObject({
      employeeId: employee.employeeId,
      status: 'active',
      cardStatus: 'active',
      cardStatusChangedBy: 'company_user',
      balanceCents: 12_345,
      usedCents: 0,
      unusedCents: defaultCardLimits.limitCents,
      cardAccountStatus: 'active',
    });
    expect(detail.history.map((change) => [change.action, change.before.cardStatus, change.after.cardStatus])).toEqual([
      ['card.unblock', 'soft_blocked', 'active'],
      ['card.block', 'active', 'soft_blocked'],
      ['employee.add', undefined, 'ordered'],
    ]);
    expect(detail.history[0]).toMatchObject({ changedBy: 'company_user', actorName: 'Frīda Fleet', at: expect.any(String) });
  });

  it('answers 404 for an id the company does not have', async () => {
    expect(await api('GET', '/employees/no-such-employee', { token: await managerToken() })).toMatchObject({ status: 404, body: { code: 'EMPLOYEE_NOT_FOUND' } });
  });
});

describe("changing an employee's phone", () => {
  it('moves the claim: the new phone is taken, the old one is free again', async () => {
    const token = await managerToken();
    const employee = await addEmployee();
    const oldPhone = employee.phone ?? '';
    const newPhone = freshPhone();
    const changed = await api('PUT', `/employees/${employee.employeeId}/phone`, { token, body: { phone: newPhone } });
    expect(changed).toMatchObject({ status: 200, body: { phone: newPhone, history: [{ action: 'phone.change', before: { phone: oldPhone }, after: { phone: newPhone } }, {}] } });
    expect(await phoneClaim(newPhone)).toMatchObject({ employeeId: employee.employeeId });
    expect(await phoneClaim(oldPhone)).toBeUndefined();

    expect(await api('POST', '/employees', { token, body: { name: 'Anna', surname: uniqueWord('Other'), phone: newPhone } })).toMatchObject({
      status: 409,
      body: { code: 'EMPLOYEE_PHONE_TAKEN' },
    });
    const other = await addEmployee({ phone: oldPhone });
    expect(other.phone).toBe(oldPhone);
  });

  it("refuses the same phone and another employee's phone, and changes nothing", async () => {
    const token = await managerToken();
    const employee = await addEmployee();
    const other = await addEmployee();
    expect(await api('PUT', `/employees/${employee.employeeId}/phone`, { token, body: { phone: employee.phone } })).toMatchObject({
      status: 409,
      body: { code: 'PHONE_SAME', fields: { phone: 'PHONE_SAME' } },
    });
    expect(await api('PUT', `/employees/${employee.employeeId}/phone`, { token, body: { phone: other.phone } })).toMatchObject({
      status: 409,
      body: { code: 'PHONE_TAKEN', fields: { phone: 'PHONE_TAKEN' } },
    });
    expect(await api('PUT', `/employees/${employee.employeeId}/phone`, { token, body: { phone: '+37120000000' } })).toMatchObject({
      status: 400,
      body: { fields: { phone: 'INVALID_PHONE' } },
    });
    expect((await getEmployee(employee.employeeId)).phone).toBe(employee.phone);
    expect(await phoneClaim(employee.phone ?? '')).toMatchObject({ employeeId: employee.employeeId });
    expect(await phoneClaim(other.phone ?? '')).toMatchObject({ employeeId: other.employeeId });
    expect((await auditOf(employee.employeeId)).map((record) => record.action)).toEqual(['employee.add']);
  });

  it('gives a phone to an employee added without one', async () => {
    const token = await managerToken();
    const added = await api('POST', '/employees', { token, body: { name: 'Anna', surname: uniqueWord('Later'), confirmWithoutPhone: true } });
    const employeeId = (added.body as { employeeId: string }).employeeId;
    const phone = freshPhone();
    expect(await api('PUT', `/employees/${employeeId}/phone`, { token, body: { phone } })).toMatchObject({ status: 200, body: { phone } });
    expect(await phoneClaim(phone)).toMatchObject({ employeeId });
  });

  it('refuses a terminated employee: their phone stays free', async () => {
    const token = await managerToken();
    const employee = await employeeIn({ cardStatus: 'stopped' }, { phone: undefined, confirmWithoutPhone: true });
    const phone = freshPhone();
    expect(await api('PUT', `/employees/${employee.employeeId}/phone`, { token, body: { phone } })).toMatchObject({ status: 409, body: { code: 'EMPLOYEE_TERMINATED' } });
    expect(await phoneClaim(phone)).toBeUndefined();
  });
});

describe('limits', () => {
  const limits = { limitCents: 25_000, annualLimitCents: 200_000, mccGroups: ['groceries', 'transport'] };

  it('sets the limits at the issuer and on the employee, with an audit record', async () => {
    const token = await managerToken();
    const employee = await employeeIn({ cardStatus: 'active' });
    const answer = await api('PUT', `/employees/${employee.employeeId}/limits`, { token, body: limits });
    expect(answer).toMatchObject({ status: 200, body: { ...limits, unusedCents: 25_000, history: [{ action: 'limits.change' }, {}] } });
    expect(await getEmployee(employee.employeeId)).toMatchObject(limits);
    expect(await sandboxCard(employee.cardId ?? '')).toMatchObject(limits);
    const [record] = (await auditOf(employee.employeeId)).filter((r) => r.action === 'limits.change');
    expect(record).toMatchObject({
      actor: { kind: 'company_user', userId: fleetManagerId(), role: 'manager' },
      before: { limitCents: defaultCardLimits.limitCents, annualLimitCents: defaultCardLimits.annualLimitCents },
      after: { limitCents: 25_000, annualLimitCents: 200_000 },
    });
  });

  it('takes limits for a card still on its way', async () => {
    const employee = await addEmployee();
    expect(await api('PUT', `/employees/${employee.employeeId}/limits`, { token: await managerToken(), body: limits })).toMatchObject({ status: 200, body: limits });
  });

  it('requires each limit and refuses an annual limit below the monthly one', async () => {
    const token = await managerToken();
    const employee = await employeeIn({ cardStatus: 'active' });
    expect(await api('PUT', `/employees/${employee.employeeId}/limits`, { token, body: { mccGroups: ['fuel'] } })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { limitCents: 'LIMIT_REQUIRED', annualLimitCents: 'LIMIT_REQUIRED' } },
    });
    expect(await api('PUT', `/employees/${employee.employeeId}/limits`, { token, body: { ...limits, limitCents: 0, annualLimitCents: 10.5 } })).toMatchObject({
      status: 400,
      body: { fields: { limitCents: 'AMOUNT_NOT_POSITIVE', annualLimitCents: 'AMOUNT_TOO_PRECISE' } },
    });
    expect(await api('PUT', `/employees/${employee.employeeId}/limits`, { token, body: { ...limits, annualLimitCents: 24_999 } })).toMatchObject({
      status: 400,
      body: { fields: { annualLimitCents: 'ANNUAL_LIMIT_BELOW_MONTHLY' } },
    });
    expect(await getEmployee(employee.employeeId)).toMatchObject({ limitCents: defaultCardLimits.limitCents });
  });

  it.each(['stopped', 'closed', 'removed'] as const)('refuses an employee whose card is %s: user not active', async (cardStatus) => {
    const employee = await employeeIn({ cardStatus });
    expect(await api('PUT', `/employees/${employee.employeeId}/limits`, { token: await managerToken(), body: limits })).toMatchObject({
      status: 409,
      body: { code: 'LIMIT_USER_NOT_ACTIVE' },
    });
    expect(await getEmployee(employee.employeeId)).toMatchObject({ limitCents: defaultCardLimits.limitCents });
  });

  it('answers 503 LIMIT_CHANGE_FAILED when the issuer declines, and keeps the old limits', async () => {
    const employee = await addEmployee();
    const { cardId } = await arrange(employee.employeeId, { cardStatus: 'active', declines: ['limits'] });
    const versionBefore = (await employeeItem(employee.employeeId)).version;
    expect(await api('PUT', `/employees/${employee.employeeId}/limits`, { token: await managerToken(), body: limits })).toMatchObject({
      status: 503,
      body: { code: 'LIMIT_CHANGE_FAILED' },
    });
    expect(await getEmployee(employee.employeeId)).toMatchObject({ limitCents: defaultCardLimits.limitCents, annualLimitCents: defaultCardLimits.annualLimitCents });
    expect((await employeeItem(employee.employeeId)).version).toBe(versionBefore);
    expect(await sandboxCard(cardId ?? '')).not.toHaveProperty('limitCents');
    expect((await auditOf(employee.employeeId)).map((r) => r.action)).toEqual(['employee.add']);
  });

  it("answers 404 for another company's employee", async () => {
    expect(await api('PUT', '/employees/baltic-emp-005/limits', { token: await managerToken(), body: limits })).toMatchObject({ status: 404 });
  });
});
