import { type CfnResource, Stack, Validations } from 'aws-cdk-lib';
import type * as iam from 'aws-cdk-lib/aws-iam';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';
import type { IConstruct } from 'constructs';

export interface WildcardFinding {
  /** The text of an AwsSolutions-IAM5 finding, without the rule id: `Action::s3:List*`, `Resource::*`. */
  readonly finding: string | RegExp;
  readonly reason: string;
}

/**
 * Acknowledges AwsSolutions-IAM5 findings of a policy we do not write ourselves (one that a CDK construct grants),
 * each by its own reason. cdk-nag 3 matches acknowledgements by exact finding text, and the text of a resource from
 * the other stack only takes its final form (an Fn::ImportValue) once CDK has resolved cross-stack references. So the
 * findings are read from the resolved policy in a construct validation, which CDK runs after that resolution and
 * before cdk-nag. A finding that no entry names stays an error.
 *
 * cdk-nag writes acknowledgements into the template's metadata (`cdk_nag`) with an aspect, which CDK runs before it
 * resolves references, so it never sees these: they are written onto the policy's resource here, beside the others.
 */
export function acknowledgeWildcards(policy: iam.Policy, findings: (flatten: (value: unknown) => string) => WildcardFinding[]): void {
  policy.node.addValidation({
    validate: () => {
      const stack = Stack.of(policy);
      const flatten = (value: unknown): string => flattenCfnReference(stack.resolve(value));
      const expected = findings(flatten);
      const written: NagMetadataRule[] = [];
      for (const text of wildcardFindingsOf(stack.resolve(policy.document))) {
        const match = expected.find(({ finding }) => (typeof finding === 'string' ? finding === text : finding.test(text)));
        if (!match) continue;
        const id = `AwsSolutions-IAM5[${text}]`;
        Validations.of(policy).acknowledge({ id, reason: match.reason });
        written.push({ id, reason: match.reason });
      }
      if (written.length > 0) writeNagMetadata(policy.node.defaultChild as CfnResource, written);
      return [];
    },
  });
}

interface NagMetadataRule {
  readonly id: string;
  readonly reason: string;
}

/** Adds rules to a resource's `cdk_nag` template metadata, in cdk-nag's own format, keeping what is there. */
function writeNagMetadata(resource: CfnResource, rules: NagMetadataRule[]): void {
  const existing = resource.getMetadata('cdk_nag') as { rules_to_suppress?: NagMetadataRule[] } | undefined;
  const kept = (existing?.rules_to_suppress ?? []).filter((rule) => !rules.some(({ id }) => id === rule.id));
  resource.addMetadata('cdk_nag', { rules_to_suppress: [...kept, ...rules] });
}

interface PolicyStatementJson {
  Effect?: string;
  Action?: string | string[];
  Resource?: unknown;
}

/** The findings AwsSolutions-IAM5 reports for a policy document, in its own format. */
function wildcardFindingsOf(document: { Statement?: PolicyStatementJson[] }): string[] {
  const findings = new Set<string>();
  for (const statement of document.Statement ?? []) {
    if (statement.Effect !== 'Allow') continue;
    for (const action of [statement.Action ?? []].flat()) if (action.includes('*')) findings.add(`Action::${action}`);
    const resources: unknown[] = Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource];
    for (const resource of resources.map(flattenCfnReference)) if (resource.includes('*')) findings.add(`Resource::${resource}`);
  }
  return [...findings];
}

/** The construct that owns a singleton CDK creates at stack level (custom-resource handlers), by its id prefix. */
export function findStackChild(scope: IConstruct, idPrefix: string): IConstruct {
  const child = Stack.of(scope).node.children.find((c) => c.node.id.startsWith(idPrefix));
  if (!child) throw new Error(`No construct whose id starts with ${idPrefix} in ${Stack.of(scope).node.path}`);
  return child;
}
