import { mkdirSync, rmSync } from 'node:fs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { defaultProviderName } from '@shared/brand';
import { resetEnvForTests } from '@functions/platform/env';
import { deployJobs } from '../definitions';
import { exampleDeployConfig, vatRateBasisPointsOf } from '../deploy-config';
import { lambdaContext, loadHandler, startApiServer } from './api-server';
import { outboxFile, startCognito, startDynamoDb, startS3, startSqs, type EmulatorOptions } from './emulators';
import { startRecordingAwsCalls, type AwsCallRecording } from './aws-call-recorder';
import { Outbox } from './outbox';
import { WebhookReceiver } from './webhook-receiver';
import { assertPortFree, startListening, type ManagedProcess } from './processes';
import { localClients, provision, type ProvisionedResources } from './provision';
import { startScheduledJobs, type ScheduledJobTimers } from './scheduled-jobs';
import { startCardActivity } from './card-activity';
import { startOutboxRelay, type OutboxRelay } from './outbox-relay';
import { startQueueWorkers, type QueueWorkers } from './queue-workers';
import { seedDemo } from './seed';
import { recordedCallsDirVariable } from './recorded-aws-calls';
import { dummyCredentials, handlerLogLevel, issuerDeliverySeconds, portProfiles, projectRoot, queueRetryBaseSeconds, region, type LocalPorts, type LocalProfile } from './settings';

export interface LocalCloudOptions {
  profile: LocalProfile;
  dataDir: string;
  /** Start from nothing: remove the data folder first. */
  reset: boolean;
  inMemory: boolean;
  /** 'dev' runs Vite's dev server, 'preview' serves a production build, 'none' starts no web server. */
  web: 'dev' | 'preview' | 'none';
  randomSmsCodes: boolean;
  /** The profile's ports unless given (a second end-to-end test cloud: settings.ts testCloudPorts). */
  ports?: LocalPorts;
  log?: (line: string) => void;
  /** Aborting stops whatever has started so far; startup then fails instead of leaving processes behind. */
  signal?: AbortSignal;
  /**
   * Names the file of the functions' AWS calls this cloud records when PORTAL_AWS_CALLS_DIR is set
   * (recorded-aws-calls.ts): 'integration', 'e2e-2'. 'start' unless given.
   */
  recordedCallsLabel?: string;
}

export interface LocalCloud {
  ports: LocalPorts;
  urls: { api: string; web: string; cognito: string; outbox: string };
  resources: ProvisionedResources;
  userIds: Record<string, string>;
  processes: ManagedProcess[];
  stop(): Promise<void>;
}

/** The demo company whose cards the sandbox pays with under `npm start` (Baltic Logistics, with a year of history). */
const demoActivityCompanyId = 'company-baltic';

/** Not a secret: it signs the local sandbox's events only. The cloud's comes from Secrets Manager. */
export const localIssuerWebhookSecret = 'local-issuer-webhook-secret-not-for-production';

/**
 * Not a secret either: the local cloud's stand-in for the KMS key that seals webhook signing secrets (there is no KMS
 * emulator), fixed so that data kept in .local opens after a restart. 256 bits, in base64.
 */
export const localWebhookSecretsKey = 'bG9jYWwtd2ViaG9vay1zZWNyZXRzLWtleS0zMi1ieXQ=';

/**
 * The environment a handler sees locally, pointing at the emulators: every portal variable (functions/platform/env.ts),
 * as one process runs every handler, where the stacks give each function only those its bundle reads.
 */

export function handlerEnvironment(ports: LocalPorts, resources: ProvisionedResources, portalUrl: string, profile: LocalProfile): Record<string, string> {
  return {
    ...dummyCredentials,
    AWS_REGION: region,
    AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${ports.dynamodb}`,
    AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${ports.s3}`,
    AWS_ENDPOINT_URL_SQS: `http://127.0.0.1:${ports.sqs}`,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: `http://127.0.0.1:${ports.cognito}`,
    // No SES emulator: the adapter answers SES v2's SendEmail and puts the message in the outbox.
    AWS_ENDPOINT_URL_SESV2: `http://127.0.0.1:${ports.api}`,
    // Nor an SNS one: the adapter answers Publish to a phone number and puts the text in the outbox.
    AWS_ENDPOINT_URL_SNS: `http://127.0.0.1:${ports.api}`,
    AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
    TABLE_NAME: resources.tableName,
    DOCUMENTS_BUCKET: resources.documentsBucket,
    REPORTS_BUCKET: resources.reportsBucket,
    // The stack gives it to the digest job alone; one process runs every handler here.
    AUDIT_DIGESTS_BUCKET: resources.auditDigestsBucket,
    ...resources.queueUrls,
    USER_POOL_ID: resources.userPoolId,
    USER_POOL_CLIENT_ID: resources.userPoolClientId,
    PORTAL_URL: portalUrl,
    PROVIDER_NAME: defaultProviderName,
    MAIL_FROM: 'no-reply@bonus-card.local',
    SUPPORT_EMAIL: 'support@bonus-card.local',
    // The demo provider of the committed example configuration invoices here, at its VAT rate.
    ...localInvoicingSettings(),
    // The card issuer is always the sandbox on a laptop; it posts its events to our own webhook, signed with this
    // local-only secret.
    CARD_ISSUER: 'sandbox',
    // The demo's webhook receiver (/local/webhooks) listens on this machine.
    WEBHOOKS_ALLOW_LOOPBACK: 'true',
    WEBHOOK_SECRETS_LOCAL_KEY: localWebhookSecretsKey,
    ISSUER_WEBHOOK_SECRET: localIssuerWebhookSecret,
    ISSUER_WEBHOOK_URL: `http://127.0.0.1:${ports.api}/issuer/events`,
    ISSUER_SANDBOX_DELIVERY_SECONDS: String(issuerDeliverySeconds[profile]),
    QUEUE_RETRY_BASE_SECONDS: String(queueRetryBaseSeconds[profile]),
    // One process runs every handler, so one service name: each line's function_name says which handler wrote it.
    POWERTOOLS_SERVICE_NAME: 'local-cloud',
    POWERTOOLS_LOG_LEVEL: handlerLogLevel[profile],
  };
}

/** The invoice functions' settings from the example deploy configuration (what a deployment's own configuration sets). */
function localInvoicingSettings(): Record<'INVOICE_SELLER' | 'INVOICE_VAT_RATE_BASIS_POINTS' | 'INVOICE_VAT_EXEMPTION', string> {
  const { invoicing } = exampleDeployConfig();
  return {
    INVOICE_SELLER: JSON.stringify(invoicing.seller),
    INVOICE_VAT_RATE_BASIS_POINTS: String(vatRateBasisPointsOf(invoicing.vatRatePercent)),
    INVOICE_VAT_EXEMPTION: invoicing.vatExemption ? JSON.stringify(invoicing.vatExemption) : '',
  };
}

/** Each of the stack's deploy jobs (migrations of stored data), run to its end, as its CDK trigger runs it. */
async function runDeployJobs(log: (line: string) => void): Promise<void> {
  for (const job of deployJobs) {
    const answer: unknown = await (await loadHandler(job.handler))({}, lambdaContext(job.handler));
    log(`${job.handler}: ${JSON.stringify(answer)}`);
  }
}

export async function startLocalCloud(options: LocalCloudOptions): Promise<LocalCloud> {
  const log = options.log ?? (() => undefined);
  const ports = options.ports ?? portProfiles[options.profile];
  const webUrl = `http://localhost:${ports.web}`;
  const apiUrl = `http://localhost:${ports.api}`;
  // The portal answers at localhost and at 127.0.0.1 alike: the API and the buckets accept both.
  const portalOrigins = [webUrl, `http://127.0.0.1:${ports.web}`];
  const checks: [number, string][] = [
    [ports.dynamodb, 'DynamoDB Local'],
    [ports.s3, 's3rver'],
    [ports.sqs, 'fauxqs'],
    [ports.cognito, 'cognito-local'],
    [ports.api, 'API adapter'],
  ];
  if (options.web !== 'none') checks.push([ports.web, 'web (Vite)']);
  for (const [port, service] of checks) await assertPortFree(port, service);

  if (options.reset) rmSync(options.dataDir, { recursive: true, force: true });
  mkdirSync(join(options.dataDir, 'logs'), { recursive: true });

  const processes: ManagedProcess[] = [];
  let apiServer: Server | undefined;
  let workers: QueueWorkers | undefined;
  let outboxRelay: OutboxRelay | undefined;
  let jobTimers: ScheduledJobTimers | undefined;
  let cardActivity: { stop(): void } | undefined;
  let recording: AwsCallRecording | undefined;
  const stop = async () => {
    jobTimers?.stop();
    cardActivity?.stop();
    // The relay first, then the workers: a batch either is still working reaches the queues, and the API must still be
    // up for the workers' posts.
    const relaying = outboxRelay;
    outboxRelay = undefined;
    await relaying?.stop();
    const running = workers;
    workers = undefined;
    await running?.stop();
    const server = apiServer;
    apiServer = undefined;
    if (server) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // In-flight requests must not hold Ctrl-C up.
      server.closeAllConnections();
      await closed;
    }
    // After every function stopped: the last calls are in the file.
    recording?.stop();
    recording = undefined;
    await Promise.all([...processes].reverse().map((p) => p.stop()));
  };
  const stopOnAbort = () => void stop();
  options.signal?.addEventListener('abort', stopOnAbort, { once: true });
  const ensureNotAborted = () => {
    if (options.signal?.aborted) throw new Error('startup was interrupted');
  };

  try {
    const emulatorOptions: EmulatorOptions = { ports, dataDir: options.dataDir, inMemory: options.inMemory, randomSmsCodes: options.randomSmsCodes };
    log('starting DynamoDB Local, s3rver, fauxqs and cognito-local');
    const started = await Promise.allSettled([
      startDynamoDb(emulatorOptions),
      startS3(emulatorOptions),
      startSqs(emulatorOptions),
      startCognito(emulatorOptions),
    ]);
    for (const result of started) if (result.status === 'fulfilled') processes.push(result.value);
    const failed = started.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    ensureNotAborted();

    log('provisioning table, buckets, queues and user pool');
    const resources = await provision(ports, options.dataDir, portalOrigins);
    const environment = handlerEnvironment(ports, resources, webUrl, options.profile);
    Object.assign(process.env, environment);
    resetEnvForTests();
    // Before any handler is loaded, and after the environment the functions' clients read when they are made.
    const recordedCallsDir = process.env[recordedCallsDirVariable];
    if (recordedCallsDir) recording = await startRecordingAwsCalls({ dir: recordedCallsDir, label: options.recordedCallsLabel ?? 'start', environment });
    // The handlers' one logger may have been loaded (and read its level) before the environment was set.
    (await import('@functions/platform/logger')).logger.setLogLevel(handlerLogLevel[options.profile]);

    apiServer = await startApiServer({
      port: ports.api,
      allowedOrigins: portalOrigins,
      cognitoUrl: `http://127.0.0.1:${ports.cognito}`,
      userPoolId: resources.userPoolId,
      userPoolClientId: resources.userPoolClientId,
      outbox: new Outbox(outboxFile(options.dataDir)),
      webhooks: new WebhookReceiver(),
      outboxRelayStatus: () => outboxRelay?.status() ?? null,
    });
    // After the API: the card issuer sandbox's worker posts its events to the API's webhook.
    workers = startQueueWorkers(localClients(ports).sqs, resources.queueUrls);
    // What each change put in its outbox (webhook events, e-mails), read from the table's stream onto the queues.
    outboxRelay = startOutboxRelay(ports, resources.tableName, log);

    ensureNotAborted();
    log('seeding demo data');
    const clients = localClients(ports);
    const { userIds, seeded } = await seedDemo(clients.dynamodb, clients.cognito, resources.tableName, resources.userPoolId, {
      withTestUsers: options.profile === 'test',
      documents: { s3: clients.s3, bucket: resources.documentsBucket },
      auditDigests: { s3: clients.s3, bucket: resources.auditDigestsBucket },
    });
    log(seeded ? 'demo data seeded' : 'demo data already present (use --reset to start afresh)');
    // Kept data may hold webhook endpoints made before issue 30: the deploy jobs run on it as a deployment runs them.
    if (!seeded) await runDeployJobs(log);
    // The stack's schedules, more often here; the test profile runs only those its tests do not run themselves.
    jobTimers = startScheduledJobs(options.profile, localClients(ports).sqs, resources.queueUrls, log);
    // Tests pay themselves (with the cards they choose); `npm start`, unless PORTAL_CARD_ACTIVITY=false, has the sandbox
    // issuer pay with the demo company's cards every few seconds.
    if (options.profile === 'dev' && process.env.PORTAL_CARD_ACTIVITY !== 'false') {
      cardActivity = startCardActivity({
        documents: DynamoDBDocumentClient.from(clients.dynamodb),
        tableName: resources.tableName,
        companyId: demoActivityCompanyId,
        apiUrl: `http://127.0.0.1:${ports.api}`,
        secret: localIssuerWebhookSecret,
        everyMs: 8_000,
        log,
      });
    }

    if (options.web !== 'none') {
      const vite = join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js');
      const args = options.web === 'dev' ? [vite, '--config', 'frontend/vite.config.ts'] : [vite, 'preview', '--config', 'frontend/vite.config.ts'];
      ensureNotAborted();
      const web = await startListening('vite', ports.web, process.execPath, args, {
        logFile: join(options.dataDir, 'logs', 'vite.log'),
        cwd: projectRoot,
        env: {
          ...process.env,
          PORTAL_WEB_PORT: String(ports.web),
          PORTAL_API_URL: apiUrl,
          PORTAL_REGION: region,
          PORTAL_USER_POOL_ID: resources.userPoolId,
          PORTAL_USER_POOL_CLIENT_ID: resources.userPoolClientId,
          PORTAL_COGNITO_ENDPOINT: `http://127.0.0.1:${ports.cognito}`,
        },
      });
      processes.push(web);
    }
    ensureNotAborted();
    options.signal?.removeEventListener('abort', stopOnAbort);

    return {
      ports,
      urls: { api: apiUrl, web: webUrl, cognito: `http://127.0.0.1:${ports.cognito}`, outbox: `${apiUrl}/local/outbox` },
      resources,
      userIds,
      processes,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
