import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Language } from '@shared/languages';
import { dynamo } from '../platform/clients';
import { keys } from '../platform/keys';
import { companyRecord, membershipRecord, type CompanyRecord, type MembershipRecord } from '../platform/records';
import { getItem, queryByPrefix, tableName } from '../platform/table';

export interface Membership {
  membership: MembershipRecord;
  company: CompanyRecord;
}

export async function listMemberships(userId: string): Promise<Membership[]> {
  const { pk, skPrefix } = keys.membershipsOfUser(userId);
  const memberships = (await queryByPrefix(pk, skPrefix)).map((item) => membershipRecord.parse(item));
  const companies = await Promise.all(memberships.map((m) => getItem(keys.company(m.companyId))));
  return memberships.flatMap((membership, index) => {
    const item = companies[index];
    return item ? [{ membership, company: companyRecord.parse(item) }] : [];
  });
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

/** The membership check and the switch are one conditional write, so a removed membership cannot be chosen. */
export async function saveCurrentCompany(userId: string, companyId: string): Promise<void> {
  await dynamo.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.userProfile(userId),
      UpdateExpression: 'SET currentCompanyId = :companyId',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':companyId': companyId },
    }),
  );
}

export async function revokeTokensIssuedBefore(userId: string, epochSeconds: number): Promise<void> {
  await dynamo.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.userProfile(userId),
      UpdateExpression: 'SET tokensValidAfter = :after',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':after': epochSeconds },
    }),
  );
}
