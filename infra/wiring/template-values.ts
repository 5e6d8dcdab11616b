import { queueNameOf, recordedAccountId, recordedRegion } from '../local/recorded-aws-calls';

/** A synthesized CloudFormation template, as far as the wiring checks read it. */
export interface CfnTemplate {
  Resources: Record<string, { Type: string; Properties?: Record<string, unknown> }>;
  Outputs?: Record<string, { Value: unknown; Export?: { Name: unknown } }>;
}

export type StackName = 'stateful' | 'stateless';

export interface PortalTemplates {
  stateful: CfnTemplate;
  stateless: CfnTemplate;
}

const pseudoParameters: Readonly<Record<string, string>> = {
  'AWS::Partition': 'aws',
  'AWS::Region': recordedRegion,
  'AWS::AccountId': recordedAccountId,
  'AWS::URLSuffix': 'amazonaws.com',
  'AWS::StackName': 'portal',
  'AWS::NoValue': '',
};

const arnPrefix = (service: string) => `arn:aws:${service}:${recordedRegion}:${recordedAccountId}`;

/**
 * Resolves the templates' intrinsic functions to the values a deployment would see, in the recorded calls' account and
 * region, with each resource named as the local cloud names it. The tie between the two is the functions'
 * environment: where a template sets TABLE_NAME to the table's Ref and the local cloud set TABLE_NAME to 'portal', the
 * table is called 'portal', so the ARNs the roles name are the ARNs the recorded calls name. A resource no variable
 * names gets its logical id as its name: no recorded call can reach it, as the functions only learn names from their
 * environment.
 */
export class TemplateValues {
  private readonly physicalRefs = new Map<string, string>();
  private readonly exports = new Map<string, unknown>();

  constructor(
    readonly templates: PortalTemplates,
    localEnvironment: Readonly<Record<string, string>>,
  ) {
    for (const output of Object.values(templates.stateful.Outputs ?? {})) {
      if (typeof output.Export?.Name === 'string') this.exports.set(output.Export.Name, output.Value);
    }
    for (const stack of ['stateful', 'stateless'] as const) {
      for (const resource of Object.values(templates[stack].Resources)) {
        if (resource.Type !== 'AWS::Lambda::Function') continue;
        const variables = (resource.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
        for (const [name, value] of Object.entries(variables)) {
          const local = localEnvironment[name];
          const pointed = pointeeOf(templates, stack, value);
          // A variable set to a resource itself (its Ref), not to one of its attributes or a pseudo parameter.
          const target = pointed && pointed.attribute === null && pointed.logicalId in templates[pointed.stack].Resources ? pointed : null;
          if (local === undefined || !target) continue;
          const key = `${target.stack}:${target.logicalId}`;
          const named = this.physicalRefs.get(key);
          // One resource, one local name, and the other way round: else a variable points at the wrong resource.
          if (named !== undefined && named !== local) throw new Error(`${key} is ${named} by one function's ${name}, ${local} by another's`);
          const other = [...this.physicalRefs].find(([otherKey, value]) => value === local && otherKey !== key);
          if (other) throw new Error(`${name} names ${local}, the local name of ${other[0]}, for ${key}`);
          this.physicalRefs.set(key, local);
        }
      }
    }
  }

  /** A value of a template with every intrinsic function resolved. */
  resolve(stack: StackName, value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.resolve(stack, item));
    if (!isRecord(value)) return value;
    const keys = Object.keys(value);
    if (keys.length === 1) {
      const [key] = keys as [string];
      const argument = value[key];
      switch (key) {
        case 'Ref':
          return this.ref(stack, String(argument));
        case 'Fn::GetAtt': {
          const [logicalId, attribute] = Array.isArray(argument) ? argument.map(String) : String(argument).split(/\.(.*)/);
          return this.attribute(stack, logicalId ?? '', attribute ?? '');
        }
        case 'Fn::ImportValue': {
          const name = String(this.resolve(stack, argument));
          const exported = this.exports.get(name);
          if (exported === undefined) throw new Error(`no export ${name} in the stateful stack`);
          return this.resolve('stateful', exported);
        }
        case 'Fn::Join': {
          const [separator, items] = argument as [string, unknown[]];
          return (this.resolve(stack, items) as unknown[]).map(String).join(separator);
        }
        case 'Fn::Select': {
          const [index, items] = argument as [unknown, unknown];
          return (this.resolve(stack, items) as unknown[])[Number(this.resolve(stack, index))];
        }
        case 'Fn::Split': {
          const [separator, text] = argument as [string, unknown];
          return String(this.resolve(stack, text)).split(separator);
        }
        case 'Fn::Sub': {
          const [text, variables] = Array.isArray(argument) ? (argument as [string, Record<string, unknown>]) : [String(argument), {}];
          return text.replace(/\$\{([^}!]+)\}/g, (_, name: string) => {
            if (name in variables) return String(this.resolve(stack, variables[name]));
            const [logicalId, attribute] = name.split(/\.(.*)/);
            return String(attribute ? this.attribute(stack, logicalId ?? '', attribute) : this.ref(stack, name));
          });
        }
        default:
          if (key.startsWith('Fn::')) throw new Error(`the wiring checks do not resolve ${key}`);
      }
    }
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.resolve(stack, item)]));
  }

  private resourceOf(stack: StackName, logicalId: string) {
    const resource = this.templates[stack].Resources[logicalId];
    if (!resource) throw new Error(`no resource ${logicalId} in the ${stack} template`);
    return resource;
  }

  private ref(stack: StackName, name: string): string {
    const pseudo = pseudoParameters[name];
    if (pseudo !== undefined) return pseudo;
    const known = this.physicalRefs.get(`${stack}:${name}`);
    if (known !== undefined) return known;
    switch (this.resourceOf(stack, name).Type) {
      case 'AWS::S3::Bucket':
        return name.toLowerCase();
      case 'AWS::SQS::Queue':
        return `https://sqs.${recordedRegion}.amazonaws.com/${recordedAccountId}/${name}`;
      case 'AWS::Cognito::UserPool':
        return `${recordedRegion}_${name}`;
      case 'AWS::SecretsManager::Secret':
        return `${arnPrefix('secretsmanager')}:secret:${name}`;
      case 'AWS::SNS::Topic':
        return `${arnPrefix('sns')}:${name}`;
      default:
        return name;
    }
  }

  private attribute(stack: StackName, logicalId: string, attribute: string): string {
    const type = this.resourceOf(stack, logicalId).Type;
    const ref = this.ref(stack, logicalId);
    const byType: Record<string, Record<string, () => string>> = {
      'AWS::DynamoDB::Table': {
        Arn: () => `${arnPrefix('dynamodb')}:table/${ref}`,
        // DynamoDB Local's stream label is the time it was made; the recorded calls name every stream 'local'.
        StreamArn: () => `${arnPrefix('dynamodb')}:table/${ref}/stream/local`,
      },
      'AWS::S3::Bucket': {
        Arn: () => `arn:aws:s3:::${ref}`,
        DomainName: () => `${ref}.s3.amazonaws.com`,
        RegionalDomainName: () => `${ref}.s3.${recordedRegion}.amazonaws.com`,
      },
      'AWS::SQS::Queue': {
        Arn: () => `${arnPrefix('sqs')}:${queueNameOf(ref)}`,
        QueueName: () => queueNameOf(ref),
        QueueUrl: () => ref,
      },
      'AWS::Cognito::UserPool': {
        Arn: () => `${arnPrefix('cognito-idp')}:userpool/${ref}`,
        ProviderName: () => `cognito-idp.${recordedRegion}.amazonaws.com/${ref}`,
      },
      'AWS::KMS::Key': { Arn: () => `${arnPrefix('kms')}:key/${ref}` },
      'AWS::Logs::LogGroup': { Arn: () => `${arnPrefix('logs')}:log-group:${ref}:*` },
      'AWS::Lambda::Function': { Arn: () => `${arnPrefix('lambda')}:function:${ref}` },
      'AWS::IAM::Role': { Arn: () => `arn:aws:iam::${recordedAccountId}:role/${ref}` },
      'AWS::SNS::Topic': { TopicArn: () => ref },
      'AWS::SecretsManager::Secret': { Id: () => ref },
    };
    const value = byType[type]?.[attribute];
    return value ? value() : `${ref}.${attribute}`;
  }
}

/** A Ref or GetAtt: the logical id it names and, for a GetAtt, the attribute. */
function referenceIn(value: unknown): { logicalId: string; attribute: string | null } | null {
  if (!isRecord(value)) return null;
  if (typeof value.Ref === 'string') return { logicalId: value.Ref, attribute: null };
  const getAtt = value['Fn::GetAtt'];
  const [logicalId, attribute] = Array.isArray(getAtt) ? getAtt : typeof getAtt === 'string' ? getAtt.split(/\.(.*)/) : [];
  return typeof logicalId === 'string' ? { logicalId, attribute: typeof attribute === 'string' ? attribute : null } : null;
}

/**
 * The resource a value of a template points at by Ref or GetAtt: one of its own stack's, or (from the stateless
 * stack) the stateful stack's whose export it imports.
 */
export function pointeeOf(
  templates: { stateful: Pick<CfnTemplate, 'Outputs'> },
  stack: StackName,
  value: unknown,
): { stack: StackName; logicalId: string; attribute: string | null } | null {
  const own = referenceIn(value);
  if (own) return { stack, ...own };
  const imported = isRecord(value) ? value['Fn::ImportValue'] : undefined;
  if (imported === undefined || stack !== 'stateless') return null;
  const output = Object.values(templates.stateful.Outputs ?? {}).find((candidate) => JSON.stringify(candidate.Export?.Name) === JSON.stringify(imported));
  const exported = output ? referenceIn(output.Value) : null;
  return exported ? { stack: 'stateful', ...exported } : null;
}


export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
