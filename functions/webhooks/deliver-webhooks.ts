import type { SQSRecord } from 'aws-lambda';
import { queueWorker } from '../platform/queue-worker';
import { attemptDelivery, fanOut } from './deliveries';
import { webhookMessageSchema } from './publish-event';

/**
 * The webhooks queue's worker: an event is fanned out to the company's endpoints that chose it (each delivery written
 * once, then posted at once); a delivery message is a due attempt. A failed post is not a failed record: the delivery
 * keeps its own retry schedule (functions/webhooks/deliveries.ts); a record fails only when the table, the queue or
 * the key does, and SQS tries it again. The records of a batch are worked at once: they are often different
 * companies', and one company's endpoint that answers only at its deadline must not hold back another's delivery.
 */
export const handler = queueWorker({ name: 'webhook', work, concurrent: true });

async function work(record: SQSRecord): Promise<void> {
  const message = webhookMessageSchema.parse(JSON.parse(record.body));
  if (message.kind === 'event') await fanOut(message.event);
  else await attemptDelivery(message.endpointId, message.deliveryId);
}
