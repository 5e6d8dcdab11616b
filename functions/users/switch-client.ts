import { DomainError } from '../platform/errors';
import { useCase } from '../platform/use-case';
import { buildProfile } from './build-profile';
import { saveCurrentCompany, withCompanies } from './user-repository';

export const handler = useCase('POST /switch/client', async ({ caller, body }) => {
  const memberships = await withCompanies(caller.memberships);
  if (!memberships.some((m) => m.company.companyId === body.companyId)) {
    throw new DomainError(403, 'NOT_A_MEMBER', { companyId: 'NOT_A_MEMBER' });
  }
  await saveCurrentCompany(caller.userId, body.companyId);
  const profile = buildProfile({ ...caller.profile, currentCompanyId: body.companyId }, memberships, caller.isProviderAdmin);
  // The company lives server-side, so the Cognito token the browser holds stays valid: nothing new to store.
  return { accessToken: null, profile };
});
