import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { deleteEndpoint } from './endpoint-store';
import * as webhookRoutes from '@shared/api/routes/webhook-routes';

/** Its deliveries stay in the table until their TTL; with no endpoint, a due one ends failed without a post. */
export const handler = useCase(webhookRoutes.deleteWebhookEndpoint, async ({ caller, params }) => {
  await deleteEndpoint(caller.companyId, params.endpointId, actorOfCaller(caller, 'company_user'));
  return { ok: true as const };
});
