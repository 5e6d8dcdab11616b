import { keys } from './keys';
import { userProfileRecord, type UserProfileRecord } from './records';
import { queryAll } from './table';

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
