import * as z from 'zod/mini';
import { defaultProviderName } from '@shared/brand';
import { invoiceSellerSchema, vatExemptionSchema, vatRateSchema, type VatExemption } from '@shared/invoices';

/**
 * Every variable of the portal's own that a function reads from its environment, at load or at run time. Each function
 * is given exactly those its bundle reads (infra/stacks/stateless-stack.ts sets them from its needs, and
 * infra/wiring/function-environment.ts checks the synthesized templates against the bundles); the local cloud gives all of
 * them to its one process. AWS endpoints and the region are the SDK's own (AWS_REGION, AWS_ENDPOINT_URL_*), not ours.
 */
export const portalVariableNames = [
  'TABLE_NAME',
  'DOCUMENTS_BUCKET',
  'REPORTS_BUCKET',
  'AUDIT_DIGESTS_BUCKET',
  'REPORTS_QUEUE_URL',
  'EXPORTS_QUEUE_URL',
  'FUNDING_QUEUE_URL',
  'EMPLOYEE_IMPORTS_QUEUE_URL',
  'INVOICES_QUEUE_URL',
  'MAIL_QUEUE_URL',
  'WEBHOOKS_QUEUE_URL',
  'ISSUER_SANDBOX_QUEUE_URL',
  'ISSUER_SANDBOX_DELIVERY_SECONDS',
  'QUEUE_RETRY_BASE_SECONDS',
  'USER_POOL_ID',
  'USER_POOL_CLIENT_ID',
  'PORTAL_URL',
  'PROVIDER_NAME',
  'MAIL_FROM',
  'SUPPORT_EMAIL',
  'INVOICE_SELLER',
  'INVOICE_VAT_RATE_BASIS_POINTS',
  'INVOICE_VAT_EXEMPTION',
  'CARD_ISSUER',
  'WEBHOOKS_ALLOW_LOOPBACK',
  'ISSUER_WEBHOOK_SECRET',
  'ISSUER_WEBHOOK_SECRET_ARN',
  'ISSUER_WEBHOOK_URL',
  'WEBHOOK_SECRETS_KEY_ARN',
  'WEBHOOK_SECRETS_LOCAL_KEY',
  'ORIGIN_VERIFY',
  // Read by Powertools' Logger itself (functions/platform/logger.ts), set by infra/constructs/portal-function.ts.
  'POWERTOOLS_SERVICE_NAME',
  'POWERTOOLS_LOG_LEVEL',
] as const;
export type PortalVariableName = (typeof portalVariableNames)[number];

/**
 * Variables only the local cloud sets, each the stand-in for a deployment's variable (the value of a secret or key
 * where the cloud names its ARN): a function that reads one reads the other too, and a template never sets it.
 */
export const localOnlyVariables: Readonly<Partial<Record<PortalVariableName, PortalVariableName>>> = {
  ISSUER_WEBHOOK_SECRET: 'ISSUER_WEBHOOK_SECRET_ARN',
  WEBHOOK_SECRETS_LOCAL_KEY: 'WEBHOOK_SECRETS_KEY_ARN',
};

/** The cached readings' forgetting, one per reader a module made. */
const forgetters: (() => void)[] = [];

/** `read`, run once and then answered from its cache until resetEnvForTests. */
function cached<Value>(read: () => Value): () => Value {
  let reading: { value: Value } | undefined;
  forgetters.push(() => {
    reading = undefined;
  });
  return () => (reading ??= { value: read() }).value;
}

/**
 * A reader of one variable, checked by `schema` when first called. The schema is made only then: a reader made at
 * module level and marked pure is then left out of every bundle whose function never calls it, and with it the name it
 * reads (a schema built in the call's arguments would keep the call, and the name, in every bundle).
 */
function setting<Value>(name: PortalVariableName, schema: () => z.ZodMiniType<Value>): () => Value {
  return cached(() => {
    const parsed: Partial<Record<string, Value>> = z.object({ [name]: schema() }).parse(process.env);
    return parsed[name] as Value;
  });
}

type OnlyPortalVariables<Shape> = { [Name in keyof Shape]: Name extends PortalVariableName ? Shape[Name] : never };

/** A reader of variables that are checked together (exactly one of two), as `setting`. */
function settings<Shape extends OnlyPortalVariables<Shape>>(schema: () => z.ZodMiniType<Shape>): () => Shape {
  return cached(() => schema().parse(process.env));
}

const nonEmpty = () => z.string().check(z.minLength(1));

export const tableName = /* @__PURE__ */ setting('TABLE_NAME', nonEmpty);
/** Company documents (under documents/) and staged uploads (under uploads/). */
export const documentsBucket = /* @__PURE__ */ setting('DOCUMENTS_BUCKET', nonEmpty);
/** Report files (under documents/) and export files (under exports/). */
export const reportsBucket = /* @__PURE__ */ setting('REPORTS_BUCKET', nonEmpty);
/**
 * The audit trail's daily digests (issue 31): given only to the digest job, which writes them (the activity screen's
 * check reads the job's result from the table).
 */
export const auditDigestsBucket = /* @__PURE__ */ setting('AUDIT_DIGESTS_BUCKET', () => z.string().check(z.minLength(3)));

export const reportsQueueUrl = /* @__PURE__ */ setting('REPORTS_QUEUE_URL', nonEmpty);
export const exportsQueueUrl = /* @__PURE__ */ setting('EXPORTS_QUEUE_URL', nonEmpty);
export const fundingQueueUrl = /* @__PURE__ */ setting('FUNDING_QUEUE_URL', nonEmpty);
/** Bulk employee imports to apply (issue 34), worked by functions/employees/work-employee-imports.ts. */
export const employeeImportsQueueUrl = /* @__PURE__ */ setting('EMPLOYEE_IMPORTS_QUEUE_URL', nonEmpty);
/** Invoices to issue and their PDFs to make (functions/invoices/issue-invoices.ts). */
export const invoicesQueueUrl = /* @__PURE__ */ setting('INVOICES_QUEUE_URL', nonEmpty);
/** The queue of the portal's own e-mails (functions/platform/mailer.ts), which the mail worker sends. */
export const mailQueueUrl = /* @__PURE__ */ setting('MAIL_QUEUE_URL', nonEmpty);
/** Webhook events and deliveries (functions/webhooks). */
export const webhooksQueueUrl = /* @__PURE__ */ setting('WEBHOOKS_QUEUE_URL', nonEmpty);
/** The card issuer sandbox's queue: given to the functions that order or replace cards, and its worker. */
export const issuerSandboxQueueUrl = /* @__PURE__ */ setting('ISSUER_SANDBOX_QUEUE_URL', nonEmpty);
/** How long the sandbox takes to deliver an ordered card (SQS allows a delay of at most 15 minutes). */
export const issuerSandboxDeliverySeconds = /* @__PURE__ */ setting('ISSUER_SANDBOX_DELIVERY_SECONDS', () =>
  z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(900)), 60));

/**
 * The queue workers' retry backoff: a failed record comes back after this many seconds times its receive count
 * (functions/platform/queue-worker.ts), not after the queue's 900 s visibility timeout. The stack sets 30; the local
 * cloud a few seconds (infra/local/settings.ts), so a failing report shows as failed within seconds in tests.
 */
export const queueRetryBaseSeconds = /* @__PURE__ */ setting('QUEUE_RETRY_BASE_SECONDS', () =>
  z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(300)), 30));

export const userPoolId = /* @__PURE__ */ setting('USER_POOL_ID', nonEmpty);
export const userPoolClientId = /* @__PURE__ */ setting('USER_POOL_CLIENT_ID', nonEmpty);

/** The portal's own origin, which links in e-mails and the API reference point to. */
export const portalUrl = /* @__PURE__ */ setting('PORTAL_URL', () => z.url());
export const providerName = /* @__PURE__ */ setting('PROVIDER_NAME', () => z._default(z.string().check(z.minLength(1)), defaultProviderName));

/** The sender of the portal's own e-mails (SES in the cloud, the local outbox on a laptop). */
export const mailFrom = /* @__PURE__ */ setting('MAIL_FROM', () => z.email());
/** Where the provider's unseen-reply e-mails about support chats go: SUPPORT_EMAIL, without it MAIL_FROM. */
export const supportEmail = /* @__PURE__ */ cached(() => {
  const { SUPPORT_EMAIL, MAIL_FROM } = z.object({ SUPPORT_EMAIL: z.optional(z.email()), MAIL_FROM: z.email() }).parse(process.env);
  return SUPPORT_EMAIL ?? MAIL_FROM;
});

/** A JSON value in a variable, checked by `schema` (the deploy configuration's invoicing details). */
function json<Value>(schema: z.ZodMiniType<Value>): z.ZodMiniType<Value> {
  return z.pipe(z.pipe(z.string().check(z.minLength(2)), z.transform((text): unknown => JSON.parse(text))), schema);
}

/** The provider as its invoices name it (issue 34): the deploy configuration's `invoicing.seller`. */
export const invoiceSeller = /* @__PURE__ */ setting('INVOICE_SELLER', () => json(invoiceSellerSchema));
/** The VAT rate of the provider's fees, in basis points (2100 = 21 %): the deploy configuration's `invoicing.vatRatePercent`. */
export const invoiceVatRateBasisPoints = /* @__PURE__ */ setting('INVOICE_VAT_RATE_BASIS_POINTS', () => z.pipe(z.coerce.number(), vatRateSchema));
/**
 * Why the fees carry no VAT, in lv, en and ru (the deploy configuration's `invoicing.vatExemption`); empty when they are
 * taxed. Set on every invoice function all the same, so a function's environment does not depend on the rate.
 */
export const invoiceVatExemption = /* @__PURE__ */ setting('INVOICE_VAT_EXEMPTION', () =>
  z.pipe(z._default(z.string(), ''), z.transform((text): VatExemption | null => (text === '' ? null : vatExemptionSchema.parse(JSON.parse(text))))));

/**
 * Which card issuer the deployment talks to (the deploy configuration's `issuerSandbox`; the local cloud always runs
 * the sandbox). Without one, ordering or changing a card answers CARD_ISSUER_NOT_CONFIGURED.
 */
export const configuredCardIssuer = /* @__PURE__ */ setting('CARD_ISSUER', () => z._default(z.enum(['sandbox', 'none']), 'none'));

/**
 * Lets webhook endpoints on this machine's loopback be registered and posted to: the local cloud's demo receiver.
 * 'false' in a deployment, where loopback, private and link-local addresses are refused (SSRF).
 */
export const webhooksAllowLoopback = /* @__PURE__ */ cached(
  () => z.object({ WEBHOOKS_ALLOW_LOOPBACK: z._default(z.enum(['true', 'false']), 'false') }).parse(process.env).WEBHOOKS_ALLOW_LOOPBACK === 'true',
);

/**
 * The secret both ends sign the card issuer's events with: in the cloud the ARN of a Secrets Manager secret, read at
 * cold start, so the value never sits in the function's configuration; locally the value itself (there is no Secrets
 * Manager emulator). Only the issuer's routes and the sandbox's sender are given it.
 */
export const issuerWebhookSecretSource = /* @__PURE__ */ settings(() =>
  z
    .object({
      ISSUER_WEBHOOK_SECRET: z.optional(z.string().check(z.minLength(32))),
      ISSUER_WEBHOOK_SECRET_ARN: z.optional(z.string().check(z.minLength(1))),
    })
    .check(
      z.refine((value) => (value.ISSUER_WEBHOOK_SECRET === undefined) !== (value.ISSUER_WEBHOOK_SECRET_ARN === undefined), {
        message: 'set exactly one of ISSUER_WEBHOOK_SECRET and ISSUER_WEBHOOK_SECRET_ARN',
      }),
    ));
/** Where the sandbox posts its events: our webhook route, as an external issuer would. */
export const issuerWebhookUrl = /* @__PURE__ */ setting('ISSUER_WEBHOOK_URL', () => z.url());

/**
 * The key that seals webhook signing secrets (functions/platform/secret-sealer.ts), exactly one of: in the cloud the ARN
 * of the KMS key that makes and opens their data keys (given only to the functions that seal or open one); locally a
 * 256-bit key of the local cloud's own, in base64, as there is no KMS emulator.
 */
export const webhookSecretsKeySource = /* @__PURE__ */ settings(() =>
  z
    .object({
      WEBHOOK_SECRETS_KEY_ARN: z.optional(z.string().check(z.minLength(1))),
      WEBHOOK_SECRETS_LOCAL_KEY: z.optional(z.base64().check(z.refine((value) => Buffer.from(value, 'base64').byteLength === 32, { message: 'a 256-bit key in base64' }))),
    })
    .check(
      z.refine((value) => (value.WEBHOOK_SECRETS_KEY_ARN === undefined) !== (value.WEBHOOK_SECRETS_LOCAL_KEY === undefined), {
        message: 'set exactly one of WEBHOOK_SECRETS_KEY_ARN and WEBHOOK_SECRETS_LOCAL_KEY',
      }),
    ));
export type WebhookSecretsKeySource = ReturnType<typeof webhookSecretsKeySource>;

/**
 * The value CloudFront puts in shared/api/origin.ts's header: set on the API's functions in a deployment, where a
 * request without it came to the execute-api address directly. Unset locally (the local adapter is the only way in).
 */
export const originVerify = /* @__PURE__ */ setting('ORIGIN_VERIFY', () => z.optional(z.string().check(z.minLength(32))));

/** The adapter and tests change the environment between runs; this forgets every cached reading. */
export function resetEnvForTests(): void {
  for (const forget of forgetters) forget();
}
