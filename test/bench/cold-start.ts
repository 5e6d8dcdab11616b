import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from '../../infra/local/settings';
import { handlerEntry } from '../../infra/constructs/repo-paths';
import { buildBundle, type BuiltBundle, deployedHandlers, type SdkPlacement, stackSdkPlacement } from './handler-bundles';

/**
 * The cold-start section of `npm run bench`: every deployed handler is bundled as the stack bundles it and imported
 * by fresh Node processes, its median wall time set against a reference handler that only creates the DynamoDB
 * document client. Budgets are shown, never asserted: timings depend on the machine.
 */

export interface ColdStartOptions {
  rounds: number;
  /** All variants in the same rounds, so their ratios are comparable; otherwise only the stack's own. */
  allVariants: boolean;
}

interface Variant {
  name: string;
  sdk: SdkPlacement;
  /**
   * NODE_OPTIONS=--enable-source-maps for the child: what Node's own source-map support costs at import. Deployed
   * functions do not pay it; they map a stack when they log one (functions/platform/readable-error.ts).
   */
  enableSourceMaps: boolean;
  description: string;
}

const sdkDescription: Record<SdkPlacement, string> = {
  external: '@aws-sdk/* external, loaded from node_modules as Lambda loads the runtime\'s copy',
  bundled: 'the AWS SDK bundled, tree-shaken and minified into each handler',
};

const stackVariant: Variant = { name: stackSdkPlacement, sdk: stackSdkPlacement, enableSourceMaps: false, description: `${sdkDescription[stackSdkPlacement]} (the stack's choice)` };
const otherSdk: SdkPlacement = stackSdkPlacement === 'external' ? 'bundled' : 'external';
const allVariants: Variant[] = [
  stackVariant,
  { name: otherSdk, sdk: otherSdk, enableSourceMaps: false, description: sdkDescription[otherSdk] },
  {
    name: `${stackSdkPlacement}+source-maps`,
    sdk: stackSdkPlacement,
    enableSourceMaps: true,
    description: `the stack's choice run with NODE_OPTIONS=--enable-source-maps (deployed functions run without it)`,
  },
];

const budget = { medianRatio: 1.25, worstRatio: 1.6, codeKb: 250 } as const;
const timedWithout = (bundle: BundleUnderTest) => !bundle.variant.enableSourceMaps;

const referenceHandlersDir = join(projectRoot, 'test', 'bench', 'reference-handlers');
const helloWorld = 'reference/hello-world';
const dynamoDbReference = 'reference/dynamodb-document-client';

/**
 * What a Lambda function's process starts with, and nothing of this machine's environment: no credentials, no
 * NODE_OPTIONS, no endpoints. A handler must import with only this; if one needs more at import, that is a finding.
 */
const lambdaLikeEnvironment: Record<string, string> = {
  AWS_REGION: 'eu-north-1',
  AWS_DEFAULT_REGION: 'eu-north-1',
  AWS_ACCESS_KEY_ID: 'AKIABENCHCOLDSTART00',
  AWS_SECRET_ACCESS_KEY: 'cold-start-bench-dummy-secret',
  AWS_LAMBDA_FUNCTION_NAME: 'cold-start-bench',
  TZ: ':UTC',
  LANG: 'en_US.UTF-8',
};

interface BundleUnderTest {
  variant: Variant;
  name: string;
  build: BuiltBundle | { error: string };
}

interface Timing {
  samplesMs: number[];
  error?: string;
}

// Bundles depend only on where the SDK goes, so a source-map variant times the very files its SDK placement built.
const buildRoot = join(projectRoot, '.bench-build');
const outfileFor = (sdk: SdkPlacement, name: string) => join(buildRoot, sdk, name.replaceAll('/', '__'), 'index.mjs');

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n').slice(0, 3).join(' ').slice(0, 300);

async function buildOrError(entry: string, outfile: string, sdk: SdkPlacement): Promise<BuiltBundle | { error: string }> {
  try {
    return await buildBundle(entry, outfile, sdk);
  } catch (error) {
    return { error: `build failed: ${errorText(error)}` };
  }
}

async function buildVariants(variants: Variant[]): Promise<BundleUnderTest[]> {
  const placements = [...new Set(variants.map((variant) => variant.sdk))];
  const handlers = deployedHandlers();
  const builds = new Map<string, Promise<BuiltBundle | { error: string }>>();
  for (const sdk of placements) {
    for (const handler of handlers) builds.set(`${sdk} ${handler}`, buildOrError(handlerEntry(handler), outfileFor(sdk, handler), sdk));
    builds.set(`${sdk} ${helloWorld}`, buildOrError(join(referenceHandlersDir, 'hello-world.ts'), outfileFor(sdk, helloWorld), sdk));
    // The issue defines the yardstick as bundled and minified whatever the variant, so it stays the same across them.
    builds.set(
      `${sdk} ${dynamoDbReference}`,
      buildOrError(join(referenceHandlersDir, 'dynamodb-document-client.ts'), outfileFor(sdk, dynamoDbReference), 'bundled'),
    );
  }
  const names = [helloWorld, dynamoDbReference, ...handlers];
  const bundles: BundleUnderTest[] = [];
  for (const variant of variants) {
    for (const name of names) {
      const build = builds.get(`${variant.sdk} ${name}`);
      if (build) bundles.push({ variant, name, build: await build });
    }
  }
  return bundles;
}

/** Wall time from spawning a fresh `node` to its exit, the child doing nothing but importing `file`. */
function importInFreshProcess(file: string, enableSourceMaps: boolean): Promise<{ ms: number } | { error: string }> {
  const environment = enableSourceMaps ? { ...lambdaLikeEnvironment, NODE_OPTIONS: '--enable-source-maps' } : lambdaLikeEnvironment;
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--input-type=module', '-e', 'await import(process.argv[1]);', pathToFileURL(file).href], {
      cwd: projectRoot,
      env: environment,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let exitedAfterMs = 0;
    let exitCode: number | null = null;
    child.on('exit', (code) => {
      exitedAfterMs = performance.now() - started;
      exitCode = code;
    });
    child.on('error', (error) => resolve({ error: errorText(error) }));
    // 'close' waits for stderr to be read, so an error message is whole; the time was taken at exit.
    child.on('close', () => {
      if (exitCode === 0) resolve({ ms: exitedAfterMs });
      else resolve({ error: `exit ${exitCode}: ${firstErrorLine(stderr)}` });
    });
  });
}

function firstErrorLine(stderr: string): string {
  const lines = stderr.split('\n').map((line) => line.trim()).filter(Boolean);
  return (lines.find((line) => /Error|error:/.test(line)) ?? lines[0] ?? 'no output').slice(0, 300);
}

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * One child at a time, so the timings do not compete for the CPU; each round runs every bundle once in a new order,
 * so drift of the machine over the run spreads across all bundles instead of landing on some.
 */
async function timeImports(bundles: BundleUnderTest[], rounds: number): Promise<Map<BundleUnderTest, Timing>> {
  const timings = new Map<BundleUnderTest, Timing>(bundles.map((bundle) => [bundle, { samplesMs: [] }]));
  const importable = bundles.filter((bundle) => 'file' in bundle.build);
  for (const bundle of bundles) if ('error' in bundle.build) (timings.get(bundle) as Timing).error = bundle.build.error;
  for (let round = 1; round <= rounds; round += 1) {
    const roundStarted = performance.now();
    for (const bundle of shuffled(importable)) {
      const timing = timings.get(bundle) as Timing;
      // A bundle that failed to import once is reported, not retried: its time would not be a cold start's.
      if (timing.error || !('file' in bundle.build)) continue;
      const result = await importInFreshProcess(bundle.build.file, bundle.variant.enableSourceMaps);
      if ('error' in result) timing.error = `import failed: ${result.error}`;
      else timing.samplesMs.push(result.ms);
    }
    process.stderr.write(`  cold start: round ${round}/${rounds} in ${((performance.now() - roundStarted) / 1000).toFixed(1)} s\n`);
  }
  return timings;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');
const ratio = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}x` : '-');
function sdkList(build: BuiltBundle): string {
  const direct = build.directSdkPackages.map((name) => name.replace('@aws-sdk/', '')).join(', ') || '-';
  const indirect = build.sdkPackages.length - build.directSdkPackages.length;
  return indirect > 0 ? `${direct} (+${indirect} through these)` : direct;
}

interface HandlerResult {
  name: string;
  build: BuiltBundle | undefined;
  medianMs: number;
  ratio: number;
  error: string | undefined;
}

interface VariantSummary {
  variant: Variant;
  helloWorldMs: number;
  /** The pooled median of the reference runs without --enable-source-maps: the denominator of every ratio. */
  dynamoDbReferenceMs: number;
  /** This variant's own reference runs (with the flag, for a source-map variant). */
  ownReferenceMs: number;
  handlers: HandlerResult[];
  medianRatio: number;
  worst: HandlerResult | undefined;
  medianHandlerMs: number;
  totalCodeBytes: number;
  totalSourceMapBytes: number;
}

/**
 * The yardstick of every ratio: the DynamoDB reference is the same bundle in every variant, so all its runs without
 * --enable-source-maps are pooled (more samples, one number for all variants); a source-map variant's ratio then
 * shows what the flag costs instead of hiding it in a reference slowed by the same flag.
 */
function pooledReferenceMs(bundles: BundleUnderTest[], timings: Map<BundleUnderTest, Timing>): number {
  const references = bundles.filter((bundle) => bundle.name === dynamoDbReference && timedWithout(bundle));
  return median(references.flatMap((bundle) => timings.get(bundle)?.samplesMs ?? []));
}

function summarise(variant: Variant, bundles: BundleUnderTest[], timings: Map<BundleUnderTest, Timing>): VariantSummary {
  const ofVariant = bundles.filter((bundle) => bundle.variant === variant);
  const medianOf = (name: string) => {
    const bundle = ofVariant.find((candidate) => candidate.name === name);
    return bundle ? median(timings.get(bundle)?.samplesMs ?? []) : Number.NaN;
  };
  const dynamoDbReferenceMs = pooledReferenceMs(bundles, timings);
  const ownReferenceMs = medianOf(dynamoDbReference);
  const handlers = ofVariant
    .filter((bundle) => !bundle.name.startsWith('reference/'))
    .map((bundle): HandlerResult => {
      const timing = timings.get(bundle);
      const medianMs = timing?.error ? Number.NaN : median(timing?.samplesMs ?? []);
      return {
        name: bundle.name,
        build: 'file' in bundle.build ? bundle.build : undefined,
        medianMs,
        ratio: medianMs / dynamoDbReferenceMs,
        error: timing?.error,
      };
    })
    .sort((a, b) => (Number.isFinite(b.ratio) ? b.ratio : -1) - (Number.isFinite(a.ratio) ? a.ratio : -1));
  const timed = handlers.filter((handler) => Number.isFinite(handler.ratio));
  return {
    variant,
    helloWorldMs: medianOf(helloWorld),
    dynamoDbReferenceMs,
    ownReferenceMs,
    handlers,
    medianRatio: median(timed.map((handler) => handler.ratio)),
    worst: timed[0],
    medianHandlerMs: median(timed.map((handler) => handler.medianMs)),
    totalCodeBytes: handlers.reduce((sum, handler) => sum + (handler.build?.codeBytes ?? 0), 0),
    totalSourceMapBytes: handlers.reduce((sum, handler) => sum + (handler.build?.sourceMapBytes ?? 0), 0),
  };
}

function printVariant(summary: VariantSummary, bundles: BundleUnderTest[], rounds: number): void {
  const { variant } = summary;
  console.log(`\nCold start, variant "${variant.name}": ${variant.description}`);
  console.log(
    `  Median wall time of a fresh node importing the bundle, ${rounds} rounds; ratio to the DynamoDB reference ` +
      `(creates the document client, SDK bundled and minified in every variant); code budget ${budget.codeKb} KB each.`,
  );
  console.table(
    summary.handlers.map((handler) => ({
      handler: handler.name,
      'median ms': ms(handler.medianMs),
      'x DynamoDB ref': ratio(handler.ratio),
      'code KB': handler.build ? kb(handler.build.codeBytes) : '-',
      'without SDK KB': handler.build ? kb(handler.build.codeWithoutSdkBytes) : '-',
      'map KB': handler.build ? kb(handler.build.sourceMapBytes) : '-',
      'gzip KB': handler.build ? kb(handler.build.gzippedCodeBytes) : '-',
      [`<= ${budget.codeKb} KB`]: handler.build ? (handler.build.codeBytes <= budget.codeKb * 1024 ? 'yes' : 'NO') : '-',
      '@aws-sdk/': handler.build ? sdkList(handler.build) : '-',
    })),
  );
  const references = bundles.filter((bundle) => bundle.variant === variant && bundle.name.startsWith('reference/'));
  console.log('  References:');
  console.table(
    references.map((reference) => ({
      reference: reference.name,
      build: reference.name === dynamoDbReference ? 'SDK bundled + minified (always)' : `as this variant's handlers (${variant.sdk})`,
      'median ms': ms(reference.name === helloWorld ? summary.helloWorldMs : summary.ownReferenceMs),
      'code KB': 'file' in reference.build ? kb(reference.build.codeBytes) : '-',
      'map KB': 'file' in reference.build ? kb(reference.build.sourceMapBytes) : '-',
      '@aws-sdk/': 'file' in reference.build ? sdkList(reference.build) : '-',
    })),
  );
  const failed = summary.handlers.filter((handler) => handler.error);
  const failedReferences = references.filter((reference) => 'error' in reference.build);
  for (const handler of failed) console.log(`  FAILED ${handler.name}: ${handler.error}`);
  for (const reference of failedReferences) console.log(`  FAILED ${reference.name}: ${'error' in reference.build ? reference.build.error : ''}`);
  console.table([
    { figure: 'hello-world, median', value: `${ms(summary.helloWorldMs)} ms`, budget: '-' },
    { figure: 'DynamoDB reference, median (all its runs without source maps)', value: `${ms(summary.dynamoDbReferenceMs)} ms`, budget: '-' },
    { figure: 'handlers, median ratio', value: ratio(summary.medianRatio), budget: `<= ${budget.medianRatio}x` },
    {
      figure: 'handlers, worst ratio',
      value: `${ratio(summary.worst?.ratio ?? Number.NaN)} (${summary.worst?.name ?? '-'})`,
      budget: `<= ${budget.worstRatio}x`,
    },
    { figure: 'handlers that failed to build or import', value: String(failed.length), budget: '0' },
  ]);
}

function printComparison(summaries: VariantSummary[]): void {
  console.log('\nCold start by variant (same rounds, interleaved; ratios to the pooled DynamoDB reference runs without source maps)');
  console.table(
    summaries.map((summary) => ({
      variant: summary.variant.name,
      'hello-world ms': ms(summary.helloWorldMs),
      'DynamoDB ref ms (own runs)': ms(summary.ownReferenceMs),
      'handlers median ms': ms(summary.medianHandlerMs),
      [`median ratio (<= ${budget.medianRatio}x)`]: ratio(summary.medianRatio),
      [`worst ratio (<= ${budget.worstRatio}x)`]: `${ratio(summary.worst?.ratio ?? Number.NaN)} ${summary.worst?.name ?? ''}`,
      'code KB, all handlers': kb(summary.totalCodeBytes),
      'map KB, all handlers': kb(summary.totalSourceMapBytes),
    })),
  );
}

export async function coldStartBench(options: ColdStartOptions): Promise<void> {
  const variants = options.allVariants ? allVariants : [stackVariant];
  console.log(`Cold start: building ${deployedHandlers().length} handlers and 2 references for ${variants.map((variant) => variant.name).join(', ')}…`);
  let bundles: BundleUnderTest[];
  let timings: Map<BundleUnderTest, Timing>;
  try {
    bundles = await buildVariants(variants);
    timings = await timeImports(bundles, options.rounds);
  } finally {
    // About 140 MB of bundles and maps when all variants are built; nothing reads them after the run.
    rmSync(buildRoot, { recursive: true, force: true });
  }
  const summaries = variants.map((variant) => summarise(variant, bundles, timings));
  for (const summary of summaries) printVariant(summary, bundles, options.rounds);
  if (!options.allVariants) {
    console.log(`  (What NODE_OPTIONS=--enable-source-maps would cost, and the other SDK placement, are measured by --cold-start-variants.)`);
  }
  if (summaries.length > 1) printComparison(summaries);
}
