import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

/**
 * The cold-start budget's yardstick: the least a handler of this portal does at import, which is to create the
 * DynamoDB document client (at module scope, as the handlers do, so warm invocations reuse it).
 */
const documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({}));

export const handler = async (event: { id: string }) => {
  const { Item } = await documentClient.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: event.id, sk: event.id } }));
  return Item ? { statusCode: 200, body: JSON.stringify(Item) } : { statusCode: 404, body: '' };
};
