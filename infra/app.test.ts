import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditDigestsEnv, env, issuerEnv, issuerWebhookEnv, originEnv, queueWorkerEnv, resetEnvForTests, webhookSecretsEnv } from '../functions/platform/env';
import { repoRoot } from './constructs/repo-paths';
import { buildApp } from './stacks/portal-app';
import { portalUrlPlaceholder } from './stacks/stateful-stack';
import { type CfnResource, cfnText, resourcesOf, synthesizeTestApp, type TestApp } from './stacks/test-app';

let testApp: TestApp;

beforeAll(() => {
  testApp = synthesizeTestApp();
});

describe('cdk-nag AwsSolutions', () => {
  it('reports nothing unacknowledged: no error, and no warning (cdk-nag 3 fails synth on those too)', () => {
    // Synthesis already ran the pack as a validation plugin (and would have thrown); running it again on the
    // synthesized tree gives the findings to look at.
    const report = new AwsSolutionsChecks().validateScope(testApp.app);
    expect(report.violations.map((violation) => `${violation.ruleName} at ${violation.violatingResources.map((r) => r.constructPath).join(', ')}`)).toEqual([]);
  });

  it('leaves no error annotations on either stack', () => {
    for (const stack of [testApp.stateful, testApp.stateless]) {
      expect(Annotations.fromStack(stack).findError('*', Match.anyValue())).toEqual([]);
    }
  });

  it('gives every acknowledgement a reason', () => {
    const acknowledged = [testApp.stateful, testApp.stateless]
      .flatMap((stack) => stack.node.findAll())
      .flatMap((construct) => construct.node.metadata.filter((entry) => entry.type === 'aws:cdk:acknowledged-rules'))
      .flatMap((entry) => Object.entries(entry.data as Record<string, string>));
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const [id, reason] of acknowledged) expect(reason.length, id).toBeGreaterThan(40);
  });
});

describe('function environment', () => {
  const loggerVariables = ['POWERTOOLS_LOG_LEVEL', 'POWERTOOLS_SERVICE_NAME'];
  const savedEnv = process.env;
  afterEach(() => {
    process.env = savedEnv;
    resetEnvForTests();
  });

  it('is exactly what functions/platform/env.ts parses, for every API function (no NODE_OPTIONS: source maps are read on error only)', () => {
    const apiFunctions = resourcesOf(testApp.statelessTemplate, 'AWS::Lambda::Function').filter(
      // The CDK trigger's own runner (it starts the deploy jobs) is the library's, with no environment of ours.
      ([id, fn]) => String(fn.Properties?.Runtime).startsWith('nodejs') && !id.startsWith('AWSCDKTriggerCustomResourceProvider'),
    );
    expect(apiFunctions.length).toBeGreaterThan(0);
    for (const [id, fn] of apiFunctions) {
      const variables = (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables, id).not.toHaveProperty('NODE_OPTIONS');
      const appVariables = variables;
      // Deploy-time values (imports, joins) stand in as URLs, which every string field of the schema accepts.
      const deployed = Object.fromEntries(
        Object.entries(appVariables).map(([key, value]) => [key, typeof value === 'string' ? value : 'https://resolved-at-deploy.example']),
      );
      process.env = { ...deployed, AWS_REGION: 'eu-north-1' };
      resetEnvForTests();
      // The schema strips keys it does not know and fails on missing ones: equal keys mean the same contract.
      const parsed = Object.keys(env());
      // The card issuer's settings go only to the functions that talk to it, each read by a schema of its own.
      if ('ISSUER_SANDBOX_QUEUE_URL' in appVariables) parsed.push(...Object.keys(issuerEnv()));
      if ('ISSUER_WEBHOOK_SECRET_ARN' in appVariables) parsed.push(...Object.keys(issuerWebhookEnv()));
      // CloudFront's header value goes to the routes' functions only (functions/platform/origin-check.ts).
      if ('ORIGIN_VERIFY' in appVariables) parsed.push(...Object.keys(originEnv()));
      // The webhook secrets' key goes only to the functions that seal or open one.
      if ('WEBHOOK_SECRETS_KEY_ARN' in appVariables) parsed.push(...Object.keys(webhookSecretsEnv()));
      // The queue workers' retry backoff goes to the queue workers only.
      if ('QUEUE_RETRY_BASE_SECONDS' in appVariables) parsed.push(...Object.keys(queueWorkerEnv()));
      // The audit digests bucket goes to the digest job only (issue 31).
      if ('AUDIT_DIGESTS_BUCKET' in appVariables) parsed.push(...Object.keys(auditDigestsEnv()));
      // Read by Powertools' Logger itself (functions/platform/logger.ts).
      parsed.push(...loggerVariables);
      expect(parsed.sort(), id).toEqual([...Object.keys(appVariables), 'AWS_REGION'].sort());
    }
  });

  it('of the CustomMessage trigger holds what the trigger can know: the portal URL and the provider name', () => {
    const trigger = resourcesOf(testApp.statefulTemplate, 'AWS::Lambda::Function')[0]?.[1] as CfnResource;
    const variables = (trigger.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(Object.keys(variables).sort()).toEqual(['PORTAL_URL', 'PROVIDER_NAME', ...loggerVariables].sort());
  });
});

describe('portalUrl context', () => {
  it('without it, warns that e-mail links point nowhere yet', () => {
    Annotations.fromStack(testApp.stateful).hasWarning('*', Match.stringLikeRegexp('No "portalUrl" context'));
    const trigger = resourcesOf(testApp.statefulTemplate, 'AWS::Lambda::Function')[0]?.[1] as CfnResource;
    expect((trigger.Properties?.Environment as { Variables: Record<string, unknown> }).Variables.PORTAL_URL).toBe(portalUrlPlaceholder);
  });

  it('with it, sets the links of the trigger, the upload origin and every API function to that origin', () => {
    const withUrl = synthesizeTestApp({ portalUrl: 'https://portal.example.com/' });
    expect(Annotations.fromStack(withUrl.stateful).findWarning('*', Match.stringLikeRegexp('portalUrl'))).toEqual([]);
    withUrl.statefulTemplate.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ PORTAL_URL: 'https://portal.example.com' }) },
    });
    withUrl.statefulTemplate.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedOrigins: ['https://portal.example.com'], AllowedMethods: Match.arrayWith(['POST']) })] },
    });
    for (const [id, fn] of resourcesOf(withUrl.statelessTemplate, 'AWS::Lambda::Function')) {
      const variables = (fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables;
      if (variables?.PORTAL_URL !== undefined) expect(cfnText(variables.PORTAL_URL), id).toBe('https://portal.example.com');
    }
  });

  it('must be an https origin', () => {
    for (const portalUrl of ['http://portal.example.com', 'https://portal.example.com/app', 'portal.example.com']) {
      expect(() => buildApp(new App({ context: { portalUrl, 'aws:cdk:bundling-stacks': [] } })), portalUrl).toThrow(/https origin/);
    }
  });
});

describe('cdk.json', () => {
  const cdkJson = JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as { app: string; context: Record<string, unknown> };

  it('runs infra/app.ts with node and tsx, not through npx', () => {
    expect(cdkJson.app).toBe('node --import tsx infra/app.ts');
  });

  it('keeps stacks environment-agnostic, so synth needs no AWS account or lookups', () => {
    for (const stack of [testApp.stateful, testApp.stateless]) {
      expect(stack.resolve(stack.account)).toEqual({ Ref: 'AWS::AccountId' });
      expect(stack.resolve(stack.region)).toEqual({ Ref: 'AWS::Region' });
    }
    expect(testApp.app.node.tryGetContext('@aws-cdk/core:defaultCrossStackReferences')).toBe('strong');
  });
});
