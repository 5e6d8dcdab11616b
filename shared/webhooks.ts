import * as z from 'zod/mini';

/**
 * Webhooks (issue 20): a company's owners register HTTPS endpoints, and the portal posts them the events they chose,
 * signed per the Standard Webhooks specification (webhook-id, webhook-timestamp, webhook-signature: v1 HMAC-SHA256 over
 * `id.timestamp.body` with the endpoint's `whsec_` secret).
 */
export const webhookEventTypes = [
  'employee.created',
  'card.status_changed',
  'funding.applied',
  'funding_file.applied',
  'funding_file.failed',
  'transaction.authorized',
  'transaction.settled',
  'transaction.reversed',
  'top_up.received',
  'report.ready',
  'approval.requested',
  'approval.decided',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
export const webhookEventTypeSchema = /* @__PURE__ */ z.enum(webhookEventTypes);
/**
 * The event "Send test event" posts to one endpoint, whatever events it chose: no endpoint subscribes to it, so it is
 * apart from webhookEventTypes (the events an endpoint chooses) but is a delivery's type like them.
 */
export const webhookTestEventType = 'webhook.test';
export const webhookDeliveryEventTypes = [...webhookEventTypes, webhookTestEventType] as const;
export type WebhookDeliveryEventType = (typeof webhookDeliveryEventTypes)[number];
export const webhookDeliveryEventTypeSchema = /* @__PURE__ */ z.enum(webhookDeliveryEventTypes);
/** How much of an endpoint's answer is kept with its delivery's last attempt (and shown in the log): its first bytes. */
export const webhookResponseBytes = 1024;

/**
 * When a failed delivery is tried again, in seconds after the previous attempt (the first attempt is at once): about
 * 27 hours in all, then the delivery ends failed (Standard Webhooks' suggested schedule).
 */
export const webhookRetrySeconds = [5, 5 * 60, 30 * 60, 2 * 60 * 60, 5 * 60 * 60, 10 * 60 * 60, 10 * 60 * 60] as const;
/** An endpoint whose deliveries have failed for this long, with none succeeding, is disabled and its owners told. */
export const webhookDisableAfterDays = 5;
/** How long an endpoint may take to answer a delivery. */
export const webhookTimeoutSeconds = 10;
/** A rotated-out secret still signs (beside the new one) for this long, so the receiver can switch without a gap. */
export const webhookSecretOverlapHours = 24;
export const webhookEndpointsPerCompany = 10;
/**
 * The purpose in every webhook signing secret's encryption context (functions/webhooks/signing-secrets.ts): the
 * functions' grants on the KMS key hold only for it (infra/stacks/stateless-stack.ts).
 */
export const webhookSecretPurpose = 'webhook-signing-secret';
/** Deliveries are kept (and shown in the log) this long. */
export const webhookDeliveryDays = 30;

export const webhookUrlMaxLength = 500;
const webhookUrlSchema = /* @__PURE__ */ z.string().check(
  z.trim(),
  z.minLength(1, { error: 'REQUIRED' }),
  z.maxLength(webhookUrlMaxLength, { error: 'TEXT_TOO_LONG' }),
  z.refine((value) => URL.canParse(value) && ['https:', 'http:'].includes(new URL(value).protocol), { error: 'INVALID_WEBHOOK_URL' }),
);
const eventsSchema = /* @__PURE__ */ z.array(webhookEventTypeSchema).check(
  z.minLength(1, { error: 'LIST_REQUIRED' }),
  z.refine((events) => new Set(events).size === events.length, { error: 'DUPLICATE_OPTION' }),
);

export const createWebhookEndpointBodySchema = /* @__PURE__ */ z.object({ url: webhookUrlSchema, events: eventsSchema });
export type CreateWebhookEndpointBody = z.input<typeof createWebhookEndpointBodySchema>;
export const updateWebhookEndpointBodySchema = /* @__PURE__ */ z.object({ events: z.optional(eventsSchema), enabled: z.optional(z.boolean()) });
export const webhookEndpointIdParamsSchema = /* @__PURE__ */ z.object({ endpointId: z.string().check(z.regex(/^ep_[a-z0-9]{16}$/, { error: 'INVALID_VALUE' })) });
export const webhookDeliveryParamsSchema = /* @__PURE__ */ z.object({
  endpointId: z.string().check(z.regex(/^ep_[a-z0-9]{16}$/, { error: 'INVALID_VALUE' })),
  deliveryId: z.string().check(z.regex(/^msg_[A-Za-z0-9_-]{10,40}$/, { error: 'INVALID_VALUE' })),
});

export const webhookEndpointStatuses = ['enabled', 'disabled'] as const;
export const webhookEndpointViewSchema = /* @__PURE__ */ z.object({
  endpointId: z.string(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  status: z.enum(webhookEndpointStatuses),
  /** Why it is disabled: its owner's choice, or its deliveries failing for days. */
  disabledReason: z.nullable(z.enum(['owner', 'failing'])),
  createdAt: z.string(),
  /** Since when its deliveries have been failing, with none succeeding since; null while they succeed. */
  failingSince: z.nullable(z.string()),
  /** Until when a rotated-out secret still signs beside the new one. */
  previousSecretUntil: z.nullable(z.string()),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointViewSchema>;
export const webhookEndpointListSchema = /* @__PURE__ */ z.object({ rows: z.array(webhookEndpointViewSchema) });
/** The answer that makes an endpoint or rotates its secret: the only time the secret is shown. */
export const webhookEndpointWithSecretSchema = /* @__PURE__ */ z.object({ endpoint: webhookEndpointViewSchema, secret: z.string() });

export const webhookDeliveryStatuses = ['pending', 'sending', 'delivered', 'retrying', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];
export const webhookDeliveryViewSchema = /* @__PURE__ */ z.object({
  deliveryId: z.string(),
  eventType: webhookDeliveryEventTypeSchema,
  /** The body posted, as it is signed. */
  payload: z.string(),
  /** The first webhookResponseBytes of the endpoint's answer to the last attempt (as UTF-8 text); null before one answered. */
  lastResponseBody: z.nullable(z.string()),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.int(),
  lastStatusCode: z.nullable(z.int()),
  lastLatencyMs: z.nullable(z.int()),
  lastError: z.nullable(z.string()),
  lastAttemptAt: z.nullable(z.string()),
  nextAttemptAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryViewSchema>;
export const webhookDeliveryListSchema = /* @__PURE__ */ z.object({ rows: z.array(webhookDeliveryViewSchema) });
/** The answer to "Send test event": the event's id, which its delivery in the log carries. */
export const webhookTestEventAnswerSchema = /* @__PURE__ */ z.object({ eventId: z.string() });
