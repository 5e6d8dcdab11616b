import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { apiKeyViewOf, revokeKey } from './api-key-store';
import * as integrationRoutes from '@shared/api/routes/integration-routes';

export const handler = useCase(integrationRoutes.revokeApiKey, async ({ caller, params }) =>
  apiKeyViewOf(caller.companyId, await revokeKey(caller.companyId, params.keyId, actorOfCaller(caller, 'company_user'))),
);
