import { useCase } from '../platform/use-case';
import { buildProfile } from './build-profile';
import { listMemberships } from './user-repository';

export const handler = useCase('GET /users/profile', async ({ caller }) => {
  const memberships = await listMemberships(caller.userId);
  return buildProfile(caller.profile, memberships, caller.isProviderAdmin);
});
