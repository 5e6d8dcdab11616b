import { actorOfCaller, auditPut } from '../platform/audit';
import { DomainError } from '../platform/errors';
import { useCase } from '../platform/use-case';
import { invitationContext, resendInvitation } from './cognito-invitations';
import { currentCompany } from './current-company';
import { findMembership, memberFields } from './team-store';
import { findProfile } from './user-repository';
import { recordAfterCognito } from '../platform/records-after-cognito';
import * as teamRoutes from '@shared/api/routes/team-routes';

/**
 * A new link (and temporary password) for an invited member who has not signed in; the old link stops working. The
 * change is Cognito's, so it is recorded right after it (recordAfterCognito).
 */
export const handler = useCase(teamRoutes.resendInvitation, async ({ caller, params }) => {
  const company = await currentCompany(caller);
  const [membership, profile] = await Promise.all([findMembership(company.companyId, params.userId), findProfile(params.userId)]);
  if (!membership || !profile) throw new DomainError(404, 'MEMBER_NOT_FOUND');
  if (profile.status !== 'created') throw new DomainError(409, 'NOT_INVITED');
  const sent = await resendInvitation(profile.email, invitationContext(company, caller.profile));
  if (!sent) throw new DomainError(409, 'NOT_INVITED');
  await recordAfterCognito([
    auditPut({
      companyId: company.companyId,
      actor: actorOfCaller(caller, 'company_user'),
      action: 'team.invitation_resend',
      target: { type: 'company', id: company.companyId },
      before: {},
      after: { ...memberFields(profile, membership.role), email: profile.email },
      at: new Date().toISOString(),
    }),
  ]);
  return { ok: true as const };
});
