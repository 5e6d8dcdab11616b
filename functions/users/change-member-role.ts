import { actorOfCaller, auditPut } from '../platform/audit';
import { DomainError } from '../platform/errors';
import { useCase } from '../platform/use-case';
import { changeRole, findMembership, memberFields, teamMemberOf } from './team-store';
import { findProfile } from './user-repository';
import * as teamRoutes from '@shared/api/routes/team-routes';

export const handler = useCase(teamRoutes.changeMemberRole, async ({ caller, params, body }) => {
  const [membership, profile] = await Promise.all([findMembership(caller.companyId, params.userId), findProfile(params.userId)]);
  if (!membership || !profile) throw new DomainError(404, 'MEMBER_NOT_FOUND');
  if (membership.role !== body.role) {
    const record = auditPut({
      companyId: caller.companyId,
      actor: actorOfCaller(caller, 'company_user'),
      action: 'team.role_change',
      target: { type: 'company', id: caller.companyId },
      before: memberFields(profile, membership.role),
      after: memberFields(profile, body.role),
      at: new Date().toISOString(),
    });
    await changeRole(membership, body.role, record);
  }
  return { member: teamMemberOf({ ...membership, role: body.role }, profile) };
});
