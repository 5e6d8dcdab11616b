import { useCase } from '../platform/use-case';
import { buildProfile } from './build-profile';
import { withCompanies } from './user-repository';

export const handler = useCase('GET /users/profile', async ({ caller }) => {
  const memberships = await withCompanies(caller.memberships);
  return buildProfile(caller.profile, memberships, caller.isProviderAdmin);
});
