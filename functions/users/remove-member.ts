import { DomainError } from '../platform/errors';
import { useCase } from '../platform/use-case';
import { findMembership, removeMembership } from './team-store';
import * as teamRoutes from '@shared/api/routes/team-routes';

/** The person loses this company only; their account and other companies stay (a current company falls back). */
export const handler = useCase(teamRoutes.removeMember, async ({ caller, params }) => {
  const membership = await findMembership(caller.companyId, params.userId);
  if (!membership) throw new DomainError(404, 'MEMBER_NOT_FOUND');
  await removeMembership(membership);
  return { ok: true as const };
});
