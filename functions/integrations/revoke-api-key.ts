import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { apiKeyView, revokeKey } from './api-key-store';
import * as integrationRoutes from '@shared/api/routes/integration-routes';

export const handler = useCase(integrationRoutes.revokeApiKey, async ({ caller, params }) =>
  apiKeyView(await revokeKey(caller.companyId, params.keyId, actorOfCaller(caller, 'company_user'))),
);
