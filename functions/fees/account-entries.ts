import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AccountEntriesQuery, AccountEntry } from '@shared/ledger';
import { totalPagesOf, type TableAnswer } from '@shared/lists';
import { dynamo } from '../platform/clients';
import { keys } from '../platform/keys';
import { ledgerEntryRecord } from '../platform/records';
import { tableName } from '../platform/table';

/** Only the main account's legs: the other leg of each movement is the provider's or an employee's. */
function mainLegsOf(companyId: string): Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'> {
  const { pk } = keys.ledgerEntry(companyId, '', '', 0);
  return {
    KeyConditionExpression: 'pk = :pk',
    FilterExpression: '#account = :main',
    ExpressionAttributeNames: { '#account': 'account' },
    ExpressionAttributeValues: { ':pk': pk, ':main': 'main' },
  };
}

/**
 * One page of the main account's ledger lines, newest first (the sort key starts with the time). The filter runs
 * after DynamoDB has read the items, so the query reads both legs of every movement up to the end of the page:
 * about 2 × page × itemsPerPage items. The total is a COUNT over the whole partition, which reads every ledger line
 * of the company (docs/access-patterns.md; a counter kept with the writes would make it one item).
 */
export async function readAccountEntries(companyId: string, query: AccountEntriesQuery): Promise<TableAnswer<AccountEntry>> {
  const [rows, totalRecords] = await Promise.all([readUpTo(companyId, query.page * query.itemsPerPage), countMainLegs(companyId)]);
  return {
    rows: rows.slice((query.page - 1) * query.itemsPerPage),
    totalPages: totalPagesOf(totalRecords, query.itemsPerPage),
    totalRecords,
  };
}

async function readUpTo(companyId: string, wanted: number): Promise<AccountEntry[]> {
  const rows: AccountEntry[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const answer = await dynamo.send(
      new QueryCommand({
        ...mainLegsOf(companyId),
        TableName: tableName(),
        ScanIndexForward: false,
        // Every movement has two legs side by side, so twice the lines still missing is usually one request.
        Limit: Math.min(2 * (wanted - rows.length), 1000),
        ExclusiveStartKey: start,
      }),
    );
    for (const item of answer.Items ?? []) {
      const entry = ledgerEntryRecord.parse(item);
      rows.push({ id: entry.movementId, at: entry.at, kind: entry.kind, description: entry.description, amountCents: entry.amountCents });
    }
    start = answer.LastEvaluatedKey;
  } while (start && rows.length < wanted);
  return rows.slice(0, wanted);
}

async function countMainLegs(companyId: string): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const answer = await dynamo.send(new QueryCommand({ ...mainLegsOf(companyId), TableName: tableName(), Select: 'COUNT', ExclusiveStartKey: start }));
    count += answer.Count ?? 0;
    start = answer.LastEvaluatedKey;
  } while (start);
  return count;
}
