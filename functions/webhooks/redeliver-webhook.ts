import { actorOfCaller } from '../platform/audit';
import { notFound } from '../platform/errors';
import { useCase } from '../platform/use-case';
import { redeliver } from './deliveries';
import { readEndpoint, redeliveryRecord } from './endpoint-store';
import { deliveryView } from './webhook-records';
import * as webhookRoutes from '@shared/api/routes/webhook-routes';

/** Sends one delivery again at once (the endpoint gets the same webhook-id, so it can tell it from a new event). */
export const handler = useCase(webhookRoutes.redeliverWebhook, async ({ caller, params }) => {
  const endpoint = await readEndpoint(caller.companyId, params.endpointId);
  const delivery = await redeliver(caller.companyId, params.endpointId, params.deliveryId, redeliveryRecord(endpoint, actorOfCaller(caller, 'company_user')));
  if (!delivery) throw notFound('NOT_FOUND');
  return deliveryView(delivery);
});
