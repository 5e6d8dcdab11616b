import { useCase } from '../platform/use-case';
import { apiKeyViews, listKeys } from './api-key-store';
import * as integrationRoutes from '@shared/api/routes/integration-routes';

export const handler = useCase(integrationRoutes.listApiKeys, async ({ caller }) => ({ rows: await apiKeyViews(caller.companyId, await listKeys(caller.companyId)) }));
