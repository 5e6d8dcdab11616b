import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cloudwatchActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { type ICommandHooks, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { posix } from 'node:path';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { PortalVariableName } from '../../functions/platform/env';
import { handlerBundling } from './handler-bundling';
import { bundledFiles } from '../definitions';
import { handlerEntry, repoRoot } from './repo-paths';

export interface PortalFunctionProps {
  /** Module under functions/ without extension, as the route manifest names it. */
  readonly handler: string;
  /** Settings known when the function is made; the stateless stack adds each function's own as it grants them. */
  readonly environment?: Readonly<Partial<Record<PortalVariableName, string>>>;
  /**
   * Whether the handler loads the portal's logger (functions/platform/logger.ts), which reads its service name and
   * level from the environment. Only a handler that logs nothing of its own (the Cognito trigger) goes without.
   */
  readonly logs?: boolean;
  readonly memorySize: number;
  readonly timeout: Duration;
  readonly description?: string;
  /** The portal's alarms topic: the function's failures alarm notifies it. */
  readonly alarmTopic: sns.ITopic;
}

const roleDescriptionPrefix = 'Runs functions/';

/** The handler a PortalFunction's role says its function runs (the template's way back to it), if it is one. */
export function handlerOfRoleDescription(description: string): string | undefined {
  return description.startsWith(roleDescriptionPrefix) ? description.slice(roleDescriptionPrefix.length) : undefined;
}

/**
 * The handler a template's AWS::Lambda::Function runs, through its role in the same template; undefined for a
 * library's own function (the SPA's deployment), whose role names none.
 */
export function handlerOfTemplateFunction(
  resources: Readonly<Record<string, { Properties?: Record<string, unknown> } | undefined>>,
  fn: { Properties?: Record<string, unknown> },
): string | undefined {
  const roleId = (fn.Properties?.Role as { 'Fn::GetAtt'?: [string, string] } | undefined)?.['Fn::GetAtt']?.[0];
  const description = roleId === undefined ? undefined : resources[roleId]?.Properties?.Description;
  return typeof description === 'string' ? handlerOfRoleDescription(description) : undefined;
}

/**
 * A Lambda function built from one handler module, with its own log group and a role that can write only to it
 * (instead of the AWS-managed basic execution policy, which allows writing to every log group of the account).
 */
export class PortalFunction extends Construct {
  readonly handler: string;
  readonly function: NodejsFunction;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;
  /** Fires when an invocation fails (an error thrown, a timeout, running out of memory) or is throttled. */
  readonly failuresAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: PortalFunctionProps) {
    super(scope, id);
    this.handler = props.handler;
    // Retained with the stack gone: logs may be needed to investigate what happened to money or accounts.
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: logs.RetentionDays.ONE_YEAR,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `${roleDescriptionPrefix}${props.handler}`,
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
      // The logger's service is the handler, so a line says which function wrote it (functions/platform/logger.ts).
      environment: { ...(props.logs === false ? {} : { POWERTOOLS_SERVICE_NAME: props.handler, POWERTOOLS_LOG_LEVEL: 'INFO' }), ...props.environment } satisfies Partial<Record<PortalVariableName, string>>,
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
        ...filesBesideBundle(props.handler),
      },
    });
    this.failuresAlarm = this.createFailuresAlarm(props);
  }

  /**
   * One alarm on errors and throttles together (half the alarms of one each: CloudFormation counts resources per
   * stack). Any failed or throttled invocation in 5 minutes fires it: an API function answers a request's error itself
   * (4xx, or 500 through the API's 5xx alarm), so an error here is a crash, a timeout or a worker or job that failed;
   * a throttle means the account's concurrency ran out. A period with no invocation is not a failure.
   */
  private createFailuresAlarm(props: PortalFunctionProps): cloudwatch.Alarm {
    const period = Duration.minutes(5);
    const alarm = new cloudwatch.Alarm(this, 'FailuresAlarm', {
      alarmDescription:
        `functions/${props.handler} failed or was throttled in the last 5 minutes. Its log group shows the error; ` +
        'a throttle means the account ran out of Lambda concurrency.',
      metric: new cloudwatch.MathExpression({
        expression: 'FILL(errors, 0) + FILL(throttles, 0)',
        label: `Failed or throttled invocations of functions/${props.handler}`,
        usingMetrics: {
          errors: this.function.metricErrors({ period, statistic: cloudwatch.Stats.SUM }),
          throttles: this.function.metricThrottles({ period, statistic: cloudwatch.Stats.SUM }),
        },
        period,
      }),
      threshold: 0,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new cloudwatchActions.SnsAction(props.alarmTopic));
    return alarm;
  }
}

/**
 * The files a function reads beside its bundle (definitions.ts bundledFiles), copied into its asset once esbuild has
 * written the bundle; none for most functions.
 */
export function filesBesideBundle(handler: string): { commandHooks?: ICommandHooks } {
  const files = bundledFiles[handler] ?? [];
  if (files.length === 0) return {};
  return {
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (inputDir, outputDir) =>
        files.flatMap((file) => [`mkdir -p "${outputDir}/${posix.dirname(file.to)}"`, `cp "${inputDir}/${file.from}" "${outputDir}/${file.to}"`]),
    },
  };
}
