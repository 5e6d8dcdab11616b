import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import * as z from 'zod';
import { repoRoot } from './constructs/repo-paths';
import { auditDigestRetention } from './definitions';
import { invoiceSellerSchema, vatExemptionSchema } from '../shared/invoices';

/** The committed example: what `npm run synth` builds when no configuration is given. Deploy refuses it. */
export const exampleConfigFile = 'deploy-config.example.json';
/** Where an operator keeps the deployment's own configuration (git-ignored). */
export const operatorConfigFile = 'deploy-config.json';
/**
 * The environment variable naming another configuration file. A file is never named by CDK context: `npm run deploy --
 * -c …` reaches only `cdk deploy`, after the check had read another file. The context key takes a configuration
 * object, for tests that synthesize an app of their own.
 */
export const deployConfigEnvVar = 'DEPLOY_CONFIG';
export const deployConfigContextKey = 'deployConfig';

const hostName = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const awsRegion = /^[a-z]{2}(-gov)?-[a-z]+-\d$/;
/** CloudFront takes certificates from ACM in us-east-1 only. */
const cloudFrontCertificateArn = /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]{36}$/;

/**
 * One deployment's configuration. Every value an operator must choose is here, checked before anything is
 * synthesized; local start and tests need none of it.
 */
export const deployConfigSchema = z
  .object({
    /** Set in the committed example only: `npm run deploy` refuses a configuration that says it is an example. */
    example: z.boolean().default(false),
    /** The provider's display name, in e-mails and texts. */
    providerName: z.string().trim().min(1),
    /** The sender of every e-mail (Cognito's and the portal's own): an address verified in SES, or at a verified domain. */
    mailFrom: z.email(),
    /**
     * What SES verified for mailFrom: its domain (with DKIM, as the runbook advises) or the address alone. Cognito
     * sends as that identity, so it must name the one SES knows.
     */
    mailFromIdentity: z.enum(['domain', 'address']).default('domain'),
    /** The provider's support mailbox: it receives the notices of company messages left unread in support chats. */
    supportEmail: z.email(),
    /**
     * Runs the card issuer sandbox (its queue, its worker and its right to sign webhook events) in this deployment:
     * for a demonstration or test account only. Off, ordering or changing a card answers CARD_ISSUER_NOT_CONFIGURED
     * until a real issuer is connected.
     */
    issuerSandbox: z.boolean().default(false),
    /** Who is e-mailed when an alarm fires (each confirms the SNS subscription once). */
    alarmEmails: z.array(z.email()).default([]),
    /**
     * The portal's own domain, served by CloudFront with this ACM certificate (us-east-1); every link, CORS origin and
     * Cognito message then uses it, in one deploy. Without it the portal lives at its CloudFront address.
     */
    customDomain: z
      .object({
        domainName: z.string().regex(hostName, 'a lower-case host name such as portal.example.com'),
        certificateArn: z.string().regex(cloudFrontCertificateArn, 'an ACM certificate ARN in us-east-1'),
      })
      .strict()
      .optional(),
    /**
     * The region the portal runs in. Optional: without it the stacks are environment-agnostic and deploy to the region
     * of the credentials. Needed with `waf`, whose web ACL lives in us-east-1 (CloudFront's) and is handed across.
     */
    region: z.string().regex(awsRegion, 'an AWS region such as eu-north-1').optional(),
    /**
     * Cognito's threat protection (the Plus plan, billed per monthly active user): "audit" records risky sign-ins and
     * leaked passwords in Cognito's metrics, "enforced" also blocks them or asks for the second factor. "off" keeps the
     * Essentials plan.
     */
    threatProtection: z.enum(['off', 'audit', 'enforced']).default('off'),
    /**
     * A web ACL on CloudFront with rate-based rules per client IP (every 5 minutes): all requests, and the requests
     * to the guarded public routes (messages, sign-up, codes: stateless-stack.ts guardedRouteThrottles); plus AWS's IP
     * reputation list. Off unless given (a running cost).
     */
    /**
     * Days each daily audit digest is kept under S3 Object Lock in compliance mode (issue 31): until then nobody, root
     * included, can delete it, and the bucket cannot be emptied or removed. Ten years unless given; a test deployment that
     * must be torn down soon chooses a few days.
     */
    auditDigestRetentionDays: z.number().int().min(auditDigestRetention.minDays).max(auditDigestRetention.maxDays).default(auditDigestRetention.defaultDays),
    /**
     * Invoices (issue 34): the provider as its invoices name it (legal name, registration and VAT numbers, address, bank),
     * the VAT rate of its fees in percent, and, where the fees are exempt (an e-money institution's may be), the words
     * that say why, in Latvian, English and Russian. A rate of 0 needs the words, and words need a rate of 0.
     */
    invoicing: z
      .object({
        seller: invoiceSellerSchema,
        vatRatePercent: z.number().min(0).max(100).refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-9, 'at most two decimals'),
        vatExemption: z.optional(vatExemptionSchema),
      })
      .strict()
      .refine((invoicing) => (invoicing.vatRatePercent === 0) === (invoicing.vatExemption !== undefined), {
        path: ['vatExemption'],
        message: 'give the exemption\'s words (lv, en, ru) exactly when the VAT rate is 0',
      }),
    waf: z
      .object({
        requestsPerIp: z.number().int().min(100).max(2_000_000_000).default(2_000),
        guardedRequestsPerIp: z.number().int().min(10).max(2_000_000_000).default(20),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine((config) => !config.waf || config.region, { path: ['region'], message: 'required with waf: the web ACL is made in us-east-1 and handed to the stacks in this region' });
export type DeployConfig = z.infer<typeof deployConfigSchema>;

export interface LoadedDeployConfig {
  config: DeployConfig;
  /** Where it came from: a file path, or 'context' for an object given as CDK context (tests). */
  source: string;
}

/** A VAT rate in percent as the invoice functions take it, in basis points (21 -> 2100). */
export function vatRateBasisPointsOf(percent: number): number {
  return Math.round(percent * 100);
}

/** Reads and checks a configuration; throws with every problem listed, naming the file. */
export function parseDeployConfig(value: unknown, source: string): DeployConfig {
  const parsed = deployConfigSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `  - ${issue.path.join('.') || '(the file)'}: ${issue.message}`);
  throw new Error(`The deploy configuration ${source} is not valid:\n${problems.join('\n')}`);
}

function readConfigFile(file: string): DeployConfig {
  const path = isAbsolute(file) ? file : join(repoRoot, file);
  if (!existsSync(path)) throw new Error(`The deploy configuration ${file} does not exist (copy ${exampleConfigFile} to ${operatorConfigFile}).`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`The deploy configuration ${file} is not JSON: ${String(error)}`, { cause: error });
  }
  return parseDeployConfig(json, file);
}

/**
 * The configuration to synthesize: a configuration object given as context (tests), else the file `$DEPLOY_CONFIG`
 * names, else deploy-config.json, else the committed example (so `cdk synth` works on a fresh clone).
 */
export function loadDeployConfig(context: unknown, environment: NodeJS.ProcessEnv = process.env): LoadedDeployConfig {
  if (typeof context === 'object' && context !== null) return { config: parseDeployConfig(context, 'context'), source: 'context' };
  if (context !== undefined) throw new Error(`Name a deploy configuration file in $${deployConfigEnvVar}, not with -c ${deployConfigContextKey}=…`);
  const file =
    environment[deployConfigEnvVar]?.trim() || (existsSync(join(repoRoot, operatorConfigFile)) ? operatorConfigFile : exampleConfigFile);
  return { config: readConfigFile(file), source: file };
}

/** The committed example, parsed: what tests synthesize unless they give a configuration of their own. */
export function exampleDeployConfig(): DeployConfig {
  return readConfigFile(exampleConfigFile);
}

/** Values that mean "not chosen yet": the example's own domains and the ones reserved for documentation. */
const placeholderDomain = /(^|\.)(example|example\.com|example\.org|example\.net|invalid|test|localhost|local)$/;

export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * What keeps a configuration from being deployed: an example, or a value still a placeholder. Empty when it may go.
 * Synth does not ask this (it builds the example); `npm run deploy` does, before anything is built or deployed.
 */
export function deployBlockers(config: DeployConfig): string[] {
  const blockers: string[] = [];
  if (config.example) blockers.push('it is the example configuration ("example": true); make your own and remove that line');
  const addresses: [string, string][] = [
    ['mailFrom', config.mailFrom],
    ['supportEmail', config.supportEmail],
    ...config.alarmEmails.map((address, index): [string, string] => [`alarmEmails.${index}`, address]),
  ];
  for (const [field, address] of addresses) {
    if (placeholderDomain.test(domainOf(address))) blockers.push(`${field} is still a placeholder (${address})`);
  }
  if (config.alarmEmails.length === 0) blockers.push('alarmEmails is empty: nobody would hear of an alarm');
  if (config.customDomain && placeholderDomain.test(config.customDomain.domainName)) {
    blockers.push(`customDomain.domainName is still a placeholder (${config.customDomain.domainName})`);
  }
  return blockers;
}
