import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { activityAnswerSchema, type ActivityRow } from '@shared/activity';
import { employeeDetailSchema, type StatusChange } from '@shared/employees';
import { keys } from '@functions/platform/keys';
import { api, cloud, documents } from './support';

/**
 * Issue 31 "per employee": what the activity log's employee filter lists of one employee's payments or fees (every
 * page, newest first), as the activity screen asks for it.
 */
export async function employeeActivity(token: string, employeeId: string, action: 'funds.add' | 'fee.monthly'): Promise<ActivityRow[]> {
  const rows: ActivityRow[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ employeeId, type: action === 'funds.add' ? 'funding' : 'account', itemsPerPage: '100', ...(cursor ? { cursor } : {}) });
    const answer = await api('GET', `/activity?${query.toString()}`, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const page = activityAnswerSchema.parse(answer.body);
    rows.push(...page.rows.filter((row) => row.action === action));
    cursor = page.nextCursor;
  } while (cursor !== null);
  return rows;
}

/** The history of one employee as her user page shows it (GET /employees/{id}), of one action. */
export async function employeeHistory(token: string, employeeId: string, action: 'funds.add' | 'fee.monthly'): Promise<StatusChange[]> {
  const answer = await api('GET', `/employees/${employeeId}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return employeeDetailSchema.parse(answer.body).history.filter((entry) => entry.action === action);
}

/** The company's audit records of one action, read from its log's partition (every record of the company is there). */
export async function companyRecords(companyId: string, action: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documents().send(
      new QueryCommand({
        TableName: cloud().tableName,
        KeyConditionExpression: 'pk = :pk',
        FilterExpression: '#action = :action',
        ExpressionAttributeNames: { '#action': 'action' },
        ExpressionAttributeValues: { ':pk': keys.auditRecord(companyId, '', '').pk, ':action': action },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}
