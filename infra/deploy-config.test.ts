import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../shared/api/manifest';
import { repoRoot } from './constructs/repo-paths';
import { deployBlockers, deployConfigEnvVar, exampleConfigFile, loadDeployConfig, parseDeployConfig, type DeployConfig } from './deploy-config';
import { guardedRoutePaths } from './stacks/edge-waf-stack';
import { guardedRouteThrottles } from './stacks/stateless-stack';
import { cfnText, resourcesOf, synthesizeTestApp, type TestApp } from './stacks/test-app';

const chosen: DeployConfig = {
  example: false,
  providerName: 'Bonus Card Latvia',
  mailFrom: 'no-reply@bonuscard.lv',
  mailFromIdentity: 'domain',
  supportEmail: 'support@bonuscard.lv',
  issuerSandbox: false,
  alarmEmails: ['operations@bonuscard.lv'],
  threatProtection: 'off',
  auditDigestRetentionDays: 2_557,
  customDomain: { domainName: 'portal.bonuscard.lv', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0f2c5d8e-1a2b-4c3d-9e8f-0a1b2c3d4e5f' },
  invoicing: {
    seller: { name: 'Bonus Card Latvia SIA', registrationNumber: '40203999888', vatNumber: null, address: 'Elizabetes iela 10, Rīga, LV-1010, Latvija', bankName: 'AS SEB banka', iban: 'LV80BANK0000435195001', bic: 'UNLALV2X' },
    vatRatePercent: 0,
    vatExemption: {
      lv: 'Atbrīvots no PVN saskaņā ar PVN likuma 52. panta pirmās daļas 28. punktu.',
      en: 'Exempt from VAT under Section 52(1)(28) of the Latvian VAT Law.',
      ru: 'Освобождено от НДС согласно пункту 28 части первой статьи 52 Закона об НДС.',
    },
  },
};

function checkDeployConfig(file: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'infra/check-deploy-config.ts'], {
    cwd: repoRoot,
    env: { ...process.env, [deployConfigEnvVar]: file },
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('the deploy configuration', () => {
  it('synthesizes the committed example with no configuration, and says it is one', () => {
    const loaded = loadDeployConfig(undefined, {});
    expect(loaded.source).toMatch(/deploy-config(\.example)?\.json$/);
    const example = parseDeployConfig(JSON.parse(readFileSync(join(repoRoot, exampleConfigFile), 'utf8')), exampleConfigFile);
    expect(example.example).toBe(true);
  });

  it('refuses to deploy the example or a placeholder, naming each value', () => {
    const example = loadDeployConfig(undefined, { [deployConfigEnvVar]: exampleConfigFile }).config;
    expect(deployBlockers(example)).toEqual([
      'it is the example configuration ("example": true); make your own and remove that line',
      'mailFrom is still a placeholder (no-reply@bonus-card.example)',
      'supportEmail is still a placeholder (support@bonus-card.example)',
      'alarmEmails.0 is still a placeholder (operations@bonus-card.example)',
    ]);
    expect(deployBlockers({ ...chosen, alarmEmails: [] })).toEqual(['alarmEmails is empty: nobody would hear of an alarm']);
    expect(deployBlockers({ ...chosen, customDomain: { ...chosen.customDomain!, domainName: 'portal.example.com' } })).toEqual([
      'customDomain.domainName is still a placeholder (portal.example.com)',
    ]);
    expect(deployBlockers(chosen)).toEqual([]);
  });

  it('takes a file from $DEPLOY_CONFIG only, never from -c, so the deploy check and cdk deploy read the same one', () => {
    expect(() => loadDeployConfig('prod.json', {})).toThrow(/\$DEPLOY_CONFIG/);
    expect(loadDeployConfig(undefined, { [deployConfigEnvVar]: '  ' }).source).toMatch(/deploy-config(\.example)?\.json$/);
  });

  it('lists every invalid or unknown value of a file', () => {
    const invalid = { ...chosen, mailFrom: 'nobody', customDomain: { domainName: 'Portal', certificateArn: 'arn:aws:acm:eu-north-1:123456789012:certificate/x' }, sandbox: true };
    expect(() => parseDeployConfig(invalid, 'prod.json')).toThrow(/prod\.json is not valid/);
    try {
      parseDeployConfig(invalid, 'prod.json');
    } catch (error) {
      const message = String(error);
      for (const field of ['mailFrom', 'customDomain.domainName', 'customDomain.certificateArn', '(the file)']) expect(message).toContain(`- ${field}:`);
      expect(message).toContain('us-east-1');
    }
  });

  it('keeps threat protection and the WAF off unless asked, and asks for the region a WAF is handed to', () => {
    const parsed = parseDeployConfig({ ...chosen, threatProtection: undefined }, 'prod.json');
    expect(parsed.threatProtection).toBe('off');
    expect(parsed.waf).toBeUndefined();
    expect(() => parseDeployConfig({ ...chosen, waf: {} }, 'prod.json')).toThrow(/- region: required with waf/);
    expect(parseDeployConfig({ ...chosen, region: 'eu-north-1', waf: {} }, 'prod.json').waf).toEqual({ requestsPerIp: 2_000, guardedRequestsPerIp: 20 });
    expect(() => parseDeployConfig({ ...chosen, region: 'Frankfurt' }, 'prod.json')).toThrow(/- region: an AWS region/);
    expect(() => parseDeployConfig({ ...chosen, region: 'eu-north-1', waf: { guardedRequestsPerIp: 5 } }, 'prod.json')).toThrow(/- waf\.guardedRequestsPerIp:/);
  });

  it('keeps audit digests ten years unless told, and takes whole days from 1 to 36,500 (S3 Object Lock allows 100 years)', () => {
    expect(parseDeployConfig({ ...chosen, auditDigestRetentionDays: undefined }, 'prod.json').auditDigestRetentionDays).toBe(3_653);
    expect(parseDeployConfig({ ...chosen, auditDigestRetentionDays: 1 }, 'prod.json').auditDigestRetentionDays).toBe(1);
    expect(parseDeployConfig({ ...chosen, auditDigestRetentionDays: 36_500 }, 'prod.json').auditDigestRetentionDays).toBe(36_500);
    for (const wrong of [0, 36_501, 7.5, '365']) {
      expect(() => parseDeployConfig({ ...chosen, auditDigestRetentionDays: wrong }, 'prod.json'), String(wrong)).toThrow(/- auditDigestRetentionDays:/);
    }
  });

  it('takes who invoices, the VAT rate and, exactly with a rate of 0, the exemption in lv, en and ru (issue 34)', () => {
    expect(parseDeployConfig(chosen, 'prod.json').invoicing.vatExemption?.ru).toContain('НДС');
    const taxed = { ...chosen.invoicing, vatRatePercent: 21, vatExemption: undefined };
    expect(parseDeployConfig({ ...chosen, invoicing: taxed }, 'prod.json').invoicing.vatRatePercent).toBe(21);
    expect(parseDeployConfig({ ...chosen, invoicing: { ...taxed, vatRatePercent: 5.5 } }, 'prod.json').invoicing.vatRatePercent).toBe(5.5);
    const wrong: [string, unknown][] = [
      ['a rate of 0 without words', { ...taxed, vatRatePercent: 0 }],
      ['words with a rate', { ...chosen.invoicing, vatRatePercent: 21 }],
      ['words without Russian', { ...chosen.invoicing, vatExemption: { lv: 'Atbrīvots.', en: 'Exempt.' } }],
      ['three decimals', { ...taxed, vatRatePercent: 5.555 }],
      ['a rate above 100', { ...taxed, vatRatePercent: 121 }],
      ['an IBAN that fails its check', { ...taxed, seller: { ...taxed.seller, iban: 'LV80BANK0000435195002' } }],
      ['no seller name', { ...taxed, seller: { ...taxed.seller, name: ' ' } }],
    ];
    for (const [what, invoicing] of wrong) expect(() => parseDeployConfig({ ...chosen, invoicing }, 'prod.json'), what).toThrow(/- invoicing/);
    expect(() => parseDeployConfig({ ...chosen, invoicing: undefined }, 'prod.json')).toThrow(/- invoicing:/);
  });

  it('stops `npm run deploy` before anything is built when the configuration is not chosen, and lets a chosen one go', () => {
    const refused = checkDeployConfig(exampleConfigFile);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain(`Not deploying with ${exampleConfigFile}`);
    expect(refused.output).toContain('mailFrom is still a placeholder');

    const missing = checkDeployConfig('no-such-config.json');
    expect(missing.status).toBe(1);
    expect(missing.output).toContain('does not exist');

    const file = join(mkdtempSync(join(tmpdir(), 'deploy-config-')), 'prod.json');
    writeFileSync(file, JSON.stringify(chosen));
    const accepted = checkDeployConfig(file);
    expect(accepted.output).toContain('ok');
    expect(accepted.status).toBe(0);
  });
});

describe('a deployment with its own domain and addresses', () => {
  let testApp: TestApp;
  beforeAll(() => {
    testApp = synthesizeTestApp({ deployConfig: chosen });
  }, 120_000);

  it('serves the portal at its domain with its certificate and TLS 1.2, in one deploy', () => {
    const [, distribution] = resourcesOf(testApp.statelessTemplate, 'AWS::CloudFront::Distribution')[0] ?? [];
    const config = distribution?.Properties?.DistributionConfig as { Aliases: string[]; ViewerCertificate: Record<string, unknown> };
    expect(config.Aliases).toEqual(['portal.bonuscard.lv']);
    expect(config.ViewerCertificate).toMatchObject({ AcmCertificateArn: chosen.customDomain?.certificateArn, MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' });
    // Links in Cognito's e-mails and the functions' links use the domain, not a placeholder to fix in a second deploy.
    const trigger = resourcesOf(testApp.statefulTemplate, 'AWS::Lambda::Function').find(([id]) => id.startsWith('CustomMessageTrigger'));
    expect((trigger?.[1].Properties?.Environment as { Variables: Record<string, unknown> }).Variables.PORTAL_URL).toBe('https://portal.bonuscard.lv');
    const functions = resourcesOf(testApp.statelessTemplate, 'AWS::Lambda::Function').filter(([, fn]) => (fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.TABLE_NAME);
    expect(functions.length).toBeGreaterThan(90);
    // Each function is given those of them it reads (infra/handler-bundling.test.ts): wherever one is, it is the configured one.
    const given = { PORTAL_URL: 'https://portal.bonuscard.lv', MAIL_FROM: chosen.mailFrom, SUPPORT_EMAIL: chosen.supportEmail };
    for (const [name, value] of Object.entries(given)) {
      const values = functions.flatMap(([, fn]) => {
        const variables = (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
        return name in variables ? [variables[name]] : [];
      });
      expect(values.length, name).toBeGreaterThan(0);
      expect(new Set(values), name).toEqual(new Set([value]));
    }
    expect(JSON.stringify(testApp.statefulTemplate.toJSON())).not.toContain('portal-url-not-configured');
    const outputs = testApp.statelessTemplate.toJSON() as { Outputs: Record<string, { Value: unknown }> };
    expect(outputs.Outputs.PortalUrl?.Value).toBe('https://portal.bonuscard.lv');
  });

  it("sends Cognito's e-mails through SES from the configured sender, and refuses the last passwords again", () => {
    const [, pool] = resourcesOf(testApp.statefulTemplate, 'AWS::Cognito::UserPool')[0] ?? [];
    expect(pool?.Properties?.EmailConfiguration).toMatchObject({ EmailSendingAccount: 'DEVELOPER', From: `Bonus Card Latvia <${chosen.mailFrom}>` });
    // Sent as the identity SES verified: the sender's domain here; the address itself when the configuration says so.
    expect(cfnText((pool?.Properties?.EmailConfiguration as { SourceArn: unknown }).SourceArn)).toMatch(/:identity\/bonuscard\.lv$/);
    expect(pool?.Properties?.Policies).toMatchObject({ PasswordPolicy: { PasswordHistorySize: 5 } });
  });

  it('runs no card issuer sandbox unless asked: no queue, no worker, no signing right, and the functions know there is no issuer', () => {
    const queues = resourcesOf(testApp.statefulTemplate, 'AWS::SQS::Queue').map(([id]) => id);
    expect(queues.some((id) => id.startsWith('IssuerSandbox'))).toBe(false);
    const functions = resourcesOf(testApp.statelessTemplate, 'AWS::Lambda::Function').filter(([, fn]) => (fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.TABLE_NAME);
    expect(functions.map(([, fn]) => fn.Properties?.Description)).not.toContain('functions/issuer/send-issuer-events');
    const knowing = functions.filter(([, fn]) => 'CARD_ISSUER' in (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables);
    expect(knowing.length).toBeGreaterThan(5);
    for (const [id, fn] of functions) {
      const variables = (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
      if (knowing.some(([knowingId]) => knowingId === id)) expect(variables.CARD_ISSUER, id).toBe('none');
      expect(variables.ISSUER_SANDBOX_QUEUE_URL, id).toBeUndefined();
      // Only the sandbox's sender signs events; the webhook routes still verify a real issuer's.
      expect(variables.ISSUER_WEBHOOK_URL, id).toBeUndefined();
    }
  });

  it('puts no web ACL in front of CloudFront and keeps the Essentials plan, saying why in the acknowledgements', () => {
    expect(testApp.edgeWaf).toBeUndefined();
    const [, distribution] = resourcesOf(testApp.statelessTemplate, 'AWS::CloudFront::Distribution')[0] ?? [];
    expect((distribution?.Properties?.DistributionConfig as Record<string, unknown>).WebACLId).toBeUndefined();
    expect(JSON.stringify(distribution?.Metadata)).toContain('AwsSolutions-CFR2');
    const [, pool] = resourcesOf(testApp.statefulTemplate, 'AWS::Cognito::UserPool')[0] ?? [];
    expect(pool?.Properties?.UserPoolTier).toBe('ESSENTIALS');
    expect(pool?.Properties?.UserPoolAddOns).toBeUndefined();
    expect(JSON.stringify(pool?.Metadata)).toContain('AwsSolutions-COG8');
  });

  it('locks every audit digest in compliance mode for the configured days', () => {
    const [, bucket] = resourcesOf(testApp.statefulTemplate, 'AWS::S3::Bucket').find(([id]) => id.startsWith('AuditDigests')) ?? [];
    expect(bucket?.Properties?.ObjectLockConfiguration).toEqual({ ObjectLockEnabled: 'Enabled', Rule: { DefaultRetention: { Mode: 'COMPLIANCE', Days: 2_557 } } });
  });

  it('e-mails the configured people when a dead-letter queue alarm fires', () => {
    const topicId = resourcesOf(testApp.statefulTemplate, 'AWS::SNS::Topic')[0]?.[0];
    expect(topicId).toBeDefined();
    testApp.statefulTemplate.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'operations@bonuscard.lv', TopicArn: { Ref: topicId } });
    const alarms = resourcesOf(testApp.statefulTemplate, 'AWS::CloudWatch::Alarm');
    expect(alarms.length).toBeGreaterThan(0);
    for (const [id, alarm] of alarms) expect(alarm.Properties?.AlarmActions, id).toEqual([{ Ref: topicId }]);
  });
});

describe('a deployment with a WAF and threat protection', () => {
  let testApp: TestApp;
  const config: DeployConfig = { ...chosen, region: 'eu-north-1', waf: { requestsPerIp: 3_000, guardedRequestsPerIp: 25 }, threatProtection: 'enforced' };
  beforeAll(() => {
    testApp = synthesizeTestApp({ deployConfig: config });
  }, 120_000);

  it('makes a CloudFront web ACL in us-east-1 with the configured limits per IP, the message routes of the manifest scoped, and hands it to the distribution', () => {
    expect(testApp.edgeWaf?.region).toBe('us-east-1');
    expect(testApp.stateless.region).toBe('eu-north-1');
    const waf = Template.fromStack(testApp.edgeWaf as Stack);
    const [aclId, acl] = resourcesOf(waf, 'AWS::WAFv2::WebACL')[0] ?? [];
    expect(acl?.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    const rules = acl?.Properties?.Rules as { Name: string; Statement: Record<string, { Limit?: number; AggregateKeyType?: string; ScopeDownStatement?: unknown }> }[];
    expect(rules.map((rule) => rule.Name)).toEqual(['AwsIpReputationList', 'GuardedRequestsPerIp', 'RequestsPerIp']);
    expect(rules[2]?.Statement.RateBasedStatement).toMatchObject({ Limit: 3_000, AggregateKeyType: 'IP' });
    const messages = rules[1]?.Statement.RateBasedStatement;
    expect(messages).toMatchObject({ Limit: 25, AggregateKeyType: 'IP' });
    // Each scoped request is a method and a whole path, as CloudFront receives them: exactly the throttled message routes.
    const scoped = JSON.stringify(messages?.ScopeDownStatement);
    const throttled = routes.filter((route) => route.handler in guardedRouteThrottles);
    expect(throttled.length).toBeGreaterThanOrEqual(4);
    for (const route of throttled) expect(scoped).toContain(`"SearchString":"/api${route.path}"`);
    expect(scoped.match(/"SearchString":"\/api\//g)).toHaveLength(throttled.length);
    expect(guardedRoutePaths()).toHaveLength(throttled.length);

    const [, distribution] = resourcesOf(testApp.statelessTemplate, 'AWS::CloudFront::Distribution')[0] ?? [];
    const webAcl = (distribution?.Properties?.DistributionConfig as { WebACLId: unknown }).WebACLId;
    expect(JSON.stringify(webAcl)).toContain(aclId);
    expect(JSON.stringify(distribution?.Metadata)).not.toContain('AwsSolutions-CFR2');
  });

  it("moves the user pool to the Plus plan with Cognito's threat protection enforced", () => {
    const [, pool] = resourcesOf(testApp.statefulTemplate, 'AWS::Cognito::UserPool')[0] ?? [];
    expect(pool?.Properties?.UserPoolTier).toBe('PLUS');
    expect(pool?.Properties?.UserPoolAddOns).toEqual({ AdvancedSecurityMode: 'ENFORCED' });
    expect(JSON.stringify(pool?.Metadata)).not.toContain('AwsSolutions-COG8');
  });
});
