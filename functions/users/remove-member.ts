import { actorOfCaller } from '../platform/audit';
import { DomainError } from '../platform/errors';
import { useCase } from '../platform/use-case';
import { revocationsOfKeysMadeBy } from '../integrations';
import { findMembership, removeMembership } from './team-store';
import * as teamRoutes from '@shared/api/routes/team-routes';

/**
 * The person loses this company only; their account and other companies stay (a current company falls back). The API
 * keys they made that the owner chose to revoke go in the same transaction (docs/decisions.md "Removing a member can
 * revoke the keys they made").
 */
export const handler = useCase(teamRoutes.removeMember, async ({ caller, params, query }) => {
  const membership = await findMembership(caller.companyId, params.userId);
  if (!membership) throw new DomainError(404, 'MEMBER_NOT_FOUND');
  const revocations = await revocationsOfKeysMadeBy(caller.companyId, membership.userId, query.revokeApiKeyIds ?? [], actorOfCaller(caller, 'company_user'));
  await removeMembership(membership, revocations.items);
  return { ok: true as const, revokedApiKeyIds: revocations.keyIds };
});
