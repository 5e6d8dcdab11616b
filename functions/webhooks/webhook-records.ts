import { randomBytes } from 'node:crypto';
import * as z from 'zod/mini';
import { keys } from '../platform/keys';
import { sealedSecretSchema } from '../platform/sealed-secret';
import { queryAll } from '../platform/table';
import { webhookDeliveryEventTypeSchema, webhookDeliveryStatuses, webhookEndpointStatuses, webhookEventTypeSchema, type WebhookDeliveryView, type WebhookEndpointView } from '@shared/webhooks';

/** A signing secret as stored since issue 30: sealed under its endpoint's context (functions/platform/secret-sealer.ts). */
export const sealedSigningSecretSchema = /* @__PURE__ */ z.object({ sealed: sealedSecretSchema, createdAt: z.string(), expiresAt: z.nullable(z.string()) });
export type SealedSigningSecret = z.infer<typeof sealedSigningSecretSchema>;
/**
 * A signing secret as endpoints made before issue 30 hold it, in plaintext: still read and signed with until the
 * migration (seal-webhook-secrets.ts, run at deploy) or a rotation seals it; never written.
 */
export const plaintextSigningSecretSchema = /* @__PURE__ */ z.object({ secret: z.string(), createdAt: z.string(), expiresAt: z.nullable(z.string()) });
export type StoredSigningSecret = SealedSigningSecret | z.infer<typeof plaintextSigningSecretSchema>;

export const webhookEndpointRecord = /* @__PURE__ */ z.object({
  endpointId: z.string(),
  companyId: z.string(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  status: z.enum(webhookEndpointStatuses),
  disabledReason: z._default(z.nullable(z.enum(['owner', 'failing'])), null),
  /** The signing secrets: the current one, and a rotated-out one until it expires. Sealed, as they are needed to sign. */
  secrets: z.array(z.union([sealedSigningSecretSchema, plaintextSigningSecretSchema])),
  createdAt: z.string(),
  createdBy: z.string(),
  failingSince: z._default(z.nullable(z.string()), null),
});
export type WebhookEndpointRecord = z.infer<typeof webhookEndpointRecord>;

export const webhookDeliveryRecord = /* @__PURE__ */ z.object({
  endpointId: z.string(),
  companyId: z.string(),
  deliveryId: z.string(),
  eventType: webhookDeliveryEventTypeSchema,
  /** The body posted, as it is signed: the same bytes on every attempt. */
  payload: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  /** Every attempt, the manual ones included. */
  attempts: z.int(),
  /** Failed attempts since the last success or redelivery: where the retry schedule stands. */
  failuresInRow: z._default(z.int(), 0),
  lastStatusCode: z._default(z.nullable(z.int()), null),
  lastLatencyMs: z._default(z.nullable(z.int()), null),
  lastError: z._default(z.nullable(z.string()), null),
  /** The first bytes of the endpoint's answer to the last attempt (webhookResponseBytes); deliveries before issue 32 have none. */
  lastResponseBody: z._default(z.nullable(z.string()), null),
  lastAttemptAt: z._default(z.nullable(z.string()), null),
  nextAttemptAt: z._default(z.nullable(z.string()), null),
  createdAt: z.string(),
});
export type WebhookDeliveryRecord = z.infer<typeof webhookDeliveryRecord>;

/** A new secret in Standard Webhooks' form: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function newEndpointId(): string {
  return `ep_${randomBytes(10).toString('hex').slice(0, 16)}`;
}

/** An event's id (its deliveries' webhook-id): the time first, so a log sorted by id reads in order. */
export function newEventId(now = Date.now()): string {
  return `msg_${now.toString(36).padStart(9, '0')}${randomBytes(9).toString('base64url')}`;
}

/** The secrets that sign now: the current one, and a rotated-out one until its overlap ends. */
export function signingSecrets<S extends Pick<StoredSigningSecret, 'expiresAt'>>(secrets: readonly S[], now = new Date()): S[] {
  return secrets.filter((secret) => secret.expiresAt === null || Date.parse(secret.expiresAt) > now.getTime());
}

export function endpointView(endpoint: WebhookEndpointRecord, now = new Date()): WebhookEndpointView {
  const previous = endpoint.secrets.find((secret) => secret.expiresAt !== null && Date.parse(secret.expiresAt) > now.getTime());
  return {
    endpointId: endpoint.endpointId,
    url: endpoint.url,
    events: endpoint.events,
    status: endpoint.status,
    disabledReason: endpoint.status === 'disabled' ? endpoint.disabledReason : null,
    createdAt: endpoint.createdAt,
    failingSince: endpoint.failingSince,
    previousSecretUntil: previous?.expiresAt ?? null,
  };
}

export function deliveryView(delivery: WebhookDeliveryRecord): WebhookDeliveryView {
  return {
    deliveryId: delivery.deliveryId,
    eventType: delivery.eventType,
    payload: delivery.payload,
    lastResponseBody: delivery.lastResponseBody,
    status: delivery.status,
    attempts: delivery.attempts,
    lastStatusCode: delivery.lastStatusCode,
    lastLatencyMs: delivery.lastLatencyMs,
    lastError: delivery.lastError,
    lastAttemptAt: delivery.lastAttemptAt,
    nextAttemptAt: delivery.status === 'retrying' ? delivery.nextAttemptAt : null,
    createdAt: delivery.createdAt,
  };
}

/** A company's endpoints, enabled or not. */
export async function companyEndpoints(companyId: string): Promise<WebhookEndpointRecord[]> {
  const { pk, skPrefix } = keys.webhookEndpoints(companyId);
  const items = await queryAll({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix } });
  return items.map((item) => webhookEndpointRecord.parse(item));
}
