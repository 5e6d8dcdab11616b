import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../platform/aws/dynamo';
import { keys } from '../platform/keys';
import { tableName } from '../platform/table';

/**
 * Ends every session of the user (logout, a password reset): tokens issued before now are refused from here on.
 * Token `iat` has whole seconds, so the cut is the next whole second: a token minted in this very second is
 * refused too.
 */
export async function endSessions(userId: string, now: Date): Promise<void> {
  await dynamo.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.userProfile(userId),
      UpdateExpression: 'SET tokensValidAfter = :after',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':after': Math.floor(now.getTime() / 1000) + 1 },
    }),
  );
}
