import { describe, expect, it } from 'vitest';
import { companyCardActions, employeeStatusOf, nextCardStatus, type CompanyCardAction } from '@shared/cards';
import { bulkResultSchema, employeeDetailSchema, type EmployeeDetail } from '@shared/employees';
import type { ErrorCode } from '@shared/errors';
import { priceListSchema } from '@shared/prices';
import { cardStatuses, type CardStatus } from '@shared/statuses';
import * as employeeRoutes from '@shared/api/routes/employee-routes';
import {
  addEmployee,
  arrange,
  auditOf,
  employeeIn,
  employeeItem,
  fleetAccountant,
  fleetCompanyId,
  fleetManagerId,
  freshPhone,
  getEmployee,
  ledgerOf,
  mainAccount,
  managerToken,
  phoneClaim,
  sandboxCard,
  tokenOf,
  waitFor,
  withMainAccountHolding,
} from './employee-fixtures';
import { api } from './support';

const address = { address: 'Rīgas iela 5', city: 'Cēsis', country: 'LV', postalCode: 'LV-4101' };

async function replacementFee(): Promise<number> {
  const answer = await api('GET', '/prices', { token: await managerToken() });
  expect(answer.status).toBe(200);
  return priceListSchema.parse(answer.body).replacementFeeCents;
}

async function act(employeeId: string, action: CompanyCardAction, body?: unknown) {
  return api('POST', `/employees/${employeeId}/card/${action}`, { token: await managerToken(), body: body ?? (action === 'replace' ? { reason: 'lost', address, expectedFeeCents: await replacementFee() } : {}) });
}

/** The code a refused action answers with (SPEC section 8 has its own texts for activation). */
function refusalOf(status: CardStatus, action: CompanyCardAction): ErrorCode {
  if (action !== 'activate') return 'CARD_ACTION_NOT_ALLOWED';
  if (status === 'active') return 'CARD_ALREADY_ACTIVE';
  return ['created', 'active'].includes(employeeStatusOf(status)) ? 'NO_ACTIVE_CARD' : 'ACTIVATION_USER_NOT_ACTIVE';
}

describe('every card action from every card status, through the API', () => {
  it.each(cardStatuses)('from %s', async (status) => {
    const employee = await addEmployee();
    for (const action of companyCardActions) {
      await arrange(employee.employeeId, { cardStatus: status });
      const answer = await act(employee.employeeId, action);
      const next = nextCardStatus(status, action);
      if (next) {
        expect(answer, `${action} from ${status}`).toMatchObject({ status: 200, body: { cardStatus: next, status: employeeStatusOf(next), cardStatusChangedBy: 'company_user' } });
      } else {
        expect(answer, `${action} from ${status}`).toMatchObject({ status: 409, body: { code: refusalOf(status, action) } });
        expect((await getEmployee(employee.employeeId)).cardStatus).toBe(status);
      }
    }
  });
});

describe('activating a card', () => {
  it('activates a card once the issuer has delivered it, and says who did it', async () => {
    const employee = await addEmployee();
    // The sandbox issuer delivers an ordered card after a moment and tells the webhook, as a real issuer would.
    await waitFor(() => getEmployee(employee.employeeId), (e) => e.cardStatus === 'delivered', 20_000);
    const answer = await act(employee.employeeId, 'activate');
    expect(answer).toMatchObject({ status: 200, body: { cardStatus: 'active', status: 'active', cardAccountStatus: 'active', cardStatusChangedBy: 'company_user' } });
    expect(await sandboxCard(employee.cardId ?? '')).toMatchObject({ status: 'active' });
    const detail = employeeDetailSchema.parse(answer.body);
    expect(detail.history.slice(0, 2).map((change) => [change.action, change.changedBy])).toEqual([
      ['card.activate', 'company_user'],
      ['issuer.card.delivered', 'system'],
    ]);
  });

  it('refuses a card not delivered yet, a terminated user and an active card', async () => {
    const ordered = await addEmployee();
    expect(await act(ordered.employeeId, 'activate')).toMatchObject({ status: 409, body: { code: 'NO_ACTIVE_CARD' } });
    const terminated = await employeeIn({ cardStatus: 'stopped' });
    expect(await act(terminated.employeeId, 'activate')).toMatchObject({ status: 409, body: { code: 'ACTIVATION_USER_NOT_ACTIVE' } });
    const active = await employeeIn({ cardStatus: 'active' });
    expect(await act(active.employeeId, 'activate')).toMatchObject({ status: 409, body: { code: 'CARD_ALREADY_ACTIVE' } });
  });

  it('answers 503 ACTIVATION_FAILED when the issuer declines, and changes nothing', async () => {
    const employee = await addEmployee();
    const { cardId } = await arrange(employee.employeeId, { cardStatus: 'delivered', declines: ['activate'] });
    const before = await employeeItem(employee.employeeId);
    expect(await act(employee.employeeId, 'activate')).toMatchObject({ status: 503, body: { code: 'ACTIVATION_FAILED' } });
    expect(await employeeItem(employee.employeeId)).toEqual(before);
    expect(await sandboxCard(cardId ?? '')).toMatchObject({ status: 'delivered' });
    expect((await auditOf(employee.employeeId)).map((r) => r.action)).toEqual(['employee.add']);
  });
});

describe('blocking, unblocking and closing a card', () => {
  it('blocks and unblocks at the issuer, and refuses to do either twice', async () => {
    const employee = await employeeIn({ cardStatus: 'active' });
    expect(await act(employee.employeeId, 'block')).toMatchObject({ status: 200, body: { cardStatus: 'soft_blocked', status: 'non_active' } });
    expect(await sandboxCard(employee.cardId ?? '')).toMatchObject({ status: 'blocked' });
    expect(await act(employee.employeeId, 'block')).toMatchObject({ status: 409, body: { code: 'CARD_ACTION_NOT_ALLOWED' } });
    expect(await act(employee.employeeId, 'unblock')).toMatchObject({ status: 200, body: { cardStatus: 'active', status: 'active' } });
    expect(await sandboxCard(employee.cardId ?? '')).toMatchObject({ status: 'active' });
    expect(await act(employee.employeeId, 'unblock')).toMatchObject({ status: 409, body: { code: 'CARD_ACTION_NOT_ALLOWED' } });
  });

  it('closes a card for good, keeping the account and the app', async () => {
    const employee = await employeeIn({ cardStatus: 'active', balanceCents: 5_000 });
    expect(await act(employee.employeeId, 'close')).toMatchObject({ status: 200, body: { cardStatus: 'closed', status: 'closed_card', balanceCents: 5_000, deviceStatus: 'active' } });
    expect(await sandboxCard(employee.cardId ?? '')).toMatchObject({ status: 'closed' });
    for (const action of ['activate', 'block', 'unblock', 'close'] as const) expect((await act(employee.employeeId, action)).status).toBe(409);
  });

  it('writes an audit record for each action: who, in which role, what, to whom, before, after and when', async () => {
    const employee = await employeeIn({ cardStatus: 'active' });
    const started = new Date().toISOString();
    await act(employee.employeeId, 'block');
    await act(employee.employeeId, 'unblock');
    await api('POST', `/employees/${employee.employeeId}/device/block`, { token: await managerToken(), body: {} });
    const records = (await auditOf(employee.employeeId)).filter((record) => record.action !== 'employee.add');
    const actor = { kind: 'company_user', userId: fleetManagerId(), name: 'Frīda Fleet', role: 'manager' };
    const target = { type: 'employee', id: employee.employeeId };
    expect(records).toMatchObject([
      { actor, target, action: 'card.block', before: { cardStatus: 'active' }, after: { cardStatus: 'soft_blocked', cardStatusChangedBy: 'company_user' } },
      { actor, target, action: 'card.unblock', before: { cardStatus: 'soft_blocked' }, after: { cardStatus: 'active' } },
      { actor, target, action: 'device.block', before: { deviceStatus: 'active' }, after: { deviceStatus: 'blocked' } },
    ]);
    for (const record of records) expect(record.at >= started && !Number.isNaN(Date.parse(record.at))).toBe(true);
  });
});

describe('replacing a card', () => {
  it('orders a new card, charges the fee from the main account once, in two ledger legs that sum to zero', async () => {
    const fee = await replacementFee();
    const employee = await employeeIn({ cardStatus: 'active', balanceCents: 7_000 });
    const accountBefore = await mainAccount();
    const answer = await act(employee.employeeId, 'replace', { reason: 'stolen', address, expectedFeeCents: fee });
    expect(answer).toMatchObject({ status: 200, body: { cardStatus: 'replaced_ordered', status: 'active', balanceCents: 7_000 } });
    const replaced = employeeDetailSchema.parse(answer.body);
    expect(replaced.cardId).toMatch(/^sbx_/);
    expect(replaced.cardId).not.toBe(employee.cardId);
    expect(replaced.lastCardDigits).toMatch(/^\d{4}$/);

    expect((await mainAccount()).availableCents).toBe(accountBefore.availableCents - fee);
    const legs = await ledgerOf(employee.employeeId);
    expect(legs.map((leg) => [leg.kind, leg.account, leg.amountCents]).sort()).toEqual(
      [
        ['replacement_fee', 'main', -fee],
        ['replacement_fee', 'provider:fees', fee],
      ].sort(),
    );
    expect(new Set(legs.map((leg) => leg.movementId)).size).toBe(1);
    expect(legs.reduce((sum, leg) => sum + leg.amountCents, 0)).toBe(0);

    expect(await sandboxCard(employee.cardId ?? '')).toMatchObject({ status: 'replaced' });
    expect(await sandboxCard(replaced.cardId ?? '')).toMatchObject({ status: expect.stringMatching(/^(ordered|delivered)$/) });
    const [record] = (await auditOf(employee.employeeId)).filter((r) => r.action === 'card.replace');
    expect(record).toMatchObject({
      actor: { userId: fleetManagerId(), role: 'manager' },
      before: { cardStatus: 'active', cardId: employee.cardId },
      after: { cardStatus: 'replaced_ordered', cardId: replaced.cardId, reason: 'stolen', feeCents: fee, city: 'Cēsis', country: 'LV' },
    });
    // The new card arrives and is activated like the first one.
    await waitFor(() => getEmployee(employee.employeeId), (e) => e.cardStatus === 'replaced_delivered', 20_000);
    expect(await act(employee.employeeId, 'activate')).toMatchObject({ status: 200, body: { cardStatus: 'active', cardId: replaced.cardId } });
  });

  it('is refused while authorizations are pending, and nothing is charged', async () => {
    const employee = await employeeIn({ cardStatus: 'active', pendingAuthorizations: 1 });
    const before = await mainAccount();
    expect(await act(employee.employeeId, 'replace')).toMatchObject({ status: 409, body: { code: 'CARD_REPLACE_ACTIVE_AUTHORIZATIONS' } });
    expect((await mainAccount()).availableCents).toBe(before.availableCents);
    expect(await ledgerOf(employee.employeeId)).toEqual([]);
    expect(await getEmployee(employee.employeeId)).toMatchObject({ cardStatus: 'active', cardId: employee.cardId, hasActiveAuthorizations: true });
    expect(await sandboxCard(employee.cardId ?? '')).toMatchObject({ status: 'active' });
  });

  it('is refused when the fee the user confirmed is not the current one', async () => {
    const fee = await replacementFee();
    const employee = await employeeIn({ cardStatus: 'active' });
    const before = await mainAccount();
    expect(await act(employee.employeeId, 'replace', { reason: 'lost', address, expectedFeeCents: fee + 100 })).toMatchObject({ status: 409, body: { code: 'FEE_CHANGED' } });
    expect((await mainAccount()).availableCents).toBe(before.availableCents);
    expect(await getEmployee(employee.employeeId)).toMatchObject({ cardStatus: 'active', cardId: employee.cardId });
  });

  it('is refused when the main account cannot pay the fee, and nothing changes anywhere', async () => {
    const fee = await replacementFee();
    const employee = await employeeIn({ cardStatus: 'active' });
    const itemBefore = await employeeItem(employee.employeeId);
    await withMainAccountHolding(fee - 1, async () => {
      expect(await act(employee.employeeId, 'replace')).toMatchObject({ status: 409, body: { code: 'REPLACEMENT_FEE_NOT_COVERED' } });
      expect((await mainAccount()).availableCents).toBe(fee - 1);
    });
    expect(await employeeItem(employee.employeeId)).toEqual(itemBefore);
    expect(await ledgerOf(employee.employeeId)).toEqual([]);
    expect(await sandboxCard(employee.cardId ?? '')).toMatchObject({ status: 'active' });
    expect((await auditOf(employee.employeeId)).map((r) => r.action)).toEqual(['employee.add']);
  });

  it('names what is missing in the request', async () => {
    const employee = await employeeIn({ cardStatus: 'active' });
    expect(await act(employee.employeeId, 'replace', { reason: 'misplaced', address: { ...address, city: '' } })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { reason: 'INVALID_VALUE', 'address.city': 'REQUIRED', expectedFeeCents: 'REQUIRED' } },
    });
  });

  it('charges once when two replacements of one card are asked for at the same time', async () => {
    const fee = await replacementFee();
    const employee = await employeeIn({ cardStatus: 'active' });
    const before = await mainAccount();
    const answers = await Promise.all([1, 2].map(() => act(employee.employeeId, 'replace', { reason: 'lost', address, expectedFeeCents: fee })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    // Refused by the transaction's condition, or by the state machine when it came second.
    expect(answers.find((answer) => answer.status === 409)?.body).toMatchObject({ code: expect.stringMatching(/^(CONFLICT|CARD_ACTION_NOT_ALLOWED)$/) });
    expect((await mainAccount()).availableCents).toBe(before.availableCents - fee);
    expect(await ledgerOf(employee.employeeId)).toHaveLength(2);
    expect((await auditOf(employee.employeeId)).filter((r) => r.action === 'card.replace')).toHaveLength(1);
  });
});

describe('terminating the product', () => {
  it('stops card and app for good, returns the balance to the main account and frees the phone', async () => {
    const employee = await employeeIn({ cardStatus: 'active', balanceCents: 4_321 });
    const before = await mainAccount();
    const answer = await act(employee.employeeId, 'terminate');
    expect(answer).toMatchObject({ status: 200, body: { cardStatus: 'stopped', status: 'closed_card', deviceStatus: 'removed', cardAccountStatus: 'inactive', balanceCents: 0 } });
    expect((await mainAccount()).availableCents).toBe(before.availableCents + 4_321);
    const legs = await ledgerOf(employee.employeeId);
    expect(legs.map((leg) => [leg.kind, leg.account, leg.amountCents]).sort()).toEqual(
      [
        ['card_balance_return', `employee:${employee.employeeId}`, -4_321],
        ['card_balance_return', 'main', 4_321],
      ].sort(),
    );
    expect(await sandboxCard(employee.cardId ?? '')).toMatchObject({ status: 'closed' });
    expect(await phoneClaim(employee.phone ?? '')).toBeUndefined();
    const successor = await addEmployee({ phone: employee.phone ?? freshPhone() });
    expect(successor.phone).toBe(employee.phone);

    const token = await managerToken();
    for (const action of companyCardActions) expect((await act(employee.employeeId, action)).status).toBe(409);
    for (const device of ['block', 'unblock']) {
      expect(await api('POST', `/employees/${employee.employeeId}/device/${device}`, { token, body: {} })).toMatchObject({ status: 409, body: { code: 'DEVICE_ACTION_NOT_ALLOWED' } });
    }
    const [record] = (await auditOf(employee.employeeId)).filter((r) => r.action === 'card.terminate');
    expect(record).toMatchObject({ before: { cardStatus: 'active', deviceStatus: 'active', balanceCents: 4_321 }, after: { cardStatus: 'stopped', deviceStatus: 'removed', balanceCents: 0 } });
  });

  it('returns the balance once when the product is terminated twice at the same time', async () => {
    const employee = await employeeIn({ cardStatus: 'active', balanceCents: 2_500 });
    const before = await mainAccount();
    const answers = await Promise.all([1, 2].map(() => act(employee.employeeId, 'terminate')));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await mainAccount()).availableCents).toBe(before.availableCents + 2_500);
    expect(await ledgerOf(employee.employeeId)).toHaveLength(2);
  });

  it('terminates a product whose card is already closed, without asking the issuer again', async () => {
    // Were the issuer asked to close the card again, it would decline, and the termination would fail.
    const employee = await employeeIn({ cardStatus: 'closed', declines: ['close'] });
    expect(await act(employee.employeeId, 'terminate')).toMatchObject({ status: 200, body: { cardStatus: 'stopped' } });
  });

  it('is refused while authorizations are pending, and nothing moves', async () => {
    const employee = await employeeIn({ cardStatus: 'active', balanceCents: 1_000, pendingAuthorizations: 2 });
    const before = await mainAccount();
    expect(await act(employee.employeeId, 'terminate')).toMatchObject({ status: 409, body: { code: 'TERMINATE_ACTIVE_AUTHORIZATIONS' } });
    expect((await mainAccount()).availableCents).toBe(before.availableCents);
    expect(await getEmployee(employee.employeeId)).toMatchObject({ cardStatus: 'active', balanceCents: 1_000, deviceStatus: 'active' });
    expect(await phoneClaim(employee.phone ?? '')).toMatchObject({ employeeId: employee.employeeId });
  });
});

describe('app access (device status)', () => {
  it('blocks and unblocks app access without touching the card, and refuses what does not apply', async () => {
    const token = await managerToken();
    const employee = await employeeIn({ cardStatus: 'active', deviceStatus: 'active' });
    const device = (action: string) => api('POST', `/employees/${employee.employeeId}/device/${action}`, { token, body: {} });
    expect(await device('unblock')).toMatchObject({ status: 409, body: { code: 'DEVICE_ACTION_NOT_ALLOWED' } });
    expect(await device('block')).toMatchObject({ status: 200, body: { deviceStatus: 'blocked', cardStatus: 'active' } });
    expect(await device('block')).toMatchObject({ status: 409, body: { code: 'DEVICE_ACTION_NOT_ALLOWED' } });
    expect(await device('unblock')).toMatchObject({ status: 200, body: { deviceStatus: 'active', cardStatus: 'active' } });
    expect(await sandboxCard(employee.cardId ?? '')).toMatchObject({ status: 'active' });
  });

  it("blocks the app of an employee who has not signed in yet", async () => {
    const employee = await addEmployee();
    expect(await api('POST', `/employees/${employee.employeeId}/device/block`, { token: await managerToken(), body: {} })).toMatchObject({ status: 200, body: { deviceStatus: 'blocked' } });
  });
});

describe('bulk card actions', () => {
  it('activates each selected card on its own and reports each refusal with its code', async () => {
    const deliveredA = await employeeIn({ cardStatus: 'delivered' });
    const deliveredB = await employeeIn({ cardStatus: 'replaced_delivered' });
    const ordered = await addEmployee();
    const terminated = await employeeIn({ cardStatus: 'stopped' });
    const active = await employeeIn({ cardStatus: 'active' });
    const declined = await addEmployee();
    await arrange(declined.employeeId, { cardStatus: 'delivered', declines: ['activate'] });
    const ids = [deliveredA, deliveredB, ordered, terminated, active, declined].map((e) => e.employeeId);

    const answer = await api('POST', '/employees/card-actions', { token: await managerToken(), body: { action: 'activate', employeeIds: [...ids, 'no-such-employee', 'baltic-emp-004', deliveredA.employeeId] } });
    expect(answer.status).toBe(200);
    const { results } = bulkResultSchema.parse(answer.body);
    expect(results.map((r) => [r.employeeId, r.ok, r.code, r.cardStatus])).toEqual([
      [deliveredA.employeeId, true, null, 'active'],
      [deliveredB.employeeId, true, null, 'active'],
      [ordered.employeeId, false, 'NO_ACTIVE_CARD', null],
      [terminated.employeeId, false, 'ACTIVATION_USER_NOT_ACTIVE', null],
      [active.employeeId, false, 'CARD_ALREADY_ACTIVE', null],
      [declined.employeeId, false, 'ACTIVATION_FAILED', null],
      ['no-such-employee', false, 'ACTIVATION_USER_NOT_ACTIVE', null],
      ['baltic-emp-004', false, 'ACTIVATION_USER_NOT_ACTIVE', null],
    ]);
    expect(results.find((r) => r.employeeId === ordered.employeeId)?.name).toBe(`${ordered.name} ${ordered.surname}`);
    expect((await getEmployee(deliveredA.employeeId)).cardStatus).toBe('active');
    expect((await getEmployee(deliveredB.employeeId)).cardStatus).toBe('active');
    expect((await getEmployee(declined.employeeId)).cardStatus).toBe('delivered');
    expect((await auditOf(deliveredA.employeeId)).filter((r) => r.action === 'card.activate')).toHaveLength(1);
  });

  it('blocks the selection and tells which could not be blocked', async () => {
    const active = await employeeIn({ cardStatus: 'active' });
    const blocked = await employeeIn({ cardStatus: 'soft_blocked' });
    const answer = await api('POST', '/employees/card-actions', { token: await managerToken(), body: { action: 'block', employeeIds: [active.employeeId, blocked.employeeId] } });
    expect(bulkResultSchema.parse(answer.body).results.map((r) => [r.ok, r.code, r.cardStatus])).toEqual([
      [true, null, 'soft_blocked'],
      [false, 'CARD_ACTION_NOT_ALLOWED', null],
    ]);
  });
});

describe('who may act on cards', () => {
  const acting = Object.values(employeeRoutes).filter((route) => route.access.minRole === 'manager');
  const bodies: Record<string, unknown> = {
    'POST /employees': { name: 'Anna', surname: 'Accountant', phone: '37126999999' },
    'PUT /employees/{employeeId}/phone': { phone: '37126999998' },
    'PUT /employees/{employeeId}/limits': { limitCents: 100, annualLimitCents: 100, mccGroups: ['fuel'] },
    'POST /employees/{employeeId}/card/replace': { reason: 'lost', address, expectedFeeCents: 500 },
    'POST /employees/card-actions': { action: 'block', employeeIds: [] },
  };

  it('refuses an accountant every acting route with ROLE_TOO_LOW, and nothing changes', async () => {
    expect(acting.length).toBeGreaterThan(10);
    const employee = await employeeIn({ cardStatus: 'active' });
    const before = await employeeItem(employee.employeeId);
    const token = await tokenOf(fleetAccountant);
    for (const route of acting) {
      const key = `${route.method} ${route.path}`;
      const body = key === 'POST /employees/card-actions' ? { action: 'block', employeeIds: [employee.employeeId] } : (bodies[key] ?? ('body' in route ? {} : undefined));
      const answer = await api(route.method, route.path.replace('{employeeId}', employee.employeeId), { token, body });
      expect(answer, key).toMatchObject({ status: 403, body: { code: 'ROLE_TOO_LOW' } });
    }
    expect(await employeeItem(employee.employeeId)).toEqual(before);
  });

  it("answers another company's manager 404 on every route of one employee, and changes nothing", async () => {
    const employee = await employeeIn({ cardStatus: 'active', deviceStatus: 'active' });
    const before = await employeeItem(employee.employeeId);
    const token = await tokenOf('manager@demo.local');
    const ofOne = Object.values(employeeRoutes).filter((route) => route.path.includes('{employeeId}'));
    for (const route of ofOne) {
      const key = `${route.method} ${route.path}`;
      const answer = await api(route.method, route.path.replace('{employeeId}', employee.employeeId), { token, body: bodies[key] ?? ('body' in route ? {} : undefined) });
      expect(answer, key).toMatchObject({ status: 404 });
    }
    const bulk = await api('POST', '/employees/card-actions', { token, body: { action: 'block', employeeIds: [employee.employeeId] } });
    expect(bulkResultSchema.parse(bulk.body).results).toEqual([{ employeeId: employee.employeeId, name: null, ok: false, code: 'EMPLOYEE_NOT_FOUND', cardStatus: null }]);
    expect(await employeeItem(employee.employeeId)).toEqual(before);
    expect(before.companyId).toBe(fleetCompanyId);
  });
});

describe('the history of changes lists the status change the status line reports', () => {
  /** The history's newest change of the card status: the one "Changed by <who> on <date>" speaks of. */
  const newestCardChange = (detail: EmployeeDetail) => detail.history.find((change) => 'cardStatus' in change.after);

  it('after a card action, through the API', async () => {
    const employee = await employeeIn({ cardStatus: 'active' });
    expect(await act(employee.employeeId, 'block')).toMatchObject({ status: 200 });
    const detail = await getEmployee(employee.employeeId);
    expect(detail).toMatchObject({ cardStatus: 'soft_blocked', cardStatusChangedBy: 'company_user' });
    expect(newestCardChange(detail)).toEqual({
      at: detail.cardStatusChangedAt,
      action: 'card.block',
      changedBy: 'company_user',
      actorName: 'Frīda Fleet',
      before: expect.objectContaining({ cardStatus: 'active' }),
      after: expect.objectContaining({ cardStatus: 'soft_blocked', cardStatusChangedBy: 'company_user' }),
    });
  });

  it("for the seeded demo's employees, one of every card status and every kind of changer", async () => {
    const token = await tokenOf('manager@demo.local');
    const seen = new Set<string>();
    for (let number = 1; number <= cardStatuses.length; number += 1) {
      const detail = await getEmployee(`baltic-emp-${String(number).padStart(3, '0')}`, token);
      seen.add(detail.cardStatusChangedBy);
      expect(newestCardChange(detail), detail.employeeId).toMatchObject({ at: detail.cardStatusChangedAt, changedBy: detail.cardStatusChangedBy, after: { cardStatus: detail.cardStatus } });
    }
    expect(seen.size).toBe(4);
  });
});
