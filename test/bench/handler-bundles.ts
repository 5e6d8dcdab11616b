import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { cognitoTriggers, routes } from '@shared/api/manifest';
import { handlerBundling } from '../../infra/constructs/handler-bundling';
import { projectRoot } from '../../infra/local/settings';

export interface BundleSize {
  handler: string;
  minifiedBytes: number;
  gzippedBytes: number;
}

/** One handler bundled with the stack's options: the code as deployed, in memory, or written to `outfile`. */
export async function bundleHandler(handler: string, outfile?: string): Promise<Uint8Array> {
  const result = await build({
    entryPoints: [join(projectRoot, 'functions', `${handler}.ts`)],
    bundle: true,
    minify: handlerBundling.minify,
    platform: 'node',
    target: handlerBundling.target,
    format: 'esm',
    mainFields: [...handlerBundling.mainFields],
    banner: { js: handlerBundling.banner },
    external: [...handlerBundling.external],
    write: outfile !== undefined,
    ...(outfile ? { outfile } : {}),
    tsconfig: join(projectRoot, 'tsconfig.json'),
    logLevel: 'silent',
  });
  return outfile ? new Uint8Array(readFileSync(outfile)) : (result.outputFiles?.[0]?.contents ?? new Uint8Array());
}

/** Bundles each handler with the stack's options and weighs it. */
export async function measureHandlerBundles(): Promise<BundleSize[]> {
  const modules = [...new Set([...routes.map((r) => r.handler), ...Object.values(cognitoTriggers)])];
  const sizes: BundleSize[] = [];
  for (const handler of modules) {
    const code = await bundleHandler(handler);
    sizes.push({ handler, minifiedBytes: code.byteLength, gzippedBytes: gzipSync(code).byteLength });
  }
  return sizes;
}
