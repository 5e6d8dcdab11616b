import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { updateEndpoint } from './endpoint-store';
import { endpointView } from './webhook-records';
import * as webhookRoutes from '@shared/api/routes/webhook-routes';

export const handler = useCase(webhookRoutes.updateWebhookEndpoint, async ({ caller, params, body }) => endpointView(await updateEndpoint(caller.companyId, params.endpointId, body, actorOfCaller(caller, 'company_user'))));
