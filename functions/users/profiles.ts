import { keys } from '../platform/keys';
import { membershipRecord, userProfileRecord, type MembershipRecord, type UserProfileRecord } from '../platform/identity-records';
import { conditionFailed, queryAll, tableName, transact, type TransactItem } from '../platform/table';

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

/** Every company the user belongs to (docs/access-patterns.md row 3), for a change of their own recorded in each. */
export async function membershipsOfUser(userId: string): Promise<MembershipRecord[]> {
  const { pk, skPrefix } = keys.membershipsOfUser(userId);
  const items = await queryAll({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix } });
  return items.map((item) => membershipRecord.parse(item));
}

/**
 * A created user becomes active: at the e-mail confirmation after sign-up, or at the first sign-in after an
 * invitation (SPEC section 4's default status is created). Already active is nothing to change, and nothing of
 * `records` (the change's audit records, written with it) is written then.
 */
export async function activateProfile(userId: string, records: readonly TransactItem[] = []): Promise<void> {
  await transact([
    {
      Update: {
        TableName: tableName(),
        Key: keys.userProfile(userId),
        UpdateExpression: 'SET #status = :active',
        ConditionExpression: '#status = :created',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':active': 'active', ':created': 'created' },
      },
    },
    ...records,
  ]).catch((error: unknown) => {
    if (!conditionFailed(error)) throw error;
  });
}
