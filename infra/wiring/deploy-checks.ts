import { localWiring } from '../local/local-wiring';
import type { TestApp } from '../stacks/test-app';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { queueNameOf, recordedCallsDir, type RecordedCall } from '../local/recorded-aws-calls';
import { checkRecordedCalls, readRecordedCalls, summaryOf } from './check-recorded-calls';
import { cloudWiringOf, templatesOf, wiringDifferences } from './cloud-wiring';
import { environmentFindings, portalFunctionsOf, variablesNamedIn } from './function-environment';
import { queueWorkers } from '../definitions';
import type { CfnTemplate } from './template-values';

/** What a check of `npm run deploy -- --dry-run` is given. */
export interface DeployCheckInput {
  /** The app of the configuration being deployed, synthesized in this process (no bundling): its stacks and templates. */
  readonly app: TestApp;
  /** The cloud assembly `cdk synth` wrote (templates, bundled handlers), what `cdk deploy` would upload. */
  readonly assemblyDir: string;
}

/**
 * A check the dry run makes of the synthesized app beside cdk-nag and cfn-lint. It answers what is wrong, each a
 * sentence naming the function, queue or resource; none when it passes.
 */
export interface DeployCheck {
  readonly name: string;
  /** What passing proves, in one line. */
  readonly proves: string;
  /** What is wrong (nothing when it passes), or why it could not look (said as such, never as a pass). */
  run(input: DeployCheckInput): DeployCheckAnswer | Promise<DeployCheckAnswer>;
}

export type DeployCheckAnswer = readonly string[] | { readonly skipped: string };

/** The checks of issue 33, in the order they run; a check joins by being added here. */
export const deployChecks: readonly DeployCheck[] = [
  {
    name: 'wiring',
    proves: 'the local cloud runs the queues, workers, schedules, table stream and function timeouts and memory the templates deploy',
    run: ({ app }) => wiringDifferences(cloudWiringOf(templatesOf(app)), localWiring()),
  },
  {
    name: 'settings',
    proves: 'every function is set each environment variable its bundle (as cdk synth built it) reads, and nothing it does not',
    run: ({ assemblyDir }) => {
      const templates = readdirSync(assemblyDir).filter((file) => file.endsWith('.template.json')).map((file) => JSON.parse(readFileSync(join(assemblyDir, file), 'utf8')) as AssemblyTemplate);
      const reads = new Map<string, ReturnType<typeof variablesNamedIn>>();
      const functions = portalFunctionsOf(templates.map((template) => Template.fromJSON(template)));
      for (const template of templates) {
        for (const fn of functions) {
          const assetPath = template.Resources[fn.id]?.Metadata?.['aws:asset:path'];
          const bundle = assetPath === undefined ? undefined : join(assemblyDir, assetPath, 'index.mjs');
          if (bundle && existsSync(bundle)) reads.set(fn.handler, variablesNamedIn(readFileSync(bundle, 'utf8')));
        }
      }
      // Without the sandbox the card actions answer CARD_ISSUER_NOT_CONFIGURED before its settings are read, though
      // their bundles carry its code (functions/issuer/issuer-in-use.ts): only a sandbox deployment sets them.
      if (!templates.some(deploysSandbox)) for (const [handler, read] of reads) reads.set(handler, read.filter((name) => !sandboxSettings.has(name)));
      return environmentFindings(reads, functions);
    },
  },
  {
    name: 'roles',
    proves: 'every AWS call the last test run recorded (test-results/aws-calls, `npm test`) is allowed by its function\'s role',
    run: async ({ app }) => {
      const files = readRecordedCalls(recordedCallsDir);
      if (files.length === 0) {
        // Not a failure of the deployment: the rehearsal of a checkout whose tests have not run here.
        return { skipped: `no recorded calls in ${recordedCallsDir}: \`npm test\` records them; run it, then the dry run again` };
      }
      const templates = { stateful: app.statefulTemplate.toJSON() as CfnTemplate, stateless: app.statelessTemplate.toJSON() as CfnTemplate };
      // The tests always run the sandbox; a deployment without it never sends to its queue or runs its worker.
      const withoutSandbox = deploysSandbox(templates.stateless)
        ? files
        : files.map((file) => {
            const sandboxQueue = file.environment.ISSUER_SANDBOX_QUEUE_URL;
            const sandboxCall = (call: RecordedCall) => sandboxHandlers.has(call.function) || (sandboxQueue !== undefined && call.resource.endsWith(`:${queueNameOf(sandboxQueue)}`));
            return { ...file, calls: file.calls.filter((call) => !sandboxCall(call)) };
          });
      const report = await checkRecordedCalls(templates, withoutSandbox);
      console.log(`  ${summaryOf(report)}`);
      return report.problems;
    },
  },
];

interface AssemblyTemplate {
  Resources: Record<string, { Type: string; Metadata?: Record<string, string>; Properties?: Record<string, unknown> }>;
}

const sandboxSettings: ReadonlySet<string> = new Set(['ISSUER_SANDBOX_QUEUE_URL', 'ISSUER_SANDBOX_DELIVERY_SECONDS']);
/** The functions only a deployment with the card issuer sandbox has: the workers of its queue. */
const sandboxHandlers: ReadonlySet<string> = new Set(queueWorkers.filter((worker) => worker.queue === 'issuerSandbox').map((worker) => worker.handler));

/** Whether a template's functions talk to the card issuer sandbox (the deploy configuration's issuerSandbox). */
function deploysSandbox(template: AssemblyTemplate | CfnTemplate): boolean {
  return Object.values(template.Resources).some(
    (resource) => resource.Type === 'AWS::Lambda::Function' && (resource.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.CARD_ISSUER === 'sandbox',
  );
}
