import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import * as z from 'zod';
import { cfnLintProblem, lintTemplates } from './cfn-lint';
import { repoRoot } from './constructs/repo-paths';
import { deployChecks } from './wiring/deploy-checks';
import { deployConfigContextKey, loadDeployConfig } from './deploy-config';

/**
 * `npm run deploy [-- <cdk arguments>]`: the configuration check, the SPA's build and `cdk deploy --all` with the
 * arguments (e.g. `-c portalUrl=…`), with the shell's AWS credentials.
 *
 * `npm run deploy -- --dry-run [<cdk arguments>]`: the rehearsal, with no AWS credentials (every AWS_* credential and
 * profile left out, no config or credentials file, no instance metadata; the stacks name no account): the
 * configuration check, `cdk synth` (esbuild's real bundles, and cdk-nag, which fails it on a finding), cfn-lint on
 * every template, the checks of deploy-checks.ts, then what a deploy would create, stack by stack, and the commands of
 * the real deploy. It stops at the first step that fails, with a non-zero exit.
 */

interface Command {
  readonly program: string;
  readonly args: readonly string[];
}

const commandText = (command: Command) => [command.program, ...command.args].map((part) => (/^[\w@%+=:,./-]+$/.test(part) ? part : `'${part.replaceAll("'", "'\\''")}'`)).join(' ');

/** The configuration must be valid and chosen (infra/deploy-config.ts deployBlockers), or nothing is built. */
const configCheck: Command = { program: 'node', args: ['--import', 'tsx', 'infra/check-deploy-config.ts'] };

/** The real deploy, in order: what `npm run deploy` runs, and what the dry run prints at its end. */
function realDeployCommands(cdkArgs: readonly string[]): Command[] {
  return [
    configCheck,
    { program: 'npm', args: ['run', 'build'] },
    { program: 'npx', args: ['cdk', 'deploy', '--all', ...cdkArgs] },
  ];
}

/** The cloud assembly `cdk synth` writes (cdk.json's default). */
const assemblyDir = join(repoRoot, 'cdk.out');

class StepFailed extends Error {}

function run(command: Command, env: NodeJS.ProcessEnv): void {
  const result = spawnSync(command.program, command.args, { cwd: repoRoot, env, stdio: 'inherit' });
  if (result.error) throw new StepFailed(`\`${commandText(command)}\` could not start: ${result.error.message}`);
  if (result.status !== 0) throw new StepFailed(`\`${commandText(command)}\` ended with ${result.status === null ? `signal ${String(result.signal)}` : `exit code ${result.status}`}`);
}

/** esbuild's lines for each handler it bundles (its name, its files' sizes, its time): shown as a count instead. */
const bundlingNoise = /^(\s*|Bundling asset .*|\s+\.\.\..*|⚡ Done in .*|Supply a stack id .*)$/;

/** Runs `cdk synth`, showing its lines but esbuild's per handler, which it counts. */
async function synthesize(command: Command, env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(command.program, command.args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let bundled = 0;
  const shown = (stream: NodeJS.ReadableStream, write: (line: string) => void) =>
    new Promise<void>((resolve) => {
      const lines = createInterface({ input: stream });
      lines.on('line', (line) => {
        if (line.startsWith('Bundling asset ')) bundled += 1;
        if (!bundlingNoise.test(line)) write(line);
      });
      lines.on('close', resolve);
    });
  const ended = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const [status] = await Promise.all([ended, shown(child.stdout, (line) => console.log(line)), shown(child.stderr, (line) => console.error(line))]).catch((error: unknown) => {
    throw new StepFailed(`\`${commandText(command)}\` could not start: ${error instanceof Error ? error.message : String(error)}`);
  });
  if (status !== 0) throw new StepFailed(`\`${commandText(command)}\` ended with ${status === null ? 'a signal' : `exit code ${status}`}`);
  console.log(`${bundled} handlers bundled by esbuild`);
}

/**
 * The environment with no way to AWS credentials: no AWS_* variable but the region, no shared config or credentials
 * file, no instance metadata. The CDK CLI's telemetry stays off as well: the rehearsal talks to nobody.
 */
function withoutAwsCredentials(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const kept = Object.entries(env).filter(([name]) => !name.startsWith('AWS_') || name === 'AWS_REGION' || name === 'AWS_DEFAULT_REGION');
  const nowhere = join(tmpdir(), 'portal-deploy-dry-run-has-no-aws-config');
  return { ...Object.fromEntries(kept), AWS_CONFIG_FILE: nowhere, AWS_SHARED_CREDENTIALS_FILE: nowhere, AWS_EC2_METADATA_DISABLED: 'true', CDK_DISABLE_CLI_TELEMETRY: 'true' };
}

/** The `-c key=value` (`--context`) pairs among the CDK arguments, as the CLI hands them to the app. */
function contextOf(cdkArgs: readonly string[]): Record<string, string> {
  const context: Record<string, string> = {};
  for (const [index, arg] of cdkArgs.entries()) {
    const pair = arg.startsWith('--context=') ? arg.slice('--context='.length) : arg === '-c' || arg === '--context' ? cdkArgs[index + 1] : undefined;
    const separator = pair?.indexOf('=') ?? -1;
    if (pair && separator > 0) context[pair.slice(0, separator)] = pair.slice(separator + 1);
  }
  return context;
}

const manifestSchema = z.object({
  artifacts: z.record(
    z.string(),
    z.object({ type: z.string(), environment: z.string().optional(), displayName: z.string().optional(), properties: z.object({ templateFile: z.string() }).partial().optional() }),
  ),
});
const templateSchema = z.object({ Resources: z.record(z.string(), z.object({ Type: z.string(), Metadata: z.record(z.string(), z.unknown()).optional() })).default({}) });

/** Resource types by the name an operator knows them by (one, several); the rest are shown by their type alone. */
const typeNames: Record<string, readonly [string, string]> = {
  'AWS::Lambda::Function': ['function', 'functions'],
  'AWS::SQS::Queue': ['queue', 'queues'],
  'AWS::S3::Bucket': ['bucket', 'buckets'],
  'AWS::CloudWatch::Alarm': ['alarm', 'alarms'],
  'AWS::IAM::Role': ['role', 'roles'],
  'AWS::IAM::Policy': ['role policy', 'role policies'],
  'AWS::Logs::LogGroup': ['log group', 'log groups'],
  'AWS::Events::Rule': ['schedule rule', 'schedule rules'],
  'AWS::Scheduler::Schedule': ['Scheduler schedule', 'Scheduler schedules'],
  'AWS::Lambda::EventSourceMapping': ['event source mapping', 'event source mappings'],
  'AWS::ApiGatewayV2::Route': ['API route', 'API routes'],
  'AWS::DynamoDB::Table': ['table', 'tables'],
  'AWS::Cognito::UserPool': ['user pool', 'user pools'],
  'AWS::KMS::Key': ['KMS key', 'KMS keys'],
  'AWS::SNS::Topic': ['SNS topic', 'SNS topics'],
  'AWS::CloudFront::Distribution': ['CloudFront distribution', 'CloudFront distributions'],
  'AWS::SecretsManager::Secret': ['secret', 'secrets'],
  'AWS::WAFv2::WebACL': ['web ACL', 'web ACLs'],
  'AWS::CloudFormation::Stack': ['nested stack', 'nested stacks'],
};

/** Counts a template's resources by type, the resources of its nested stacks (their templates beside it) included. */
function countResources(dir: string, templateFile: string, counts: Map<string, number>): void {
  const template = templateSchema.parse(JSON.parse(readFileSync(join(dir, templateFile), 'utf8')));
  for (const resource of Object.values(template.Resources)) {
    counts.set(resource.Type, (counts.get(resource.Type) ?? 0) + 1);
    const nested = resource.Metadata?.['aws:asset:path'];
    if (resource.Type === 'AWS::CloudFormation::Stack' && typeof nested === 'string') countResources(dir, nested, counts);
  }
}

/** Per stack of the assembly, what a deploy would create, by type. */
function resourceSummary(dir: string): string[] {
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')));
  const lines: string[] = [];
  for (const [id, artifact] of Object.entries(manifest.artifacts)) {
    const templateFile = artifact.properties?.templateFile;
    if (artifact.type !== 'aws:cloudformation:stack' || !templateFile) continue;
    const counts = new Map<string, number>();
    countResources(dir, templateFile, counts);
    const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
    const [account, region] = (artifact.environment ?? 'aws://unknown-account/unknown-region').replace(/^aws:\/\//, '').split('/');
    const where = `${account === 'unknown-account' ? "the credentials' account" : `account ${account ?? '?'}`}, ${region === 'unknown-region' ? "the credentials' region" : (region ?? '?')}`;
    lines.push(`${artifact.displayName ?? id}: ${total} resources (${where})`);
    const byCount = [...counts].sort(([typeA, countA], [typeB, countB]) => countB - countA || typeA.localeCompare(typeB));
    for (const [type, count] of byCount) {
      const name = typeNames[type];
      lines.push(`  ${String(count).padStart(4)} ${name ? `${count === 1 ? name[0] : name[1]} (${type})` : type}`);
    }
  }
  return lines;
}

interface Step {
  readonly name: string;
  run(): void | Promise<void>;
}

async function runSteps(steps: readonly Step[], what: string): Promise<boolean> {
  for (const step of steps) {
    console.log(`\n━━ ${step.name}`);
    const started = performance.now();
    try {
      await step.run();
    } catch (error) {
      const message = error instanceof StepFailed ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
      console.error(`\n✗ ${what} stopped at "${step.name}": ${message}`);
      return false;
    }
    console.log(`✓ ${step.name} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  return true;
}

function dryRunSteps(cdkArgs: readonly string[]): Step[] {
  const env = withoutAwsCredentials(process.env);
  return [
    { name: 'configuration', run: () => run(configCheck, env) },
    {
      name: 'cdk synth (esbuild bundles every handler, a few minutes; cdk-nag)',
      run: () => synthesize({ program: 'npx', args: ['cdk', 'synth', '--quiet', '--no-notices', '--output', assemblyDir, ...cdkArgs] }, env),
    },
    {
      name: 'cfn-lint',
      run: () => {
        const problem = cfnLintProblem();
        if (problem) throw new StepFailed(problem);
        const templates = readdirSync(assemblyDir).filter((file) => file.endsWith('.template.json')).map((file) => join(assemblyDir, file));
        const linted = lintTemplates(templates);
        if (linted.findings.length > 0) throw new StepFailed(`cfn-lint found:\n${linted.findings.map((finding) => `  ${finding}`).join('\n')}`);
        if (linted.status !== 0) throw new StepFailed(`cfn-lint failed itself (exit code ${String(linted.status)}): ${linted.stderr}`);
        console.log(`${templates.length} templates, no finding`);
      },
    },
    {
      name: `checks: ${deployChecks.map((check) => check.name).join(', ')}`,
      run: async () => {
        // The same app again, in this process without bundling, for checks that read its stacks as well as its templates.
        for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
        Object.assign(process.env, env);
        const { synthesizeTestApp } = await import('./stacks/test-app');
        const app = synthesizeTestApp({ ...contextOf(cdkArgs), [deployConfigContextKey]: loadDeployConfig(undefined).config });
        const failed: string[] = [];
        for (const check of deployChecks) {
          const answer = await check.run({ app, assemblyDir });
          if ('skipped' in answer) {
            console.log(`- ${check.name} NOT CHECKED: ${answer.skipped}`);
            continue;
          }
          const problems = answer;
          console.log(`${problems.length === 0 ? '✓' : '✗'} ${check.name}: ${check.proves}`);
          for (const problem of problems) console.log(`    ${problem}`);
          if (problems.length > 0) failed.push(check.name);
        }
        if (failed.length > 0) throw new StepFailed(`${failed.join(', ')} found problems (above)`);
      },
    },
    {
      name: 'what a deploy would create',
      run: () => {
        for (const line of resourceSummary(assemblyDir)) console.log(line);
      },
    },
  ];
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const dryRun = args.includes('--dry-run');
  const cdkArgs = args.filter((arg) => arg !== '--dry-run');
  const commands = realDeployCommands(cdkArgs);
  if (!dryRun) {
    const steps = commands.map((command) => ({ name: commandText(command), run: () => run(command, process.env) }));
    return (await runSteps(steps, 'The deploy')) ? 0 : 1;
  }
  const started = performance.now();
  if (!(await runSteps(dryRunSteps(cdkArgs), 'The dry run'))) return 1;
  console.log(`\nThe dry run passed in ${((performance.now() - started) / 1000).toFixed(0)} s, without AWS credentials.`);
  console.log(`With the account's credentials and AWS_REGION set, \`npm run deploy${cdkArgs.length > 0 ? ` -- ${cdkArgs.map((arg) => commandText({ program: arg, args: [] })).join(' ')}` : ''}\` runs:`);
  for (const command of commands) console.log(`  ${commandText(command)}`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
