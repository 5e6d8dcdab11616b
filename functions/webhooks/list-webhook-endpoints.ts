import { useCase } from '../platform/use-case';
import { companyEndpoints } from './webhook-records';
import { endpointView } from './webhook-records';
import * as webhookRoutes from '@shared/api/routes/webhook-routes';

export const handler = useCase(webhookRoutes.listWebhookEndpoints, async ({ caller }) => ({
  rows: (await companyEndpoints(caller.companyId)).sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map((endpoint) => endpointView(endpoint)),
}));
