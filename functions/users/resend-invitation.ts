import { DomainError } from '../platform/errors';
import { useCase } from '../platform/use-case';
import { invitationContext, resendInvitation } from './cognito-invitations';
import { currentCompany } from './current-company';
import { findMembership } from './team-store';
import { findProfile } from './user-repository';
import * as teamRoutes from '@shared/api/routes/team-routes';

/** A new link (and temporary password) for an invited member who has not signed in; the old link stops working. */
export const handler = useCase(teamRoutes.resendInvitation, async ({ caller, params }) => {
  const company = await currentCompany(caller);
  const [membership, profile] = await Promise.all([findMembership(company.companyId, params.userId), findProfile(params.userId)]);
  if (!membership || !profile) throw new DomainError(404, 'MEMBER_NOT_FOUND');
  if (profile.status !== 'created') throw new DomainError(409, 'NOT_INVITED');
  const sent = await resendInvitation(profile.email, invitationContext(company, caller.profile));
  if (!sent) throw new DomainError(409, 'NOT_INVITED');
  return { ok: true as const };
});
