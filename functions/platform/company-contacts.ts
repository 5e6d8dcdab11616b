import type { Language } from '@shared/languages';
import { keys } from './keys';
import { membershipRecord, userProfileRecord } from './records';
import { batchGetItems, itemId, queryAll } from './table';

export interface Contact {
  email: string;
  name: string;
  language: Language;
}

/** Everyone who belongs to a company, with what an e-mail to them needs. */
export async function companyContacts(companyId: string): Promise<Contact[]> {
  const { gsi1pk } = keys.membershipInCompany(companyId, '');
  const memberships = (
    await queryAll({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': gsi1pk } })
  ).map((item) => membershipRecord.parse(item));
  const profiles = await batchGetItems(memberships.map((m) => keys.userProfile(m.userId)));
  return memberships.flatMap((membership) => {
    const item = profiles.get(itemId(keys.userProfile(membership.userId)));
    if (!item) return [];
    const profile = userProfileRecord.parse(item);
    return [{ email: profile.email, name: profile.name, language: profile.language }];
  });
}
