import { inviteMemberSchema, type InviteMemberValues, type TeamMember } from '@shared/team';
import { zodValidate } from '@frontend/lib/form-validation';

export const inviteFields = ['email', 'name', 'surname', 'role'] as const;
export type InviteField = (typeof inviteFields)[number];
export const emptyInvitation: InviteMemberValues = { email: '', name: '', surname: '', role: 'accountant' };
export const validateInvitation = zodValidate<InviteMemberValues>(inviteMemberSchema);

/**
 * The company's only active owner, whom nobody may demote or remove (the API refuses with LAST_OWNER); null while
 * there are more. An invited owner does not count: they could not manage the team before signing in.
 */
export function lastOwnerOf(members: readonly TeamMember[]): TeamMember | null {
  const owners = members.filter((member) => member.role === 'owner' && member.status === 'active');
  return owners.length === 1 ? (owners[0] ?? null) : null;
}
