import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../platform/aws/dynamo';
import { keys, sequenceKey } from '../platform/keys';
import { tableName } from '../platform/table';
import { transactionRecord, type TransactionRecord } from './transaction-records';

/**
 * The newest `limit` transactions of one employee numbered below `beforeSeq` (her own numbers, which follow time):
 * one Query of at most `limit` items, for a history read page after page.
 */
export async function employeeTransactionsBefore(request: { companyId: string; employeeId: string; beforeSeq: number | null; limit: number }): Promise<TransactionRecord[]> {
  const { gsi1pk } = keys.transactionsOfEmployee(request.companyId, request.employeeId);
  const answer = await dynamo.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: request.beforeSeq === null ? 'gsi1pk = :pk' : 'gsi1pk = :pk AND gsi1sk < :before',
      ExpressionAttributeValues: { ':pk': gsi1pk, ...(request.beforeSeq === null ? {} : { ':before': sequenceKey(request.beforeSeq) }) },
      ScanIndexForward: false,
      Limit: request.limit,
    }),
  );
  return (answer.Items ?? []).map((item) => transactionRecord.parse(item));
}
