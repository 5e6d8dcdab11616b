import { useCase } from '../platform/use-case';
import { endpointDeliveries } from './endpoint-store';
import { deliveryView } from './webhook-records';
import * as webhookRoutes from '@shared/api/routes/webhook-routes';

export const handler = useCase(webhookRoutes.listWebhookDeliveries, async ({ caller, params }) => ({
  rows: (await endpointDeliveries(caller.companyId, params.endpointId)).map(deliveryView),
}));
