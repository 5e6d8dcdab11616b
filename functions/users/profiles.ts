import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../platform/aws/dynamo';
import { keys } from '../platform/keys';
import { userProfileRecord, type UserProfileRecord } from '../platform/identity-records';
import { conditionFailed, queryAll, tableName } from '../platform/table';

/** The portal user with this e-mail (any case), through the e-mail index; sign-up, links and invitations ask. */
export async function findProfileByEmail(email: string): Promise<UserProfileRecord | null> {
  const { gsi1pk, gsi1sk } = keys.userByEmail(email);
  const [item] = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
    ExpressionAttributeValues: { ':pk': gsi1pk, ':sk': gsi1sk },
  });
  return item ? userProfileRecord.parse(item) : null;
}

/**
 * A created user becomes active: at the e-mail confirmation after sign-up, or at the first sign-in after an
 * invitation (SPEC section 4's default status is created). Already active is nothing to change.
 */
export async function activateProfile(userId: string): Promise<void> {
  await dynamo
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.userProfile(userId),
        UpdateExpression: 'SET #status = :active',
        ConditionExpression: '#status = :created',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':active': 'active', ':created': 'created' },
      }),
    )
    .catch((error: unknown) => {
      if (!conditionFailed(error)) throw error;
    });
}
