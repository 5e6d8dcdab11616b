import { type Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { handlerBundling } from './handler-bundling';
import { handlerEntry, repoRoot } from './repo-paths';

export interface PortalFunctionProps {
  /** Module under functions/ without extension, as the route manifest names it. */
  readonly handler: string;
  readonly environment: Readonly<Record<string, string>>;
  readonly memorySize: number;
  readonly timeout: Duration;
  readonly description?: string;
}

/**
 * A Lambda function built from one handler module, with its own log group and a role that can write only to it
 * (instead of the AWS-managed basic execution policy, which allows writing to every log group of the account).
 */
export class PortalFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: PortalFunctionProps) {
    super(scope, id);
    // Retained with the stack gone: logs may be needed to investigate what happened to money or accounts.
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: logs.RetentionDays.ONE_YEAR,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs functions/${props.handler}`,
    });
    this.logGroup.grantWrite(this.role);

    this.function = new NodejsFunction(this, 'Function', {
      entry: handlerEntry(props.handler),
      handler: 'handler',
      description: props.description ?? `functions/${props.handler}`,
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout,
      role: this.role,
      logGroup: this.logGroup,
      // The bundle ships its source map, but Node does not load it (--enable-source-maps would parse it on every cold
      // start): a logged error maps its own stack to the TypeScript sources (functions/platform/readable-error.ts).
      environment: { ...props.environment },
      projectRoot: repoRoot,
      depsLockFilePath: `${repoRoot}package-lock.json`,
      bundling: {
        format: OutputFormat.ESM,
        target: handlerBundling.target,
        minify: handlerBundling.minify,
        sourceMap: true,
        sourcesContent: false,
        mainFields: [...handlerBundling.mainFields],
        banner: handlerBundling.banner,
        tsconfig: `${repoRoot}tsconfig.json`,
        externalModules: [...handlerBundling.external],
        esbuildArgs: Object.fromEntries(Object.entries(handlerBundling.alias).map(([from, to]) => [`--alias:${from}`, to])),
      },
    });
  }
}
