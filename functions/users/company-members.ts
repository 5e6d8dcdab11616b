import type { Language } from '@shared/languages';
import { keys } from '../platform/keys';
import { membershipRecord, userProfileRecord, type MembershipRecord, type UserProfileRecord } from '../platform/identity-records';
import { batchGetItems, itemId, queryAll } from '../platform/table';

export interface CompanyMember {
  membership: MembershipRecord;
  profile: UserProfileRecord;
}

/** Everyone who belongs to a company, with their profiles: the company's member index, then the profiles in one batch. */
export async function companyMembers(companyId: string): Promise<CompanyMember[]> {
  const { gsi1pk } = keys.membershipInCompany(companyId, '');
  const memberships = (
    await queryAll({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': gsi1pk } })
  ).map((item) => membershipRecord.parse(item));
  const profiles = await batchGetItems(memberships.map((m) => keys.userProfile(m.userId)));
  return memberships.flatMap((membership) => {
    const item = profiles.get(itemId(keys.userProfile(membership.userId)));
    return item ? [{ membership, profile: userProfileRecord.parse(item) }] : [];
  });
}

/** The company's owners who can be written to (active), each with the language to write in. */
export async function activeOwners(companyId: string): Promise<Contact[]> {
  return (await companyMembers(companyId))
    .filter(({ membership, profile }) => membership.role === 'owner' && profile.status === 'active')
    .map(({ profile }) => ({ email: profile.email, name: profile.name, language: profile.language }));
}

export interface Contact {
  email: string;
  name: string;
  language: Language;
}

/** What an e-mail to each member of a company needs. */
export async function companyContacts(companyId: string): Promise<Contact[]> {
  return (await companyMembers(companyId)).map(({ profile }) => ({ email: profile.email, name: profile.name, language: profile.language }));
}
