import { randomInt } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { employeeStatusOf } from '@shared/cards';
import type { CardStatus } from '@shared/statuses';
import { entities, keys } from '@functions/platform/keys';
import { putItems, type FixtureCloud } from './company-fixtures';

export interface FixtureEmployee {
  employeeId: string;
  name: string;
  surname: string;
  personalCode: string;
  phone: string;
  lastCardDigits: string;
}

/**
 * Employees written straight into a company of the test's own (funding needs thousands; ordering cards through the
 * API would take minutes), each with a card in `cardStatus` and a zero balance, and the company's count set.
 */
export async function putEmployees(cloud: FixtureCloud, companyId: string, count: number, cardStatus: CardStatus = 'active', prefix = 'emp'): Promise<FixtureEmployee[]> {
  const now = new Date().toISOString();
  const employees = Array.from({ length: count }, (_, index): FixtureEmployee => {
    const number = String(index + 1).padStart(5, '0');
    return {
      employeeId: `${prefix}-${number}`,
      name: 'Ilze',
      surname: `Bērziņa ${prefix} ${number}`,
      personalCode: `010190-${number}`,
      phone: `37125${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`,
      lastCardDigits: String(1000 + (index % 9000)),
    };
  });
  const status = employeeStatusOf(cardStatus);
  await putItems(
    cloud,
    employees.map((employee) => ({
      ...keys.employee(companyId, employee.employeeId),
      entity: entities.employee,
      companyId,
      ...employee,
      email: null,
      cardId: `sbx_fixture_${companyId}_${employee.employeeId}`,
      cardStatus,
      cardStatusChangedBy: 'system',
      cardStatusChangedAt: now,
      deviceStatus: 'active',
      cardAccountStatus: status === 'active' ? 'active' : 'inactive',
      status,
      balanceCents: 0,
      reservedCents: 0,
      usedCents: 0,
      limitCents: 100_000,
      annualLimitCents: 1_000_000,
      mccGroups: [],
      pendingAuthorizations: 0,
      transactionSeq: 0,
      createdAt: now,
      version: 1,
    })),
  );
  await cloud.table.send(
    new UpdateCommand({ TableName: cloud.tableName, Key: keys.counters(companyId), UpdateExpression: 'ADD employees :count', ExpressionAttributeValues: { ':count': count } }),
  );
  return employees;
}
