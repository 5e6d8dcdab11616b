import { localWiring } from './local/local-wiring';
import type { TestApp } from './stacks/test-app';
import { cloudWiringOf, templatesOf, wiringDifferences } from './wiring';

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
];
