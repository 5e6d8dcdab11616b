import type { CompanyRole } from '@shared/roles';
import { findProfileByEmail } from './profiles';
import { actorOfCaller, auditPut } from '../platform/audit';
import type { MemberCaller } from '../platform/caller';
import { useCase } from '../platform/use-case';
import type { UserProfileRecord } from '../platform/identity-records';
import { createInvitedAccount, invitationContext, removeInvitedAccount, resendInvitation } from './cognito-invitations';
import { currentCompany } from './current-company';
import { addMember, memberFields, teamMemberOf } from './team-store';
import * as teamRoutes from '@shared/api/routes/team-routes';

/** The invitation's audit record, written in the membership's transaction. */
function invitationRecord(caller: MemberCaller, person: UserProfileRecord, role: CompanyRole, at: string) {
  return auditPut({
    companyId: caller.companyId,
    actor: actorOfCaller(caller, 'company_user'),
    action: 'team.invite',
    target: { type: 'company', id: caller.companyId },
    before: {},
    after: { ...memberFields(person, role), email: person.email },
    at,
  });
}

/**
 * An owner invites a colleague by e-mail with a role. Someone new to the portal gets an account and an e-mailed
 * link to set a password; someone with an account already gets the company in their client switcher at once
 * (and, if they never signed in, their invitation e-mail again). An account made in Cognito is recorded right
 * after, in the membership's transaction; if that fails the account is removed again, so none is left unrecorded.
 */
export const handler = useCase(teamRoutes.inviteMember, async ({ caller, body }) => {
  const company = await currentCompany(caller);
  const email = body.email.toLowerCase();
  const context = invitationContext(company, caller.profile);
  const invitedAt = new Date().toISOString();
  const existing = await findProfileByEmail(email);

  if (existing) {
    const neverSignedIn = existing.status === 'created';
    const membership = await addMember(
      { companyId: company.companyId, userId: existing.userId, role: body.role, status: neverSignedIn ? 'invited' : 'active', invitedAt },
      null,
      invitationRecord(caller, existing, body.role, invitedAt),
    );
    if (neverSignedIn) await resendInvitation(email, context);
    return { member: teamMemberOf(membership, existing) };
  }

  const language = caller.profile.language;
  const userId = await createInvitedAccount({ email, name: body.name, surname: body.surname, language });
  const profile: UserProfileRecord = {
    userId,
    email,
    name: body.name,
    surname: body.surname,
    phone: null,
    status: 'created',
    language,
    currentCompanyId: company.companyId,
    tokensValidAfter: 0,
  };
  let membership;
  try {
    membership = await addMember({ companyId: company.companyId, userId, role: body.role, status: 'invited', invitedAt }, profile, invitationRecord(caller, profile, body.role, invitedAt));
  } catch (error) {
    await removeInvitedAccount(email);
    throw error;
  }
  // The member is recorded; an invitation that fails to go out now can be sent again from the team list.
  await resendInvitation(email, context);
  return { member: teamMemberOf(membership, profile) };
});
