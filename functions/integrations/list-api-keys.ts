import { useCase } from '../platform/use-case';
import { apiKeyView, listKeys } from './api-key-store';
import * as integrationRoutes from '@shared/api/routes/integration-routes';

export const handler = useCase(integrationRoutes.listApiKeys, async ({ caller }) => ({ rows: (await listKeys(caller.companyId)).map(apiKeyView) }));
