import * as z from 'zod/mini';
import { webhookDeliveryEventTypeSchema, webhookTestEventType, type WebhookEventType } from '@shared/webhooks';
import type { WebhookEventData } from '@shared/webhook-events';
import { outboxPut } from '../platform/outbox';
import type { TransactItem } from '../platform/table';
import { newEventId } from './webhook-records';

// Apart from deliveries.ts: every function that changes something publishes, and none of them may carry the delivery's
// signing path (the KMS client and the secrets' sealing) in its bundle, nor (since the outbox) the SQS client.

/** An event as published: its id is every delivery's webhook-id. */
export const webhookEventSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  companyId: z.string(),
  type: webhookDeliveryEventTypeSchema,
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
  /** The one endpoint a test event goes to; an event without it goes to every endpoint that chose its type. */
  endpointId: z.optional(z.string()),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** The webhooks queue's two kinds of message: an event to fan out, or a delivery whose attempt is due. */
export const webhookMessageSchema = /* @__PURE__ */ z.union([
  z.object({ kind: z.literal('event'), event: webhookEventSchema }),
  z.object({ kind: z.literal('delivery'), endpointId: z.string(), deliveryId: z.string() }),
]);
export type WebhookMessage = z.infer<typeof webhookMessageSchema>;

/**
 * The transaction item that tells the company's systems of a change: put it in the change's own transaction, so the
 * event is sent exactly when the change commits (the outbox, functions/platform/outbox.ts). Relayed to the webhooks
 * queue, it is fanned out to the company's endpoints that chose the event; relayed twice, its id makes it one event.
 */
export function webhookEventPut<T extends WebhookEventType>(companyId: string, type: T, data: WebhookEventData<T>, now = new Date()): TransactItem {
  const event: WebhookEvent = { id: newEventId(now.getTime()), companyId, type, timestamp: now.toISOString(), data };
  return outboxPut('webhooks', () => [JSON.stringify({ kind: 'event', event } satisfies WebhookMessage)], now);
}

/** "Send test event": a `webhook.test` event for one endpoint, through the outbox like every event (put it beside its audit record). */
export function webhookTestEventPut(companyId: string, endpointId: string, now = new Date()): { eventId: string; item: TransactItem } {
  const event: WebhookEvent = { id: newEventId(now.getTime()), companyId, type: webhookTestEventType, timestamp: now.toISOString(), data: { endpointId, test: true } satisfies WebhookEventData<'webhook.test'>, endpointId };
  return { eventId: event.id, item: outboxPut('webhooks', () => [JSON.stringify({ kind: 'event', event } satisfies WebhookMessage)], now) };
}
