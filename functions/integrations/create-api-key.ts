import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { apiKeyViewOf, createKey } from './api-key-store';
import * as integrationRoutes from '@shared/api/routes/integration-routes';

/** The answer is the only place the key's secret appears: the owner copies it into the system that will use it. */
export const handler = useCase(integrationRoutes.createApiKey, async ({ caller, body }) => {
  const actor = actorOfCaller(caller, 'company_user');
  const { record, secret } = await createKey(caller.companyId, { ...actor, userId: caller.userId, name: actor.name ?? caller.profile.email }, body);
  return { key: await apiKeyViewOf(caller.companyId, record), secret };
});
