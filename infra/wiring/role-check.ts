import { runSimulation } from '@cloud-copilot/iam-simulate';
import { handlerOfRoleDescription } from '../constructs/portal-function';
import { queueNameOf, recordedAccountId, type RecordedCall } from '../local/recorded-aws-calls';
import { isRecord, type PortalTemplates, type StackName, TemplateValues } from './template-values';

export interface PolicyStatement {
  Effect: 'Allow' | 'Deny';
  Action: string | string[];
  Resource: string | string[];
  Condition?: Record<string, unknown>;
  Principal?: unknown;
}
export interface PolicyDocument {
  Version: string;
  Statement: PolicyStatement[];
}

/** A portal function as deployed: its handler, and what its role allows, resolved. */
export interface DeployedFunction {
  handler: string;
  stack: StackName;
  roleLogicalId: string;
  policies: { name: string; document: PolicyDocument }[];
}

/** What the templates say about access: each function's role, and the policies of the resources it may reach. */
export interface AccessModel {
  functions: Map<string, DeployedFunction>;
  /** Bucket, queue, key and topic policies, by the ARN they guard (a bucket's also guards its objects). */
  resourcePolicies: { arn: string; document: PolicyDocument }[];
}

/**
 * Reads the synthesized templates as IAM will see them after a deploy: every function our stacks build (a role whose
 * description names its handler module, infra/constructs/portal-function.ts), the identity policies attached to that
 * role, and the resource policies, all resolved with the local names (template-values.ts).
 */
export function accessModelOf(templates: PortalTemplates, localEnvironment: Readonly<Record<string, string>>): AccessModel {
  const values = new TemplateValues(templates, localEnvironment);
  const functions = new Map<string, DeployedFunction>();
  const resourcePolicies: AccessModel['resourcePolicies'] = [];
  for (const stack of ['stateful', 'stateless'] as const) {
    const resources = templates[stack].Resources;
    for (const [logicalId, resource] of Object.entries(resources)) {
      const properties = resource.Properties ?? {};
      if (resource.Type === 'AWS::IAM::Role') {
        const handler = typeof properties.Description === 'string' ? handlerOfRoleDescription(properties.Description) : undefined;
        if (!handler) continue;
        if (functions.has(handler)) throw new Error(`two roles run functions/${handler}`);
        // Either would narrow or widen what the role allows beyond the policies read here: refused rather than ignored.
        if (properties.ManagedPolicyArns) throw new Error(`the role of functions/${handler} has managed policies, which the check cannot read`);
        if (properties.PermissionsBoundary) throw new Error(`the role of functions/${handler} has a permissions boundary, which the check does not apply`);
        const inline = ((properties.Policies ?? []) as { PolicyName: string; PolicyDocument: unknown }[]).map((policy) => ({
          name: policy.PolicyName,
          document: values.resolve(stack, policy.PolicyDocument) as PolicyDocument,
        }));
        functions.set(handler, { handler, stack, roleLogicalId: logicalId, policies: inline });
      }
    }
    for (const [logicalId, resource] of Object.entries(resources)) {
      const properties = resource.Properties ?? {};
      if (resource.Type === 'AWS::IAM::ManagedPolicy') throw new Error(`${logicalId}: a managed policy of the templates, which the check does not attach to its roles`);
      if (resource.Type === 'AWS::IAM::Policy') {
        const roles = ((properties.Roles ?? []) as unknown[]).map((role) => (isRecord(role) && typeof role.Ref === 'string' ? role.Ref : null));
        for (const deployed of functions.values()) {
          if (deployed.stack !== stack || !roles.includes(deployed.roleLogicalId)) continue;
          deployed.policies.push({ name: logicalId, document: values.resolve(stack, properties.PolicyDocument) as PolicyDocument });
        }
      }
      const document = (policyProperty: string) => values.resolve(stack, properties[policyProperty]) as PolicyDocument;
      switch (resource.Type) {
        case 'AWS::S3::BucketPolicy':
          resourcePolicies.push({ arn: `arn:aws:s3:::${String(values.resolve(stack, properties.Bucket))}`, document: document('PolicyDocument') });
          break;
        case 'AWS::SQS::QueuePolicy':
          for (const queue of properties.Queues as unknown[]) {
            resourcePolicies.push({ arn: `arn:aws:sqs:${String(values.resolve(stack, { Ref: 'AWS::Region' }))}:${recordedAccountId}:${queueNameOf(String(values.resolve(stack, queue)))}`, document: document('PolicyDocument') });
          }
          break;
        case 'AWS::SNS::TopicPolicy':
          for (const topic of properties.Topics as unknown[]) resourcePolicies.push({ arn: String(values.resolve(stack, topic)), document: document('PolicyDocument') });
          break;
        case 'AWS::KMS::Key':
          resourcePolicies.push({ arn: String(values.resolve(stack, { 'Fn::GetAtt': [logicalId, 'Arn'] })), document: document('KeyPolicy') });
          break;
      }
    }
  }
  return { functions, resourcePolicies };
}

/** The one resource policy that guards an ARN: the bucket's for its objects, else the resource's own. */
function resourcePolicyOf(model: AccessModel, arn: string): PolicyDocument | undefined {
  const bucket = /^arn:aws:s3:::([^/]+)/.exec(arn)?.[1];
  const guarded = bucket ? `arn:aws:s3:::${bucket}` : arn;
  return model.resourcePolicies.find((policy) => policy.arn === guarded)?.document;
}

/**
 * What every request of a deployed function carries that our policies test: it comes over TLS (the buckets and queues
 * refuse anything else), and, as a Lambda function, as its role's session.
 */
const requestBaseContext = { 'aws:SecureTransport': 'true', 's3:TlsVersion': '1.3' } as const;

export interface CallVerdict {
  call: RecordedCall;
  allowed: boolean;
  /** Why not, for a refused call: which function, action and resource, and what IAM would answer. */
  problem?: string;
}

/** Evaluates each recorded call against its function's role (and the resource's policy) as IAM would. */
export async function checkCalls(model: AccessModel, calls: readonly RecordedCall[]): Promise<CallVerdict[]> {
  const verdicts: CallVerdict[] = [];
  for (const call of calls) {
    const deployed = model.functions.get(call.function);
    const what = `functions/${call.function}: ${call.action} on ${call.resource}`;
    if (!deployed) {
      verdicts.push({ call, allowed: false, problem: `${what}: no function of the templates runs functions/${call.function}` });
      continue;
    }
    const resourcePolicy = resourcePolicyOf(model, call.resource);
    const result = await runSimulation(
      {
        identityPolicies: deployed.policies.map((policy) => ({ name: policy.name, policy: policy.document })),
        serviceControlPolicies: [],
        resourceControlPolicies: [],
        ...(resourcePolicy ? { resourcePolicy } : {}),
        request: {
          principal: `arn:aws:sts::${recordedAccountId}:assumed-role/${deployed.roleLogicalId}/${call.function.replace('/', '-')}`,
          action: call.action,
          resource: { resource: call.resource, accountId: recordedAccountId },
          contextVariables: { ...requestBaseContext, ...call.context },
        },
      },
      {},
    );
    if (result.resultType === 'error') {
      verdicts.push({ call, allowed: false, problem: `${what}: the simulation refused the request itself: ${result.errors.message}` });
    } else if (result.overallResult !== 'Allowed') {
      verdicts.push({ call, allowed: false, problem: `${what}: its role would refuse it (${result.overallResult})` });
    } else {
      verdicts.push({ call, allowed: true });
    }
  }
  return verdicts;
}

/** IAM's wildcard match: '*' any run of characters, '?' any one. */
export function iamPatternMatches(pattern: string, value: string): boolean {
  const expression = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${expression}$`, 'i').test(value);
}

export interface Grant {
  function: string;
  action: string;
  resource: string;
  /** Which pair of the function's grants, in the templates' order: the same grant under another cloud's names. */
  statement: number;
}

const asList = (value: string | string[]) => (Array.isArray(value) ? value : [value]);

/** Every action-and-resource pair a function's roles allow, as written (one pair per action and resource of a statement). */
export function grantsOf(deployed: DeployedFunction): Grant[] {
  return deployed.policies
    .flatMap((policy) =>
      policy.document.Statement.filter((statement) => statement.Effect === 'Allow').flatMap((statement) =>
        asList(statement.Action).flatMap((action) => asList(statement.Resource).map((resource) => ({ function: deployed.handler, action, resource }))),
      ),
    )
    .map((grant, statement) => ({ ...grant, statement }));
}

/**
 * The grants no recorded call of their function used (a function that never ran: all of its): candidates for removal,
 * or grants that stay for a stated reason.
 */
export function unusedGrants(model: AccessModel, calls: readonly RecordedCall[]): { unused: Grant[]; functionsNeverRun: string[] } {
  const byFunction = new Map<string, RecordedCall[]>();
  for (const call of calls) byFunction.set(call.function, [...(byFunction.get(call.function) ?? []), call]);
  const functionsNeverRun = [...model.functions.keys()].filter((handler) => !byFunction.has(handler)).sort();
  const unused = [...model.functions.values()]
    .flatMap((deployed) => grantsOf(deployed))
    .filter((grant) => !(byFunction.get(grant.function) ?? []).some((call) => iamPatternMatches(grant.action, call.action) && iamPatternMatches(grant.resource, call.resource)));
  return { unused, functionsNeverRun };
}
