import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));
const alias = {
  '@shared': `${root}shared`,
  '@functions': `${root}functions`,
  '@frontend': `${root}frontend/src`,
};

export default defineConfig({
  root,
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          root,
          include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'frontend/src/**/*.test.{ts,tsx}', 'frontend/vite/**/*.test.ts', 'infra/local/**/*.test.ts', 'test/*.test.ts'],
          environment: 'node',
          // The files share a worker's loaded modules: loading them afresh for each of 80 files was four fifths of the
          // layer's time. A unit test sets up the state it reads (its environment, resetEnvForTests) and depends on no
          // file running before it; `npm run test:unit -- --sequence.shuffle` checks that.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'infra',
          root,
          include: ['infra/stacks/**/*.test.ts', 'infra/wiring/**/*.test.ts', 'infra/*.test.ts'],
          environment: 'node',
          globalSetup: ['infra/cdk-tests-tmpdir.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Issue 33: what the integration and end-to-end runs recorded, against the synthesized roles; after both.
          name: 'wiring',
          root,
          include: ['test/wiring/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          root,
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/integration/global-setup.ts'],
          setupFiles: ['test/integration/cloud-environment.ts'],
          // The handlers a test runs in its own process log as the local cloud's do (warnings and errors, named), since
          // their logger is made when first imported, before a test copies the cloud's environment.
          env: { POWERTOOLS_SERVICE_NAME: 'integration-tests', POWERTOOLS_LOG_LEVEL: 'WARN' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // Every file points the handlers at the one local cloud, one file at a time, so a handler module one file
          // loaded serves the next: loading them afresh for each file was a fifth of the layer's time. A file depends
          // on none run before it: `npm run test:integration -- --sequence.shuffle.files` checks that.
          isolate: false,
        },
      },
    ],
  },
});
