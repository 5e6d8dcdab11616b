import { randomUUID } from 'node:crypto';
import type { MerchantCategoryGroup } from '@shared/cards';
import { rigaDateOf } from '@shared/dates';
import { transactionItem } from '@functions/transactions/card-transactions';
import type { TransactionRecord } from '@functions/transactions/transaction-records';
import { cardEmployeeItem, putItems, storeTransactions, type FixtureCloud } from './company-fixtures';

export interface ListedEmployee {
  employeeId: string;
  name: string;
  surname: string;
  personalCode: string;
  phone: string;
}

export interface Spending {
  /** Days before today (Riga), 0 = today. */
  daysAgo: number;
  employee: ListedEmployee;
  amountCents: number;
  mccGroup: MerchantCategoryGroup;
  description?: string;
  status?: TransactionRecord['status'];
}

const groupCodes: Record<string, string> = { groceries: '5411', restaurants: '5812', transport: '4111' };

/** Employees with a card, as the list's search reads them (the company's employee items). */
export async function addListedEmployees(cloud: FixtureCloud, companyId: string, people: Omit<ListedEmployee, 'employeeId'>[]): Promise<ListedEmployee[]> {
  const employees = people.map((person) => ({ ...person, employeeId: `emp-${randomUUID().slice(0, 8)}` }));
  await putItems(cloud, employees.map((employee) => cardEmployeeItem(companyId, { ...employee, lastCardDigits: '1234' })));
  return employees;
}

/**
 * Records card payments as the authorization flow numbers them (per company, employee and group, in time order) with
 * their tallies and counters; answers the records in number order (oldest first).
 */
export async function recordSpendings(cloud: FixtureCloud, companyId: string, spendings: readonly Spending[]): Promise<TransactionRecord[]> {
  const ordered = [...spendings].sort((a, b) => b.daysAgo - a.daysAgo);
  const employeeSeqs = new Map<string, number>();
  const groupSeqs = new Map<string, number>();
  const today = Date.now();
  const records = ordered.map((spending, index): TransactionRecord => {
    const employeeSeq = (employeeSeqs.get(spending.employee.employeeId) ?? 0) + 1;
    employeeSeqs.set(spending.employee.employeeId, employeeSeq);
    const groupSeq = (groupSeqs.get(spending.mccGroup) ?? 0) + 1;
    groupSeqs.set(spending.mccGroup, groupSeq);
    // Noon in Riga of that day, one second apart, so the numbers follow time.
    const day = rigaDateOf(new Date(today - spending.daysAgo * 86_400_000));
    const executedAt = new Date(Date.parse(`${day}T09:00:00.000Z`) + index * 1000).toISOString();
    const name = `${spending.employee.name} ${spending.employee.surname}`;
    const description = spending.description ?? 'Rimi Hipermārkets';
    return {
      companyId,
      transactionId: `tx-${randomUUID()}`,
      authorizationId: null,
      seq: index + 1,
      employeeSeq,
      groupSeq,
      day,
      employeeId: spending.employee.employeeId,
      employeeName: name,
      personalCode: spending.employee.personalCode,
      phone: spending.employee.phone,
      amountCents: spending.amountCents,
      executedAt,
      processedAt: spending.status === 'authorization' ? null : executedAt,
      description,
      merchantCategoryCode: groupCodes[spending.mccGroup] ?? '5411',
      mccGroup: spending.mccGroup,
      merchantId: `M${index}`,
      reference: `REF-${index + 1}`,
      beneficiary: description,
      remitter: name,
      status: spending.status ?? 'regular',
    };
  });
  await storeTransactions(cloud, companyId, records);
  return records;
}

/**
 * One card payment of an employee's as the authorization flow leaves it (numbered `employeeSeq` in her statement and
 * its group), `status` as given: for a test of her own history, which reads her numbers only.
 */
export function employeePaymentItem(
  companyId: string,
  employee: { employeeId: string; name: string; surname: string },
  payment: { employeeSeq: number; status: TransactionRecord['status']; amountCents: number; executedAt: string; description: string; merchant: string },
): Record<string, unknown> {
  const { employeeSeq, status, executedAt } = payment;
  return transactionItem({
    companyId,
    transactionId: `tx-${randomUUID()}`,
    authorizationId: null,
    seq: employeeSeq,
    employeeSeq,
    groupSeq: employeeSeq,
    day: rigaDateOf(new Date(executedAt)),
    employeeId: employee.employeeId,
    employeeName: `${employee.name} ${employee.surname}`,
    personalCode: null,
    phone: null,
    amountCents: payment.amountCents,
    executedAt,
    processedAt: status === 'authorization' ? null : executedAt,
    description: payment.description,
    merchantCategoryCode: '5411',
    mccGroup: 'groceries',
    merchantId: `M${employeeSeq}`,
    reference: `REF${employeeSeq}`,
    beneficiary: payment.merchant,
    remitter: employee.name,
    status,
  });
}
