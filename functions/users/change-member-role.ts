import { DomainError } from '../platform/errors';
import { useCase } from '../platform/use-case';
import { changeRole, findMembership, teamMemberOf } from './team-store';
import { findProfile } from './user-repository';
import * as teamRoutes from '@shared/api/routes/team-routes';

export const handler = useCase(teamRoutes.changeMemberRole, async ({ caller, params, body }) => {
  const [membership, profile] = await Promise.all([findMembership(caller.companyId, params.userId), findProfile(params.userId)]);
  if (!membership || !profile) throw new DomainError(404, 'MEMBER_NOT_FOUND');
  if (membership.role !== body.role) await changeRole(membership, body.role);
  return { member: teamMemberOf({ ...membership, role: body.role }, profile) };
});
