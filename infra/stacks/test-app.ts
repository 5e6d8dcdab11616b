import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App, NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { repoRoot } from '../constructs/repo-paths';
import { deployConfigContextKey, exampleDeployConfig } from '../deploy-config';
import { buildApp, type PortalStacks } from './portal-app';

export interface TestApp extends PortalStacks {
  readonly app: App;
  readonly statefulTemplate: Template;
  readonly statelessTemplate: Template;
}

/**
 * The app as `cdk synth` builds it (same buildApp, same cdk.json context), minus esbuild: bundling every handler
 * would make each test file take seconds per function. Synthesis runs the cdk-nag plugin, so this throws when
 * AwsSolutions reports anything unacknowledged. It builds the committed example deploy configuration with the card
 * issuer sandbox on (so the tests see every resource a deployment can have) unless the context names another,
 * whatever deploy-config.json the machine has; infra/deploy-config.test.ts builds one without the sandbox.
 */
export function synthesizeTestApp(context: Record<string, unknown> = {}): TestApp {
  const cdkJson = JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  const app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], [deployConfigContextKey]: { ...exampleDeployConfig(), issuerSandbox: true }, ...context } });
  const stacks = buildApp(app);
  return {
    app,
    ...stacks,
    statefulTemplate: Template.fromStack(stacks.stateful),
    statelessTemplate: templateWithNested(stacks.stateless),
  };
}

/**
 * A stack's template with the resources of its nested stacks merged in, each nested reference to the parent (a
 * parameter) replaced by what the parent passes, so a test reads the stack as the one it would be without nesting: the
 * functions sit in a nested stack per feature (CloudFormation's 500 resources per stack).
 */
function templateWithNested(stack: Stack): Template {
  const own = Template.fromStack(stack).toJSON() as { Resources: Record<string, { Properties?: { Parameters?: Record<string, unknown> } }> };
  const resources: Record<string, unknown> = { ...own.Resources };
  for (const child of stack.node.children) {
    if (!(child instanceof NestedStack) || !child.nestedStackResource) continue;
    const passed = own.Resources[stack.getLogicalId(child.nestedStackResource)]?.Properties?.Parameters ?? {};
    const nested = Template.fromStack(child).toJSON() as { Resources: Record<string, unknown> };
    Object.assign(resources, substituteParameters(nested.Resources, passed));
  }
  return Template.fromJSON({ ...own, Resources: resources });
}

function substituteParameters(value: unknown, passed: Record<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((item) => substituteParameters(item, passed));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const ref = record.Ref;
  if (typeof ref === 'string' && Object.keys(record).length === 1 && ref in passed) return passed[ref];
  return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, substituteParameters(item, passed)]));
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/**
 * Renders a CloudFormation value as text, `{Ref: X}` as `<X>` and an import as `<import:Name>`, so tests can read a
 * joined string (a CSP, an issuer URL) the way it will read once deployed.
 */
export function cfnText(value: unknown): string {
  const node = value as Json;
  if (typeof node === 'string') return node;
  if (typeof node === 'number' || typeof node === 'boolean' || node === null) return String(node);
  if (Array.isArray(node)) return node.map(cfnText).join(',');
  const join = node['Fn::Join'];
  if (Array.isArray(join)) {
    const [separator, parts] = join;
    return (Array.isArray(parts) ? parts : []).map(cfnText).join(typeof separator === 'string' ? separator : '');
  }
  if (typeof node.Ref === 'string') return `<${node.Ref}>`;
  if (node['Fn::ImportValue'] !== undefined) return `<import:${cfnText(node['Fn::ImportValue'])}>`;
  const getAtt = node['Fn::GetAtt'];
  if (Array.isArray(getAtt)) return `<${getAtt.map(cfnText).join('.')}>`;
  if (node['Fn::Sub'] !== undefined) return cfnText(node['Fn::Sub']);
  return JSON.stringify(node);
}

export interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
  DeletionPolicy?: string;
  DependsOn?: string | string[];
  Metadata?: Record<string, unknown>;
}

export function resourcesOf(template: Template, type: string): [string, CfnResource][] {
  return Object.entries(template.findResources(type) as Record<string, CfnResource>);
}
