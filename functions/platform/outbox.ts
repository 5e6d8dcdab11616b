import { randomBytes } from 'node:crypto';
import * as z from 'zod/mini';
import { keys, entities } from './keys';
import { logger } from './logger';
import type { Email } from './mailer';
import { tableName, type TransactItem } from './table';

/**
 * What must follow a change (a webhook event, the e-mails it triggers) is written in the change's own transaction as an
 * outbox item, and relayed to its queue from the table's stream (functions/platform/relay-outbox.ts) at least once:
 * a failed send or a function stopped after its commit loses nothing. Each queue's receiver takes a message twice
 * without doing its work twice (a webhook event by its id, an e-mail by its `id`).
 */

/**
 * The queues an outbox item may be relayed to; the relay reads each one's URL from its environment. `invoices`: a
 * credit note's PDF to make (issue 34), queued with the credit note's numbering.
 */
export const outboxQueues = ['webhooks', 'mail', 'invoices'] as const;
export type OutboxQueue = (typeof outboxQueues)[number];

/**
 * How long an outbox item stays (TTL, seconds): long after its stream record (kept 24 hours) has been relayed or given
 * up, so it can still be read (and relayed again by hand) when the relay's on-failure queue names it.
 */
export const outboxKeptSeconds = 7 * 24 * 60 * 60;

export const outboxItemSchema = /* @__PURE__ */ z.object({
  entity: z.literal(entities.outboxItem),
  outboxId: z.string().check(z.minLength(1)),
  queue: z.enum(outboxQueues),
  /** Each a message body, sent as it is: a change's e-mails are one item, so they take one of its 100 places. */
  messages: z.array(z.string()).check(z.minLength(1)),
  correlationId: z.optional(z.string()),
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;

export function newOutboxId(now = Date.now()): string {
  return `${now.toString(36).padStart(9, '0')}${randomBytes(9).toString('base64url')}`;
}

/**
 * The transaction item that sends `messages` to `queue` once the transaction commits. `build` gets the item's id, so a
 * message can carry it (an e-mail's id, by which the mail worker sends it once).
 */
export function outboxPut(queue: OutboxQueue, build: (outboxId: string) => string[], now = new Date()): TransactItem {
  const outboxId = newOutboxId(now.getTime());
  const correlationId: unknown = logger.getCorrelationId();
  const item: OutboxItem = {
    entity: entities.outboxItem,
    outboxId,
    queue,
    messages: build(outboxId),
    ...(typeof correlationId === 'string' && correlationId !== '' ? { correlationId } : {}),
  };
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.outboxItem(outboxId), ...item, createdAt: now.toISOString(), expiresAt: Math.floor(now.getTime() / 1000) + outboxKeptSeconds },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * The transaction item that sends the e-mails a change triggers once it commits (none when there are none): each gets
 * an id of the outbox item's, by which the mail worker sends it once however often it is relayed.
 */
export function emailsPut(emails: readonly Email[], now = new Date()): TransactItem[] {
  if (emails.length === 0) return [];
  return [outboxPut('mail', (outboxId) => emails.map((email, index) => JSON.stringify({ ...email, id: `${outboxId}.${index}` } satisfies Email)), now)];
}
