import type { SQSRecord } from 'aws-lambda';
import { queueWorker } from '../platform/queue-worker';
import { attemptDelivery, fanOut, webhookMessageSchema } from './deliveries';

/**
 * The webhooks queue's worker: an event is fanned out to the company's endpoints that chose it (each delivery written
 * once, then posted at once); a delivery message is a due attempt. A failed post is not a failed record: the delivery
 * keeps its own retry schedule (functions/webhooks/deliveries.ts); a record fails only when the table or the queue
 * does, and SQS tries it again.
 */
export const handler = queueWorker({ name: 'webhook', work });

async function work(record: SQSRecord): Promise<void> {
  const message = webhookMessageSchema.parse(JSON.parse(record.body));
  if (message.kind === 'event') await fanOut(message.event);
  else await attemptDelivery(message.endpointId, message.deliveryId);
}
