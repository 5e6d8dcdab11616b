import { type App, Annotations, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { deployConfigContextKey, domainOf, loadDeployConfig } from '../deploy-config';
import { EdgeWafStack, edgeRegion } from './edge-waf-stack';
import { StatefulStack } from './stateful-stack';
import { StatelessStack } from './stateless-stack';

export interface PortalStacks {
  readonly stateful: StatefulStack;
  readonly stateless: StatelessStack;
  /** Only when the deploy configuration asks for a WAF. */
  readonly edgeWaf?: EdgeWafStack;
}

/** Context keys read from cdk.json or `-c key=value`; everything else an operator chooses is the deploy configuration. */
export const contextKeys = {
  /** The portal's CloudFront address, for the second deploy of a portal without a custom domain. */
  portalUrl: 'portalUrl',
} as const;

/**
 * Builds the whole app: infra/app.ts and the tests call this, so what the tests check is what gets deployed.
 * The stacks name no account (and a region only when the configuration gives one): synth needs no AWS credentials or
 * lookups.
 */
export function buildApp(app: App): PortalStacks {
  const { config, source } = loadDeployConfig(app.node.tryGetContext(deployConfigContextKey));
  const portalUrl = config.customDomain ? `https://${config.customDomain.domainName}` : readPortalUrl(app);
  const providerName = config.providerName;

  // A region pins the stacks to it (needed to hand the us-east-1 web ACL across regions); without one they go where
  // the credentials point.
  const env = config.region ? { region: config.region } : undefined;
  const crossRegionReferences = config.waf !== undefined;
  const edgeWaf = config.waf
    ? new EdgeWafStack(app, 'BonusCardEdgeWaf', {
        description: 'Bonus card portal: the web ACL in front of CloudFront (us-east-1, as CloudFront requires)',
        env: { region: edgeRegion },
        crossRegionReferences,
        waf: config.waf,
      })
    : undefined;

  const stateful = new StatefulStack(app, 'BonusCardStateful', {
    description: 'Bonus card portal: table, buckets, job queues, user pool',
    env,
    portalUrl,
    providerName,
    mailFrom: config.mailFrom,
    mailFromDomain: config.mailFromIdentity === 'domain' ? domainOf(config.mailFrom) : undefined,
    alarmEmails: config.alarmEmails,
    issuerSandbox: config.issuerSandbox,
    threatProtection: config.threatProtection,
    auditDigestRetentionDays: config.auditDigestRetentionDays,
    terminationProtection: true,
  });
  const stateless = new StatelessStack(app, 'BonusCardStateless', {
    description: 'Bonus card portal: API, functions, CloudFront',
    env,
    crossRegionReferences,
    table: stateful.table,
    documentsBucket: stateful.documentsBucket,
    reportsBucket: stateful.reportsBucket,
    webBucket: stateful.webBucket,
    accessLogsBucket: stateful.accessLogsBucket,
    auditDigestsBucket: stateful.auditDigestsBucket,
    queues: stateful.queues,
    issuerWebhookSecret: stateful.issuerWebhookSecret,
    originVerifySecret: stateful.originVerifySecret,
    webhookSecretsKey: stateful.webhookSecretsKey,
    userPool: stateful.userPool,
    userPoolClient: stateful.userPoolClient,
    portalUrl,
    providerName,
    mailFrom: config.mailFrom,
    supportEmail: config.supportEmail,
    invoicing: config.invoicing,
    customDomain: config.customDomain,
    webAclArn: edgeWaf?.webAclArn,
    alarmTopic: stateful.alarmTopic,
    cardIssuer: config.issuerSandbox ? 'sandbox' : 'none',
  });
  if (config.example) {
    Annotations.of(app).addWarningV2('portal:exampleDeployConfig', `Synthesized ${source}, the example deploy configuration: npm run deploy refuses it.`);
  }

  Tags.of(app).add('project', 'bonus-card-portal');
  // cdk-nag 3 runs as a policy-validation plugin: an unacknowledged error fails synth. The acknowledgements and their
  // reasons are also written into the templates' metadata, so a reviewer of a template sees why a rule was waived.
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true, writeSuppressionsToCloudFormation: true }));
  return { stateful, stateless, edgeWaf };
}

function readString(app: App, key: string): string | undefined {
  const value: unknown = app.node.tryGetContext(key);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function readPortalUrl(app: App): string | undefined {
  const value = readString(app, contextKeys.portalUrl);
  if (value === undefined) return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || url.protocol !== 'https:' || url.pathname !== '/' || url.search !== '') {
    throw new Error(`Context "portalUrl" must be an https origin such as https://portal.example.com, got "${value}"`);
  }
  return url.origin;
}
