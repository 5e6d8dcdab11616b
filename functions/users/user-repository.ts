import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Language } from '@shared/languages';
import { dynamo } from '../platform/aws/dynamo';
import { DomainError } from '../platform/errors';
import { keys } from '../platform/keys';
import { companyRecord, userProfileRecord, type CompanyRecord, type MembershipRecord, type UserProfileRecord } from '../platform/identity-records';
import { batchGetItems, conditionFailed, getItem, itemId, tableName } from '../platform/table';

export interface Membership {
  membership: MembershipRecord;
  company: CompanyRecord;
}

/** The companies of the memberships the caller already holds, in one batch read. */
export async function withCompanies(memberships: MembershipRecord[]): Promise<Membership[]> {
  const companies = await batchGetItems(memberships.map((m) => keys.company(m.companyId)));
  return memberships.flatMap((membership) => {
    const item = companies.get(itemId(keys.company(membership.companyId)));
    return item ? [{ membership, company: companyRecord.parse(item) }] : [];
  });
}

export async function findProfile(userId: string): Promise<UserProfileRecord | null> {
  const item = await getItem(keys.userProfile(userId));
  return item ? userProfileRecord.parse(item) : null;
}

export async function saveLanguage(userId: string, language: Language): Promise<void> {
  await dynamo.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.userProfile(userId),
      UpdateExpression: 'SET #language = :language',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#language': 'language' },
      ExpressionAttributeValues: { ':language': language },
    }),
  );
}

/**
 * Makes a company the user's current one. The membership check and the switch are one transaction, so a
 * membership removed meanwhile cannot be chosen.
 */
export async function switchCurrentCompany(userId: string, companyId: string): Promise<void> {
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: tableName(),
              Key: keys.membership(userId, companyId),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.userProfile(userId),
              UpdateExpression: 'SET currentCompanyId = :companyId',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':companyId': companyId },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (conditionFailed(error, 0)) {
      // 404, not 403: a stale company in the switcher must not end the session (SPEC section 8's 403 rule).
      throw new DomainError(404, 'NOT_A_MEMBER', { companyId: 'NOT_A_MEMBER' });
    }
    throw error;
  }
}
