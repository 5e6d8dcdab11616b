import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { rotateSecret } from './endpoint-store';
import { endpointView } from './webhook-records';
import * as webhookRoutes from '@shared/api/routes/webhook-routes';

export const handler = useCase(webhookRoutes.rotateWebhookSecret, async ({ caller, params }) => {
  const { endpoint, secret } = await rotateSecret(caller.companyId, params.endpointId, actorOfCaller(caller, 'company_user'));
  return { endpoint: endpointView(endpoint), secret };
});
