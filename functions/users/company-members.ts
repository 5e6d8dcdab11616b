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

/** A person as a company knows them now: their name and e-mail (null when their profile is gone) and whether they belong. */
export interface PersonOfCompany {
  name: string | null;
  email: string | null;
  /** An active member: an invited one who has not signed in yet does not count, a removed one has no membership. */
  activeMember: boolean;
}

/**
 * The named people's memberships of the company and their profiles, in one batch read: two items a person, however
 * large the company's team. Someone removed keeps their profile (their account stays), so they are still named.
 */
export async function peopleOfCompany(companyId: string, userIds: readonly string[]): Promise<Map<string, PersonOfCompany>> {
  const unique = [...new Set(userIds)];
  const items = await batchGetItems(unique.flatMap((userId) => [keys.membership(userId, companyId), keys.userProfile(userId)]));
  return new Map(
    unique.map((userId) => {
      const membership = items.get(itemId(keys.membership(userId, companyId)));
      const profileItem = items.get(itemId(keys.userProfile(userId)));
      const profile = profileItem ? userProfileRecord.parse(profileItem) : null;
      return [
        userId,
        {
          name: profile ? `${profile.name} ${profile.surname}`.trim() : null,
          email: profile?.email ?? null,
          activeMember: membership !== undefined && membershipRecord.parse(membership).status === 'active',
        },
      ];
    }),
  );
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
