import { randomInt } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CardStatus } from '@shared/statuses';
import { keys } from '@functions/platform/keys';
import { cardEmployeeItem, putItems, type FixtureCloud, type FixtureEmployee } from './company-fixtures';

export type { FixtureEmployee };

/**
 * Employees written straight into a company of the test's own (funding needs thousands; ordering cards through the
 * API would take minutes), each with a card in `cardStatus` and a zero balance, and the company's count set.
 */
export async function putEmployees(cloud: FixtureCloud, companyId: string, count: number, cardStatus: CardStatus = 'active', prefix = 'emp'): Promise<FixtureEmployee[]> {
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
  await putItems(cloud, employees.map((employee) => cardEmployeeItem(companyId, employee, cardStatus)));
  await cloud.table.send(
    new UpdateCommand({ TableName: cloud.tableName, Key: keys.counters(companyId), UpdateExpression: 'ADD employees :count', ExpressionAttributeValues: { ':count': count } }),
  );
  return employees;
}
