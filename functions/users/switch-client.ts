import { useCase } from '../platform/use-case';
import { buildProfile } from './build-profile';
import { switchCurrentCompany, withCompanies } from './user-repository';

export const handler = useCase('POST /switch/client', async ({ caller, body }) => {
  await switchCurrentCompany(caller.userId, body.companyId);
  const memberships = await withCompanies(caller.memberships);
  const profile = buildProfile({ ...caller.profile, currentCompanyId: body.companyId }, memberships, caller.isProviderAdmin);
  // The company lives server-side, so the Cognito token the browser holds stays valid: nothing new to store.
  return { accessToken: null, profile };
});
