import { defineConfig } from '@playwright/test';
import { testCloudBase, testCloudPorts } from '../../infra/local/settings';
import { chromiumPath, e2eChromiumArgs } from './chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  // Each worker has a test cloud of its own (global-setup.ts), which serves its specs one at a time: its data is as
  // one worker's was. Specs that change a user's server-side state (language, current company, revoked tokens) each
  // own that user (infra/local/demo-data.ts testOnlyUsers), so spec order does not matter.
  workers: Number(process.env.PORTAL_E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: process.env.CI === 'true',
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: '../../test-results/e2e',
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../../test-results/reports/playwright.json' }]],
  use: {
    // This file is read again in each worker, whose parallel index names its test cloud (support/test-cloud.ts).
    baseURL: `http://localhost:${testCloudPorts(testCloudBase() + Number(process.env.TEST_PARALLEL_INDEX ?? '0')).web}`,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: e2eChromiumArgs },
    // A trace records every action's DOM and a screencast: a quarter of the suite's CPU on a 2-core machine, for
    // every passing test. Set PORTAL_E2E_TRACE=true to keep one for each failing test when chasing a failure.
    trace: process.env.PORTAL_E2E_TRACE === 'true' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // Skeletons shimmer and spinners turn on every loading screen, each frame painted: a tenth of the suite's CPU. The
    // tests read what a person who asked for reduced motion sees (global.css), which differs only in that.
    reducedMotion: 'reduce',
  },
});
