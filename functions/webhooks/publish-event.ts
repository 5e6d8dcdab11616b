import { SendMessageCommand } from '@aws-sdk/client-sqs';
import * as z from 'zod/mini';
import { webhookEventTypeSchema, type WebhookEventType } from '@shared/webhooks';
import { sqs } from '../platform/aws/sqs';
import { env } from '../platform/env';
import { correlationAttributes, logger } from '../platform/logger';
import { readableError } from '../platform/readable-error';
import { newEventId } from './webhook-records';

// Apart from deliveries.ts: every function that changes something publishes, and none of them may carry the delivery's
// signing path (the KMS client and the secrets' sealing) in its bundle.

/** An event as published: its id is every delivery's webhook-id. */
export const webhookEventSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  companyId: z.string(),
  type: webhookEventTypeSchema,
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** The webhooks queue's two kinds of message: an event to fan out, or a delivery whose attempt is due. */
export const webhookMessageSchema = /* @__PURE__ */ z.union([
  z.object({ kind: z.literal('event'), event: webhookEventSchema }),
  z.object({ kind: z.literal('delivery'), endpointId: z.string(), deliveryId: z.string() }),
]);
export type WebhookMessage = z.infer<typeof webhookMessageSchema>;

/**
 * Tells the company's systems of a change that has happened (its transaction committed): one message on the webhooks
 * queue, which fans it out to the company's endpoints that chose the event. A failure to queue is logged, never
 * thrown: the change stands whatever its telling does.
 */
export async function publishEvent(companyId: string, type: WebhookEventType, data: Record<string, unknown>, now = new Date()): Promise<void> {
  const event: WebhookEvent = { id: newEventId(now.getTime()), companyId, type, timestamp: now.toISOString(), data };
  try {
    await sqs.send(new SendMessageCommand({ QueueUrl: env().WEBHOOKS_QUEUE_URL, MessageBody: JSON.stringify({ kind: 'event', event } satisfies WebhookMessage), ...correlationAttributes() }));
  } catch (error) {
    logger.error('webhook event not queued', { companyId, type, eventId: event.id, error: await readableError(error) });
  }
}
