import * as z from 'zod/mini';
import type { IssuerCardAction } from './cards';

/**
 * What the card issuer reports to our webhook (POST /issuer/events), signed with HMAC-SHA256 over
 * `<timestamp>.<raw body>` in the `Issuer-Signature: t=<unix seconds>,v1=<hex>` header.
 */
export const issuerEventTypes = {
  'card.delivered': 'deliver',
  'card.suspended': 'suspend',
  'card.blocked': 'hard_block',
  'card.reactivated': 'reactivate',
  'card.expired': 'expire',
  'card.removed': 'remove',
} as const satisfies Record<string, IssuerCardAction>;
export type IssuerEventType = keyof typeof issuerEventTypes;

export const issuerEventSchema = /* @__PURE__ */ z.object({
  eventId: z.string().check(z.minLength(1), z.maxLength(200)),
  type: z.enum(Object.keys(issuerEventTypes) as [IssuerEventType, ...IssuerEventType[]]),
  cardId: z.string().check(z.minLength(1), z.maxLength(200)),
  occurredAt: z.iso.datetime(),
});
export type IssuerEvent = z.infer<typeof issuerEventSchema>;

export const issuerSignatureHeader = 'issuer-signature';
/** A signed event older than this is refused: a captured request cannot be replayed days later. */
export const issuerSignatureToleranceSeconds = 300;

export const issuerEventAnswerSchema = /* @__PURE__ */ z.object({ received: z.literal(true), applied: z.boolean() });
