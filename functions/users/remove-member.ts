import { actorOfCaller, auditPut } from '../platform/audit';
import { DomainError } from '../platform/errors';
import { useCase } from '../platform/use-case';
import { revocationsOfKeysMadeBy } from '../integrations';
import { findMembership, memberFields, removeMembership } from './team-store';
import { findProfile } from './user-repository';
import * as teamRoutes from '@shared/api/routes/team-routes';

/**
 * The person loses this company only; their account and other companies stay (a current company falls back). The
 * removal's audit record and the API keys they made that the owner chose to revoke go in the same transaction
 * (docs/decisions.md "Removing a member can revoke the keys they made").
 */
export const handler = useCase(teamRoutes.removeMember, async ({ caller, params, query }) => {
  const [membership, profile] = await Promise.all([findMembership(caller.companyId, params.userId), findProfile(params.userId)]);
  if (!membership || !profile) throw new DomainError(404, 'MEMBER_NOT_FOUND');
  const actor = actorOfCaller(caller, 'company_user');
  const revocations = await revocationsOfKeysMadeBy(caller.companyId, membership.userId, query.revokeApiKeyIds ?? [], actor);
  const removal = auditPut({
    companyId: caller.companyId,
    actor,
    action: 'team.remove',
    target: { type: 'company', id: caller.companyId },
    before: memberFields(profile, membership.role),
    after: {},
    at: new Date().toISOString(),
  });
  await removeMembership(membership, [removal, ...revocations.items]);
  return { ok: true as const, revokedApiKeyIds: revocations.keyIds };
});
