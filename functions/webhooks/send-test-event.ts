import { actorOfCaller } from '../platform/audit';
import { DomainError } from '../platform/errors';
import { transact } from '../platform/table';
import { useCase } from '../platform/use-case';
import { readEndpoint, testEventRecord } from './endpoint-store';
import { webhookTestEventPut } from './publish-event';
import * as webhookRoutes from '@shared/api/routes/webhook-routes';

/**
 * "Send test event": a `webhook.test` event for this endpoint only, committed with its audit record and relayed by the
 * outbox like every event, so it shows in the delivery log as any delivery does. A disabled endpoint gets nothing.
 */
export const handler = useCase(webhookRoutes.sendWebhookTestEvent, async ({ caller, params }) => {
  const endpoint = await readEndpoint(caller.companyId, params.endpointId);
  if (endpoint.status !== 'enabled') throw new DomainError(409, 'WEBHOOK_ENDPOINT_DISABLED');
  const now = new Date();
  const { eventId, item } = webhookTestEventPut(caller.companyId, endpoint.endpointId, now);
  await transact([item, testEventRecord(endpoint, actorOfCaller(caller, 'company_user'), eventId, now.toISOString())]);
  return { eventId };
});
