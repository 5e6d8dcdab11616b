import * as z from 'zod/mini';
import { defaultProviderName } from '@shared/brand';

/** What a Cognito trigger can be told: the user pool refers to it, so it cannot refer back to the pool or API. */
const triggerEnvSchema = /* @__PURE__ */ z.object({
  PORTAL_URL: z.url(),
  PROVIDER_NAME: z._default(z.string().check(z.minLength(1)), defaultProviderName),
});

/**
 * Everything an API handler reads from its environment. The stacks set these on every function; the local adapter
 * sets them for the emulators. AWS endpoints themselves come from the SDK's own AWS_ENDPOINT_URL_* variables.
 */
const envSchema = /* @__PURE__ */ z.extend(triggerEnvSchema, {
  AWS_REGION: z.string().check(z.minLength(1)),
  TABLE_NAME: z.string().check(z.minLength(1)),
  DOCUMENTS_BUCKET: z.string().check(z.minLength(1)),
  REPORTS_BUCKET: z.string().check(z.minLength(1)),
  REPORTS_QUEUE_URL: z.string().check(z.minLength(1)),
  EXPORTS_QUEUE_URL: z.string().check(z.minLength(1)),
  FUNDING_QUEUE_URL: z.string().check(z.minLength(1)),
  /** The queue of the portal's own e-mails (functions/platform/mailer.ts), which the mail worker sends. */
  MAIL_QUEUE_URL: z.string().check(z.minLength(1)),
  /** Webhook events and deliveries (functions/webhooks): every function that tells a company's systems something. */
  WEBHOOKS_QUEUE_URL: z.string().check(z.minLength(1)),
  /**
   * Lets webhook endpoints on this machine's loopback be registered and posted to: the local cloud's demo receiver.
   * Never set in a deployment, where loopback, private and link-local addresses are refused (SSRF).
   */
  WEBHOOKS_ALLOW_LOOPBACK: z._default(z.enum(['true', 'false']), 'false'),
  USER_POOL_ID: z.string().check(z.minLength(1)),
  USER_POOL_CLIENT_ID: z.string().check(z.minLength(1)),

  /** The sender of the portal's own e-mails (SES in the cloud, the local outbox on a laptop). */
  MAIL_FROM: z.email(),
  /** Where the provider's unseen-reply e-mails about support chats go; without it, to MAIL_FROM. */
  SUPPORT_EMAIL: z.optional(z.email()),
  /**
   * Which card issuer the deployment talks to (the deploy configuration's `issuerSandbox`; the local cloud always runs
   * the sandbox). Without one, ordering or changing a card answers CARD_ISSUER_NOT_CONFIGURED.
   */
  CARD_ISSUER: z._default(z.enum(['sandbox', 'none']), 'none'),
});
export type Env = z.infer<typeof envSchema>;

/**
 * The card issuer sandbox's settings, given to the functions that order or replace cards. They do not get the
 * webhook secret: ordering a card signs nothing.
 */
const issuerEnvSchema = /* @__PURE__ */ z.object({
  ISSUER_SANDBOX_QUEUE_URL: z.string().check(z.minLength(1)),
  /** How long the sandbox takes to deliver an ordered card (SQS allows a delay of at most 15 minutes). */
  ISSUER_SANDBOX_DELIVERY_SECONDS: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(900)), 60),
});
export type IssuerEnv = z.infer<typeof issuerEnvSchema>;
let parsedForIssuer: IssuerEnv | undefined;

export function issuerEnv(): IssuerEnv {
  parsedForIssuer ??= issuerEnvSchema.parse(process.env);
  return parsedForIssuer;
}

/**
 * The secret both ends sign webhook events with: in the cloud the ARN of a Secrets Manager secret, read at cold
 * start, so the value never sits in the function's configuration; locally the value itself (there is no Secrets
 * Manager emulator). Only the webhook and the sandbox's sender are given these.
 */
const issuerWebhookEnvSchema = /* @__PURE__ */ z.object({
    ISSUER_WEBHOOK_SECRET: z.optional(z.string().check(z.minLength(32))),
    ISSUER_WEBHOOK_SECRET_ARN: z.optional(z.string().check(z.minLength(1))),
    /** Where the sandbox posts its events: our webhook route, as an external issuer would. */
    ISSUER_WEBHOOK_URL: z.optional(z.url()),
  }).check(z.refine((value) => (value.ISSUER_WEBHOOK_SECRET === undefined) !== (value.ISSUER_WEBHOOK_SECRET_ARN === undefined), {
    message: 'set exactly one of ISSUER_WEBHOOK_SECRET and ISSUER_WEBHOOK_SECRET_ARN',
  }));
export type IssuerWebhookEnv = z.infer<typeof issuerWebhookEnvSchema>;
let parsedForWebhook: IssuerWebhookEnv | undefined;

export function issuerWebhookEnv(): IssuerWebhookEnv {
  parsedForWebhook ??= issuerWebhookEnvSchema.parse(process.env);
  return parsedForWebhook;
}
/**
 * The key that seals webhook signing secrets (functions/platform/secret-sealer.ts), exactly one of: in the cloud the ARN
 * of the KMS key that makes and opens their data keys (given only to the functions that seal or open one); locally a
 * 256-bit key of the local cloud's own, in base64, as there is no KMS emulator.
 */
const webhookSecretsEnvSchema = /* @__PURE__ */ z.object({
    WEBHOOK_SECRETS_KEY_ARN: z.optional(z.string().check(z.minLength(1))),
    WEBHOOK_SECRETS_LOCAL_KEY: z.optional(z.base64().check(z.refine((value) => Buffer.from(value, 'base64').byteLength === 32, { message: 'a 256-bit key in base64' }))),
  }).check(z.refine((value) => (value.WEBHOOK_SECRETS_KEY_ARN === undefined) !== (value.WEBHOOK_SECRETS_LOCAL_KEY === undefined), {
    message: 'set exactly one of WEBHOOK_SECRETS_KEY_ARN and WEBHOOK_SECRETS_LOCAL_KEY',
  }));
export type WebhookSecretsEnv = z.infer<typeof webhookSecretsEnvSchema>;
let parsedForWebhookSecrets: WebhookSecretsEnv | undefined;

export function webhookSecretsEnv(): WebhookSecretsEnv {
  parsedForWebhookSecrets ??= webhookSecretsEnvSchema.parse(process.env);
  return parsedForWebhookSecrets;
}
/**
 * The queue workers' retry backoff: a failed record comes back after this many seconds times its receive count
 * (functions/platform/queue-worker.ts), not after the queue's 900 s visibility timeout. The stack sets 30; the local
 * cloud a few seconds (infra/local/settings.ts), so a failing report shows as failed within seconds in tests.
 */
const queueWorkerEnvSchema = /* @__PURE__ */ z.object({ QUEUE_RETRY_BASE_SECONDS: z._default(z.coerce.number().check(
  z.int(),
  z.gte(0),
  z.lte(300),
), 30) });
export type QueueWorkerEnv = z.infer<typeof queueWorkerEnvSchema>;
let parsedForQueueWorker: QueueWorkerEnv | undefined;

export function queueWorkerEnv(): QueueWorkerEnv {
  parsedForQueueWorker ??= queueWorkerEnvSchema.parse(process.env);
  return parsedForQueueWorker;
}

/**
 * The bucket of the audit trail's daily digests (issue 31): given only to the digest job, which writes them, and to
 * nothing else in a deployment (the activity screen's check reads the job's result from the table).
 */
const auditDigestsEnvSchema = /* @__PURE__ */ z.object({ AUDIT_DIGESTS_BUCKET: z.string().check(z.minLength(3)) });
export type AuditDigestsEnv = z.infer<typeof auditDigestsEnvSchema>;
let parsedForAuditDigests: AuditDigestsEnv | undefined;

export function auditDigestsEnv(): AuditDigestsEnv {
  parsedForAuditDigests ??= auditDigestsEnvSchema.parse(process.env);
  return parsedForAuditDigests;
}

export type TriggerEnv = z.infer<typeof triggerEnvSchema>;

let parsed: Env | undefined;
let parsedForTrigger: TriggerEnv | undefined;

export function env(): Env {
  parsed ??= envSchema.parse(process.env);
  return parsed;
}

export function triggerEnv(): TriggerEnv {
  parsedForTrigger ??= triggerEnvSchema.parse(process.env);
  return parsedForTrigger;
}

/** The adapter and tests change the environment between runs; this forgets the cached readings. */
export function resetEnvForTests(): void {
  parsed = undefined;
  parsedForTrigger = undefined;
  parsedForIssuer = undefined;
  parsedForWebhook = undefined;
  parsedForWebhookSecrets = undefined;
  parsedForQueueWorker = undefined;
  parsedForAuditDigests = undefined;
  parsedOrigin = undefined;
}

/**
 * The value CloudFront puts in shared/api/origin.ts's header: set on the API's functions in a deployment, where a
 * request without it came to the execute-api address directly. Unset locally (the local adapter is the only way in).
 * Read apart from env(): every route checks it first, before anything else of the environment is needed.
 */
const originEnvSchema = /* @__PURE__ */ z.object({ ORIGIN_VERIFY: z.optional(z.string().check(z.minLength(32))) });
let parsedOrigin: z.infer<typeof originEnvSchema> | undefined;

export function originEnv(): z.infer<typeof originEnvSchema> {
  parsedOrigin ??= originEnvSchema.parse(process.env);
  return parsedOrigin;
}
