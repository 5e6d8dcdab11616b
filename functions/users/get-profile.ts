import { useCase } from '../platform/use-case';
import { buildProfile } from './build-profile';
import { isUnrecordedSignIn, recordSignIn } from './sign-ins';
import { activateInvitedMember } from './team-store';
import { withCompanies } from './user-repository';
import * as sessionRoutes from '@shared/api/routes/session-routes';

export const handler = useCase(sessionRoutes.getProfile, async ({ caller }) => {
  const invited = caller.memberships.filter((m) => m.status === 'invited');
  // The first profile load after an invitation is the person's first sign-in: from now on they are active.
  const activating = invited.length > 0 || caller.profile.status === 'created';
  const signedIn = caller.session && isUnrecordedSignIn(caller.profile, caller.session.authTime) ? caller.session : null;
  const [memberships] = await Promise.all([
    withCompanies(caller.memberships),
    activating ? activateInvitedMember(caller.profile, invited) : Promise.resolve(),
    signedIn ? recordSignIn(caller.profile, caller.memberships, signedIn.authTime, new Date()) : Promise.resolve(),
  ]);
  return buildProfile({ ...caller.profile, status: activating ? 'active' : caller.profile.status }, memberships, caller.isProviderAdmin);
});
