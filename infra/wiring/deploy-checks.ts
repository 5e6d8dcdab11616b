import { localWiring } from '../local/local-wiring';
import type { TestApp } from '../stacks/test-app';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { recordedCallsDir } from '../local/recorded-aws-calls';
import { checkRecordedCalls, readRecordedCalls, summaryOf } from './check-recorded-calls';
import { cloudWiringOf, templatesOf, wiringDifferences } from './cloud-wiring';
import { environmentFindings, portalFunctionsOf, variablesNamedIn } from './function-environment';
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
  run(input: DeployCheckInput): readonly string[] | Promise<readonly string[]>;
}

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
        console.warn(`  NOT CHECKED: no recorded calls in ${recordedCallsDir}. \`npm test\` records them; run it, then the dry run again.`);
        return [];
      }
      const report = await checkRecordedCalls({ stateful: app.statefulTemplate.toJSON() as CfnTemplate, stateless: app.statelessTemplate.toJSON() as CfnTemplate }, files);
      console.log(`  ${summaryOf(report)}`);
      return report.problems;
    },
  },
];

interface AssemblyTemplate {
  Resources: Record<string, { Type: string; Metadata?: Record<string, string> }>;
}
