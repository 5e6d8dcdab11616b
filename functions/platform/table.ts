import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
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
