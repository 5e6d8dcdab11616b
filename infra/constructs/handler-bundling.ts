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
  // The runtime ships the AWS SDK v3; everything else is bundled so a cold start reads one file.
  external: ['@aws-sdk/*'],
} as const;
