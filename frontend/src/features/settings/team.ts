import { inviteMemberSchema, type InviteMemberValues } from '@shared/team';
import { zodValidate } from '@frontend/lib/form-validation';

export const inviteFields = ['email', 'name', 'surname', 'role'] as const;
export type InviteField = (typeof inviteFields)[number];
export const emptyInvitation: InviteMemberValues = { email: '', name: '', surname: '', role: 'accountant' };
export const validateInvitation = zodValidate<InviteMemberValues>(inviteMemberSchema);

/** The team list's cache key: per company, so a switch never shows the previous company's team. */
export const teamQueryKey = (companyId: string) => ['team', companyId] as const;
