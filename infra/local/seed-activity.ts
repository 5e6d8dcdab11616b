import { defaultPrices } from '@shared/prices';
import { rigaDateOf } from '@shared/dates';
import { auditItem, systemActor, type Actor } from '@functions/platform/audit';

/** An employee of the demo company, as the activity needs them. */
interface SeedEmployee {
  employeeId: string;
  name: string;
  surname: string;
}

const day = 86_400_000;

/**
 * A year of the demo company's other audited actions besides the card statuses (seed.ts), so each filter of the
 * activity log (issue 21) finds something: top-ups credited by the provider's admin, transfers and limit changes by
 * the company's people, monthly fees and card payments by the system, app sign-ins by employees, an API key and its
 * transfers; a day's burst of card payments, which the log hides until "include card payments" is ticked (issue 31), and
 * the card provider's change to the price list (to today's prices). Only records: balances and ledgers are seeded apart, and the reports read the ledger, not these. Their ids
 * start with `seed-` and their times count back from the day of seeding, as the status records' do, so a reseed
 * deletes and writes them anew.
 */
export function seededActivityItems(companyId: string, employees: readonly SeedEmployee[], people: { owner: Actor | null; manager: Actor | null; admin: Actor | null }, now: number): Record<string, unknown>[] {
  const items: Record<string, unknown>[] = [];
  const at = (daysAgo: number, hour: number) => new Date(now - daysAgo * day - hour * 3_600_000).toISOString();
  const employeeAt = (index: number) => employees[index % employees.length];
  const push = (id: string, entry: Omit<Parameters<typeof auditItem>[0], 'companyId'>) => items.push(auditItem({ companyId, ...entry }, `seed-activity-${id}`));
  const apiKey: Actor = { kind: 'api_key', userId: null, name: "API key 'Payroll'", role: null };

  for (let month = 0; month < 12; month += 1) {
    if (people.admin) {
      push(`top-up-${month}`, {
        actor: people.admin,
        action: 'main_account.top_up',
        target: { type: 'company', id: companyId },
        before: {},
        after: { bankTransactionId: `DEMO-${String(2026_000 + month)}`, amountCents: 2_500_000 + month * 10_000, matchedBy: 'reference', bookingDate: at(month * 30 + 3, 0).slice(0, 10) },
        at: at(month * 30 + 2, 1),
      });
    }
    for (let index = 0; index < 3; index += 1) {
      const employee = employeeAt(month * 3 + index);
      if (!employee) continue;
      const feeMonth = rigaDateOf(new Date(at(month * 30 + 1, 0))).slice(0, 7);
      // This month's fees are the local fee job's to charge, for real, when the cloud starts: the seed's are history.
      if (feeMonth !== rigaDateOf(new Date(now)).slice(0, 7)) push(`fee-${month}-${index}`, {
        actor: systemActor,
        action: 'fee.monthly',
        // On the employee, as the fee job writes it (issue 31): her history and the employee filter show it.
        target: { type: 'employee', id: employee.employeeId },
        before: {},
        after: { month: feeMonth, feeCents: 150 },
        at: at(month * 30 + 1, 3),
      });
      push(`payment-${month}-${index}`, {
        actor: systemActor,
        action: 'authorization.approved',
        target: { type: 'company', id: companyId },
        before: { employeeId: employee.employeeId, balanceCents: 20_000, reservedCents: 0 },
        after: { employeeId: employee.employeeId, authorizationId: `seed-activity-auth-${month}-${index}`, amountCents: 1_250 + index * 475 },
        at: at(month * 30 + 5 + index, 4),
      });
    }
    const manager = people.manager ?? people.owner;
    const funded = employeeAt(month + 5);
    if (manager && funded) {
      push(`funds-${month}`, { actor: manager, action: 'funds.add', target: { type: 'employee', id: funded.employeeId }, before: {}, after: { amountCents: 5_000 + month * 500, movementId: `seed-activity-movement-${month}` }, at: at(month * 30 + 4, 2) });
    }
    const signedIn = employeeAt(month * 2 + 11);
    if (signedIn) {
      push(`sign-in-${month}`, {
        actor: { kind: 'employee', userId: null, name: `${signedIn.name} ${signedIn.surname}`, role: null },
        action: 'device.sign_in',
        target: { type: 'employee', id: signedIn.employeeId },
        before: { deviceStatus: 'created' },
        after: { deviceStatus: 'active' },
        at: at(month * 30 + 8, 5),
      });
    }
  }
  const limited = employeeAt(7);
  if (people.owner && limited) {
    push('limits', {
      actor: people.owner,
      action: 'limits.change',
      target: { type: 'employee', id: limited.employeeId },
      before: { limitCents: 100_000, annualLimitCents: 1_000_000, mccGroups: '["groceries","restaurants","transport"]' },
      after: { limitCents: 150_000, annualLimitCents: 1_200_000, mccGroups: '["groceries","restaurants","transport","fuel"]' },
      at: at(20, 6),
    });
  }
  if (people.owner) {
    push('api-key', { actor: people.owner, action: 'apiKey.create', target: { type: 'company', id: companyId }, before: {}, after: { keyId: 'seed-key', name: 'Payroll', scopes: 'employees:read money:write' }, at: at(60, 2) });
  }
  // The network authorizes a card payment every few hours today: without the filter they would be the first page.
  for (let index = 0; index < 12; index += 1) {
    const employee = employeeAt(index + 2);
    if (!employee) continue;
    push(`recent-payment-${index}`, {
      actor: systemActor,
      action: 'authorization.approved',
      target: { type: 'company', id: companyId },
      before: { employeeId: employee.employeeId, balanceCents: 18_000 - index * 700, reservedCents: 0 },
      after: { employeeId: employee.employeeId, authorizationId: `seed-activity-recent-auth-${index}`, amountCents: 340 + index * 215 },
      at: new Date(now - (index + 1) * 1_800_000).toISOString(),
    });
  }
  if (people.admin) {
    push('prices', {
      actor: people.admin,
      action: 'prices.change',
      target: { type: 'company', id: companyId },
      before: { replacementFeeCents: 700, monthlyFeeCents: 200 },
      after: { replacementFeeCents: defaultPrices.replacementFeeCents, monthlyFeeCents: defaultPrices.monthlyFeeCents },
      at: at(45, 4),
    });
  }
  const paidByKey = employeeAt(9);
  if (paidByKey) {
    push('api-funds', { actor: apiKey, action: 'funds.add', target: { type: 'employee', id: paidByKey.employeeId }, before: {}, after: { amountCents: 7_500, movementId: 'seed-activity-movement-key' }, at: at(10, 3) });
  }
  return items;
}
