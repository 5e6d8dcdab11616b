import { useCase } from '../platform/use-case';
import { buildProfile } from './build-profile';
import { switchCurrentCompany, withCompanies } from './user-repository';
import * as sessionRoutes from '@shared/api/routes/session-routes';

export const handler = useCase(sessionRoutes.switchClient, async ({ caller, body }) => {
  await switchCurrentCompany(caller.userId, body.companyId);
  const memberships = await withCompanies(caller.memberships);
  const profile = buildProfile({ ...caller.profile, currentCompanyId: body.companyId }, memberships, caller.isProviderAdmin);
  // The company lives server-side, so the Cognito token the browser holds stays valid: nothing new to store.
  return { accessToken: null, profile };
});
