import type { BuildOptions } from 'esbuild';
import { repoRoot } from './repo-paths';

/**
 * How every handler is bundled (ESM for Node 24), shared by the stack and `npm run bench` so the bench weighs
 * exactly what is deployed.
 */
export const handlerBundling = {
  target: 'node24',
  minify: true,
  mainFields: ['module', 'main'],
  // esbuild's ESM output has no `require`; CommonJS dependencies that require Node built-ins need one. The alias
  // keeps the name from clashing with anything the bundle declares.
  banner: "import { createRequire as __portalCreateRequire } from 'node:module'; const require = __portalCreateRequire(import.meta.url);",
  // Nothing is external: the AWS SDK is bundled, tree-shaken and minified with the rest (the version of our lockfile,
  // not the runtime's), which imports faster than the runtime's copy (`npm run bench`, docs/decisions.md).
  external: [] as string[],
  // In Lambda the credentials are in the environment: the SDK's default chain (~140 KB with its own STS and SSO
  // clients) is replaced by the environment alone (functions/platform/aws/lambda-credentials.ts).
  alias: { '@aws-sdk/credential-provider-node': `${repoRoot}functions/platform/aws/lambda-credentials.ts` } as Record<string, string>,
} as const;

/**
 * The same, as options for code that runs esbuild itself (the bench, tests), the way NodejsFunction runs it with the
 * props of portal-function.ts: ESM, a linked source map without sources beside the code.
 */
export function handlerBuildOptions(): BuildOptions {
  return {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: handlerBundling.target,
    minify: handlerBundling.minify,
    mainFields: [...handlerBundling.mainFields],
    banner: { js: handlerBundling.banner },
    external: [...handlerBundling.external],
    alias: { ...handlerBundling.alias },
    sourcemap: true,
    sourcesContent: false,
    tsconfig: `${repoRoot}tsconfig.json`,
  };
}
