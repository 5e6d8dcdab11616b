import { DomainError } from '../platform/errors';
import { useCase } from '../platform/use-case';
import { apiKeyViews, liveKeysMadeBy } from '../integrations';
import { findMembership } from './team-store';
import * as teamRoutes from '@shared/api/routes/team-routes';

/** What the removal dialog offers to revoke with the member: the live keys they made for this company. */
export const handler = useCase(teamRoutes.listMemberApiKeys, async ({ caller, params }) => {
  if (!(await findMembership(caller.companyId, params.userId))) throw new DomainError(404, 'MEMBER_NOT_FOUND');
  return { rows: await apiKeyViews(caller.companyId, await liveKeysMadeBy(caller.companyId, params.userId)) };
});
