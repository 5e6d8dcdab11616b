import { build } from 'esbuild';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { cognitoTriggers, routes } from '@shared/api/manifest';
import { projectRoot } from '../../infra/local/settings';

export interface BundleSize {
  handler: string;
  minifiedBytes: number;
  gzippedBytes: number;
}

/** Bundles each handler as the stack does (ESM, minified, the AWS SDK left to the runtime) and weighs it. */
export async function measureHandlerBundles(): Promise<BundleSize[]> {
  const modules = [...new Set([...routes.map((r) => r.handler), ...Object.values(cognitoTriggers)])];
  const sizes: BundleSize[] = [];
  for (const handler of modules) {
    const result = await build({
      entryPoints: [join(projectRoot, 'functions', `${handler}.ts`)],
      bundle: true,
      minify: true,
      platform: 'node',
      target: 'node24',
      format: 'esm',
      external: ['@aws-sdk/*'],
      write: false,
      tsconfig: join(projectRoot, 'tsconfig.json'),
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]?.contents ?? new Uint8Array();
    sizes.push({ handler, minifiedBytes: code.byteLength, gzippedBytes: gzipSync(code).byteLength });
  }
  return sizes;
}
