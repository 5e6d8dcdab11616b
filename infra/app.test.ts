import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
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
  // What each function is given, variable by variable, is checked against its bundle in infra/handler-bundling.test.ts.
  it('sets no NODE_OPTIONS: source maps are read on error only', () => {
    const portalFunctions = resourcesOf(testApp.statelessTemplate, 'AWS::Lambda::Function').filter(([, fn]) => String(fn.Properties?.Runtime).startsWith('nodejs'));
    expect(portalFunctions.length).toBeGreaterThan(0);
    for (const [id, fn] of portalFunctions) {
      expect((fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {}, id).not.toHaveProperty('NODE_OPTIONS');
    }
  });

  it('of the CustomMessage trigger holds what the trigger can know and reads: the portal URL and the provider name', () => {
    const trigger = resourcesOf(testApp.statefulTemplate, 'AWS::Lambda::Function')[0]?.[1] as CfnResource;
    const variables = (trigger.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(Object.keys(variables).sort()).toEqual(['PORTAL_URL', 'PROVIDER_NAME']);
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
