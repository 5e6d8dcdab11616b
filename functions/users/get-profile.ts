import { useCase } from '../platform/use-case';
import { buildProfile } from './build-profile';
import { activateInvitedMember } from './team-store';
import { withCompanies } from './user-repository';

export const handler = useCase('GET /users/profile', async ({ caller }) => {
  const invited = caller.memberships.filter((m) => m.status === 'invited');
  // The first profile load after an invitation is the person's first sign-in: from now on they are active.
  const activation = invited.length > 0 || caller.profile.status === 'created' ? activateInvitedMember(caller.userId, invited) : null;
  const memberships = await withCompanies(caller.memberships);
  await activation;
  return buildProfile({ ...caller.profile, status: activation ? 'active' : caller.profile.status }, memberships, caller.isProviderAdmin);
});
