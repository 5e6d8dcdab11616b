import { BatchGetCommand, type BatchGetCommandOutput, GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './clients';
import { env } from './env';

export function tableName(): string {
  return env().TABLE_NAME;
}

export async function getItem(key: { pk: string; sk: string }): Promise<Record<string, unknown> | undefined> {
  const answer = await dynamo.send(new GetCommand({ TableName: tableName(), Key: key }));
  return answer.Item;
}

/** All items of a partition whose sort key starts with a prefix, following pagination. */
export async function queryAll(
  input: Omit<QueryCommandInput, 'TableName'>,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let exclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(
      new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey: exclusiveStartKey }),
    );
    items.push(...(page.Items ?? []));
    exclusiveStartKey = page.LastEvaluatedKey;
  } while (exclusiveStartKey);
  return items;
}

export function queryByPrefix(pk: string, skPrefix: string): Promise<Record<string, unknown>[]> {
  return queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
  });
}

/** Reads up to 100 items by key, retrying what DynamoDB leaves unprocessed; answers them by "pk|sk". */
export async function batchGetItems(keyList: { pk: string; sk: string }[]): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  const unique = [...new Map(keyList.map((k) => [`${k.pk}|${k.sk}`, k])).values()];
  for (let start = 0; start < unique.length; start += 100) {
    let pending: Record<string, unknown>[] | undefined = unique.slice(start, start + 100);
    while (pending && pending.length > 0) {
      const answer: BatchGetCommandOutput = await dynamo.send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending } } }));
      for (const item of answer.Responses?.[tableName()] ?? []) found.set(`${String(item.pk)}|${String(item.sk)}`, item);
      pending = answer.UnprocessedKeys?.[tableName()]?.Keys;
    }
  }
  return found;
}

export function queryPartition(pk: string): Promise<Record<string, unknown>[]> {
  return queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } });
}
