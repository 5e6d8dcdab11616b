import { build, type Metafile } from 'esbuild';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { gzipSync } from 'node:zlib';
import { cognitoTriggers, routes } from '@shared/api/manifest';
import { handlerBuildOptions, handlerBundling } from '../../infra/constructs/handler-bundling';
import { deployJobs, queueWorkers, scheduledJobs } from '../../infra/definitions';
import { handlerEntry } from '../../infra/constructs/repo-paths';

/** Whether the AWS SDK is left to the Lambda runtime's own copy or bundled, tree-shaken, into each handler. */
export type SdkPlacement = 'external' | 'bundled';

const awsSdkExternal = '@aws-sdk/*';
// Widened so the check keeps compiling when handler-bundling.ts narrows `external` to another tuple (or none).
const stackExternals: readonly string[] = handlerBundling.external;

/** Follows handler-bundling.ts, so the bench measures whatever the stack deploys today. */
export const stackSdkPlacement: SdkPlacement = stackExternals.includes(awsSdkExternal) ? 'external' : 'bundled';

function externalsFor(sdk: SdkPlacement): string[] {
  const withoutSdk = stackExternals.filter((name) => name !== awsSdkExternal);
  return sdk === 'external' ? [...withoutSdk, awsSdkExternal] : withoutSdk;
}

/** Every module the stack deploys as a Lambda handler (API routes, Cognito triggers, queue workers, scheduled and deploy jobs). */
export function deployedHandlers(): string[] {
  const handlers = [
    ...routes.map((route) => route.handler),
    ...Object.values(cognitoTriggers),
    ...queueWorkers.map((worker) => worker.handler),
    ...scheduledJobs.map((job) => job.handler),
    ...deployJobs.map((job) => job.handler),
  ];
  return [...new Set<string>(handlers)].sort();
}


export interface BuiltBundle {
  /** The written `index.mjs`; its `index.mjs.map` lies beside it. */
  file: string;
  codeBytes: number;
  /** The code of the bundle that is not the AWS SDK's (ours and our other dependencies), minified. */
  codeWithoutSdkBytes: number;
  sourceMapBytes: number;
  gzippedCodeBytes: number;
  /** Every `@aws-sdk/*` package the bundle loads, whether bundled into it or imported from node_modules at run time. */
  sdkPackages: string[];
  /** Those the portal's own code (or a non-SDK dependency) imports; the rest come in through the SDK itself. */
  directSdkPackages: string[];
}

const sdkPackageInNodeModules = /node_modules\/@aws-sdk\/([^/]+)\//;
const withinSdk = /node_modules\/@(aws-sdk|smithy)\//;

/** The package an import lands in: a bundled file's path under node_modules, or an external specifier. */
function sdkPackageOf(importPath: string, external: boolean): string | undefined {
  if (external) return importPath.startsWith('@aws-sdk/') ? importPath.split('/').slice(0, 2).join('/') : undefined;
  const match = sdkPackageInNodeModules.exec(importPath);
  return match ? `@aws-sdk/${match[1]}` : undefined;
}

function sdkPackagesOf(metafile: Metafile): Pick<BuiltBundle, 'sdkPackages' | 'directSdkPackages'> {
  // What the output holds: an input that tree-shaking dropped whole (bytesInOutput 0) is not loaded.

  const imported = Object.values(metafile.outputs).flatMap((output) =>
    output.imports.flatMap((entry) => (entry.external ? (sdkPackageOf(entry.path, true) ?? []) : [])),
  );
  const inOutput = new Set(
    Object.values(metafile.outputs).flatMap((output) => Object.entries(output.inputs).flatMap(([input, { bytesInOutput }]) => (bytesInOutput > 0 ? [input] : []))),
  );
  const bundled = [...inOutput].flatMap((input) => sdkPackageOf(input, false) ?? []);
  const direct = Object.entries(metafile.inputs)
    .filter(([input]) => inOutput.has(input) && !withinSdk.test(input))
    .flatMap(([, input]) => input.imports.flatMap((entry) => sdkPackageOf(entry.path, entry.external === true) ?? []));
  return { sdkPackages: [...new Set([...bundled, ...imported])].sort(), directSdkPackages: [...new Set(direct)].sort() };
}

/**
 * Bundles `entry` as the stack does (`handlerBuildOptions`), with the SDK where `sdk` says. `outfile` should lie inside
 * the project, so an external SDK resolves from node_modules as it resolves from the runtime's copy in Lambda.
 */
export async function buildBundle(entry: string, outfile: string, sdk: SdkPlacement): Promise<BuiltBundle> {
  mkdirSync(dirname(outfile), { recursive: true });
  const result = await build({
    ...handlerBuildOptions(),
    entryPoints: [entry],
    outfile,
    external: externalsFor(sdk),
    // The stand-in for the SDK's credential chain goes with the bundled SDK; an external SDK brings its own chain.
    alias: sdk === 'bundled' ? { ...handlerBundling.alias } : {},
    metafile: true,
    logLevel: 'silent',
  });
  const code = readFileSync(outfile);
  const sdkBytes = Object.values(result.metafile.outputs)
    .flatMap((output) => Object.entries(output.inputs))
    .reduce((sum, [input, contribution]) => sum + (withinSdk.test(input) ? contribution.bytesInOutput : 0), 0);
  return {
    file: outfile,
    codeBytes: code.byteLength,
    codeWithoutSdkBytes: Math.max(0, code.byteLength - sdkBytes),
    sourceMapBytes: readFileSync(`${outfile}.map`).byteLength,
    gzippedCodeBytes: gzipSync(code).byteLength,
    ...sdkPackagesOf(result.metafile),
  };
}

/** One handler bundled exactly as the stack bundles it, written to `outfile`. */
export async function bundleHandler(handler: string, outfile: string): Promise<BuiltBundle> {
  return buildBundle(handlerEntry(handler), outfile, stackSdkPlacement);
}
