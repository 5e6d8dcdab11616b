import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { createEndpoint } from './endpoint-store';
import { endpointView } from './webhook-records';
import * as webhookRoutes from '@shared/api/routes/webhook-routes';

/** The answer is the only place the endpoint's secret appears: the owner gives it to the receiving system. */
export const handler = useCase(webhookRoutes.createWebhookEndpoint, async ({ caller, body }) => {
  const { endpoint, secret } = await createEndpoint(caller.companyId, caller.userId, body, actorOfCaller(caller, 'company_user'));
  return { endpoint: endpointView(endpoint), secret };
});
