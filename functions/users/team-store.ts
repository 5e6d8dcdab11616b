import { roleRank, type CompanyRole } from '@shared/roles';
import type { TeamMember } from '@shared/team';
import { auditPut, memberActor } from '../platform/audit';
import { companyMembers } from './company-members';
import { DomainError } from '../platform/errors';
import { entities, keys } from '../platform/keys';
import { membershipRecord, userProfileItem, type MembershipRecord, type UserProfileRecord } from '../platform/identity-records';
import { activateProfile } from './profiles';
import { conditionFailed, getItem, tableName, transact, transactionConflicted, transactThroughConflicts, type TransactItem } from '../platform/table';

export async function findMembership(companyId: string, userId: string): Promise<MembershipRecord | null> {
  const item = await getItem(keys.membership(userId, companyId));
  return item ? membershipRecord.parse(item) : null;
}

export function teamMemberOf(membership: MembershipRecord, profile: UserProfileRecord): TeamMember {
  return {
    userId: membership.userId,
    email: profile.email,
    name: profile.name,
    surname: profile.surname,
    role: membership.role,
    status: membership.status,
    invitedAt: membership.invitedAt,
  };
}

/** The company's members with their names, owners first. */
export async function listMembers(companyId: string): Promise<TeamMember[]> {
  return (await companyMembers(companyId))
    .map(({ membership, profile }) => teamMemberOf(membership, profile))
    .sort((a, b) => roleRank[b.role] - roleRank[a.role] || `${a.name} ${a.surname}`.localeCompare(`${b.name} ${b.surname}`));
}

/**
 * The company's count of active owners moves with every change that makes or unmakes one, and may never reach zero.
 * An invited owner counts from their first sign-in: until then they could not manage the team.
 */
function ownerCountChange(companyId: string, change: 1 | -1): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.company(companyId),
      UpdateExpression: 'ADD ownerCount :change',
      ConditionExpression: change < 0 ? 'ownerCount > :one' : 'attribute_exists(pk)',
      ExpressionAttributeValues: change < 0 ? { ':change': -1, ':one': 1 } : { ':change': 1 },
    },
  };
}

export interface NewMembership {
  companyId: string;
  userId: string;
  role: CompanyRole;
  status: MembershipRecord['status'];
  invitedAt: string;
}

/**
 * The membership (and, for someone new to the portal, their profile) in one transaction with the owner count and
 * `record` (the invitation's audit record), so a second invitation of the same person at the same moment finds them
 * a member already, and no one joins without its record.
 */
export async function addMember(membership: NewMembership, newProfile: UserProfileRecord | null, audit: TransactItem): Promise<MembershipRecord> {
  const record: MembershipRecord = { ...membership, membershipId: `${membership.companyId}:${membership.userId}` };
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.membership(membership.userId, membership.companyId),
          ...keys.membershipInCompany(membership.companyId, membership.userId),
          entity: entities.membership,
          ...record,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  if (newProfile) {
    items.push({
      Put: {
        TableName: tableName(),
        Item: userProfileItem(newProfile),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
  }
  if (membership.role === 'owner' && membership.status === 'active') items.push(ownerCountChange(membership.companyId, 1));
  items.push(audit);
  try {
    await transact(items);
  } catch (error) {
    if (conditionFailed(error, 0)) throw new DomainError(409, 'ALREADY_MEMBER', { email: 'ALREADY_MEMBER' });
    throw error;
  }
  return record;
}

/**
 * A new role, on the condition that the member still has the role it was read with; an owner stepping down
 * takes the owner count down, which is refused at one. `record` is the change's audit record.
 */
export async function changeRole(member: MembershipRecord, role: CompanyRole, record: TransactItem): Promise<void> {
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.membership(member.userId, member.companyId),
        UpdateExpression: 'SET #role = :role',
        ConditionExpression: '#role = :was',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':role': role, ':was': member.role },
      },
    },
  ];
  if (member.status === 'active' && member.role === 'owner' && role !== 'owner') items.push(ownerCountChange(member.companyId, -1));
  if (member.status === 'active' && member.role !== 'owner' && role === 'owner') items.push(ownerCountChange(member.companyId, 1));
  await writeMemberChange([...items, record], items.length > 1 ? 1 : null);
}

/**
 * Removes the membership (the person keeps their account and other companies); the last owner stays. `alsoWrite` is
 * written in the same transaction (the removal's audit record, and the revocation of keys the member made, issue 30):
 * all of it or none.
 */
export async function removeMembership(member: MembershipRecord, alsoWrite: readonly TransactItem[] = []): Promise<void> {
  const items: TransactItem[] = [
    {
      Delete: {
        TableName: tableName(),
        Key: keys.membership(member.userId, member.companyId),
        ConditionExpression: '#role = :was',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':was': member.role },
      },
    },
  ];
  let ownerCountAt: number | null = null;
  if (member.status === 'active' && member.role === 'owner') {
    ownerCountAt = items.length;
    items.push(ownerCountChange(member.companyId, -1));
  }
  await writeMemberChange([...items, ...alsoWrite], ownerCountAt);
}

/**
 * Two owners stepping down at the same moment both touch the company item: DynamoDB may cancel one transaction for
 * the other (TransactionConflict, nothing checked or written), so it is sent again and the owner count's condition
 * decides; what still conflicts after the retries answers as any change that met another.
 */
const memberChangeRetries = 4;

/** `ownerCountAt`: the index of the owner count's change, whose refusal means the last owner would go. */
async function writeMemberChange(items: TransactItem[], ownerCountAt: number | null): Promise<void> {
  try {
    await transactThroughConflicts(items, {}, memberChangeRetries);
  } catch (error) {
    if (ownerCountAt !== null && conditionFailed(error, ownerCountAt)) throw new DomainError(409, 'LAST_OWNER');
    // The member's role (or the membership itself) changed since it was read, or a key to revoke was revoked meanwhile.
    if (items.some((_, index) => conditionFailed(error, index)) || transactionConflicted(error)) throw new DomainError(409, 'CONFLICT');
    throw error;
  }
}

/**
 * The first sign-in after an invitation: the person is now active in the portal and in each inviting company, where
 * an owner starts counting as one, and each of those companies records that the invitation was accepted.
 */
export async function activateInvitedMember(profile: UserProfileRecord, invited: MembershipRecord[]): Promise<void> {
  const { userId } = profile;
  // A membership whose role or status changed since it was read stays for the next profile load.
  const ignoreChanged = (error: unknown) => {
    if (!conditionFailed(error)) throw error;
  };
  const at = new Date().toISOString();
  await Promise.all([
    activateProfile(userId),
    ...invited.map((membership) =>
      transact([
        {
          Update: {
            TableName: tableName(),
            Key: keys.membership(userId, membership.companyId),
            UpdateExpression: 'SET #status = :active',
            ConditionExpression: '#status = :invited AND #role = :role',
            ExpressionAttributeNames: { '#status': 'status', '#role': 'role' },
            ExpressionAttributeValues: { ':active': 'active', ':invited': 'invited', ':role': membership.role },
          },
        },
        ...(membership.role === 'owner' ? [ownerCountChange(membership.companyId, 1)] : []),
        auditPut({
          companyId: membership.companyId,
          actor: memberActor(profile, membership.role),
          action: 'team.join',
          target: { type: 'company', id: membership.companyId },
          before: {},
          after: memberFields(profile, membership.role),
          at,
        }),
      ]).catch(ignoreChanged),
    ),
  ]);
}

/** What a team record says of the member it concerns: who (by name and, hidden, by id) and their role. */
export function memberFields(person: { userId: string; name: string; surname: string }, role: CompanyRole): { userId: string; name: string; role: CompanyRole } {
  return { userId: person.userId, name: `${person.name} ${person.surname}`.trim(), role };
}
