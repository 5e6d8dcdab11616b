import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { keys } from '@functions/platform/keys';
import { demoPassword } from '../../infra/local/demo-data';
import { localClients } from '../../infra/local/provision';
import { fixedSmsCode } from '../../infra/local/settings';
import { benchDataDirDefault, benchInstance, benchPorts } from './bench-cloud';
import { spawnLocalCloud } from '../../infra/local/spawn-local-cloud';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { buildFrontend } from '../e2e/global-setup';
import { activityBench } from './activity-bench';
import { coldStartBench } from './cold-start';
import { lighthouseBench, type PageRun } from './lighthouse-bench';
import { benchCsvFunding } from './funding-bench';
import { benchEmployeeImport, printEmployeeImport } from './employee-import-bench';
import { scaleBench } from './scale-bench';
import { benchWebhookFanOut, type WebhookFanOut } from './webhook-bench';

const { values: flags } = parseArgs({
  args: process.argv.slice(2),
  options: {
    'keep-data': { type: 'boolean', default: false },
    only: { type: 'string' },
    'cold-start-variants': { type: 'boolean', default: false },
    rounds: { type: 'string', default: '9' },
  },
});

/**
 * `npm run bench -- --keep-data` keeps the bench's data in .bench-local (git-ignored) so the large company is seeded
 * once; DynamoDB Local on disk writes it slowly (measured here: about 400 items/s, so the first seed takes long).
 * Without it everything is in memory and seeded afresh.
 */
const benchDataDir = flags['keep-data'] ? '.bench-local' : undefined;

/**
 * `--only cold-start` skips the local cloud, the browser and the API: minutes instead of half an hour. `--only
 * lighthouse` builds the SPA and runs Lighthouse on its pages, with the JavaScript each loads. `--only webhooks` runs
 * the webhook fan-out alone, against a local cloud without the web app. `--only activity-log` seeds (or finds) the
 * company of 1,000,000 audit records and reads its activity log's pages, likewise. `--only employee-import` times the
 * 5,000-row employee import alone (issue 34), likewise.
 */
const onlySections = ['cold-start', 'lighthouse', 'webhooks', 'activity-log', 'employee-import'] as const;
if (flags.only !== undefined && !(onlySections as readonly string[]).includes(flags.only)) {
  throw new Error(`--only takes one of: ${onlySections.join(', ')}`);
}
const coldStartRounds = Number(flags.rounds);
if (!Number.isInteger(coldStartRounds) || coldStartRounds < 1) throw new Error('--rounds takes a whole number from 1');

/**
 * `npm run bench`: the figures of DESIGN section 11 that exist so far, printed as tables. Nothing here asserts:
 * budgets are shown beside the numbers for a person to judge.
 */
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function javascriptLoaded(context: BrowserContext, url: string, before?: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  const sizes = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (!response.url().endsWith('.js')) return;
    pending.push(
      response
        .body()
        .then((body) => void sizes.set(response.url(), gzipSync(body).byteLength))
        .catch(() => undefined),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  if (before) {
    await before(page);
    await page.waitForLoadState('networkidle');
  }
  await Promise.all(pending);
  await page.close();
  return { files: sizes.size, gzippedBytes: [...sizes.values()].reduce((a, b) => a + b, 0) };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Runs `call` `requests` times with `concurrency` in flight and reports the latency percentiles. */
async function measure(call: () => Promise<void>, requests: number, concurrency: number) {
  const latencies: number[] = [];
  let started = 0;
  const begin = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (started < requests) {
        started += 1;
        const t0 = performance.now();
        await call();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - begin) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    concurrency,
    requests,
    p50: `${percentile(latencies, 50).toFixed(1)} ms`,
    p99: `${percentile(latencies, 99).toFixed(1)} ms`,
    'per second': Math.round(requests / seconds),
  };
}

/** Signs the demo accountant in on the page (phone code fixed locally), ending on the dashboard. */
async function signInAsAccountant(page: Page, webUrl: string): Promise<void> {
  // In English, which the labels below are.
  await page.addInitScript(() => window.localStorage.setItem('language', 'en'));
  await page.goto(`${webUrl}/login`);
  await page.getByLabel('E-mail').fill('accountant@demo.local');
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/phone/verify');
  await page.getByLabel('SMS code').fill(fixedSmsCode);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL('**/dashboard');
}

const lighthousePages = (webUrl: string): PageRun[] => [
  { page: '/login' },
  { page: '/card' },
  { page: '/dashboard', before: (page) => signInAsAccountant(page, webUrl) },
];

async function lighthouseOnly(): Promise<void> {
  console.log('Building the SPA for production…');
  buildFrontend();
  const spawned = await spawnLocalCloud('preview', 120_000, benchDataDir, benchInstance);
  try {
    await lighthouseBench(spawned.ready.urls.web, lighthousePages(spawned.ready.urls.web));
  } finally {
    await spawned.stop();
  }
}

function printWebhookFanOut(fanOut: WebhookFanOut): void {
  console.log(`\nWebhook fan-out: ${fanOut.events} events (transfers through the API) to ${fanOut.endpoints} local endpoints each, from the event to its arrival`);
  console.table([
    {
      delivered: `${fanOut.delivered} of ${fanOut.events * fanOut.endpoints}`,
      lost: fanOut.lost,
      'delivered twice (one webhook-id, one endpoint)': fanOut.duplicated,
      p50: `${fanOut.p50Ms} ms`,
      p99: `${fanOut.p99Ms} ms`,
      'the events (transfers) took': `${fanOut.eventSeconds.toFixed(1)} s`,
      'first event to last delivery': `${fanOut.seconds.toFixed(1)} s`,
    },
  ]);
}

async function webhooksOnly(): Promise<void> {
  const spawned = await spawnLocalCloud('none', 120_000, benchDataDir, benchInstance);
  try {
    printWebhookFanOut(await benchWebhookFanOut(spawned.ready));
  } finally {
    await spawned.stop();
  }
}

async function activityLogOnly(): Promise<void> {
  const spawned = await spawnLocalCloud('none', 120_000, benchDataDir, benchInstance);
  try {
    await activityBench(spawned.ready, benchDataDir ?? benchDataDirDefault, measure);
  } finally {
    await spawned.stop();
  }
}

async function employeeImportOnly(): Promise<void> {
  const spawned = await spawnLocalCloud('none', 120_000, benchDataDir, benchInstance);
  try {
    printEmployeeImport(await benchEmployeeImport(spawned.ready));
  } finally {
    await spawned.stop();
  }
}

async function main(): Promise<void> {
  if (flags.only === 'lighthouse') return lighthouseOnly();
  if (flags.only === 'employee-import') return employeeImportOnly();
  if (flags.only === 'webhooks') return webhooksOnly();
  if (flags.only === 'activity-log') return activityLogOnly();
  // `--cold-start-variants` runs the other SDK placement and source maps in the same rounds, to choose between them.
  await coldStartBench({ rounds: coldStartRounds, allVariants: flags['cold-start-variants'] });
  if (flags.only === 'cold-start') return;

  console.log('Building the SPA for production…');
  buildFrontend();
  // The portal runs in its own process, as it would for a real client: the load below shares no event loop with it.
  const spawned = await spawnLocalCloud('preview', 120_000, benchDataDir, benchInstance);
  const cloud = spawned.ready;
  let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined;
  try {
    browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
    const context = await browser.newContext();
    await context.addInitScript(() => window.localStorage.setItem('language', 'en'));
    const login = await javascriptLoaded(context, `${cloud.urls.web}/login`);
    const loginInteractive = await javascriptLoaded(context, `${cloud.urls.web}/login`, async (page) => {
      const signInCode = page.waitForResponse((response) => /amplify-client-[\w-]+\.js$/.test(response.url()));
      await page.getByLabel('E-mail').focus();
      await signInCode;
    });

    const card = await javascriptLoaded(context, `${cloud.urls.web}/card`);
    const cardInteractive = await javascriptLoaded(context, `${cloud.urls.web}/card`, async (page) => {
      const calls = page.waitForResponse((response) => /card-calls-[\w-]+\.js$/.test(response.url()));
      await page.getByLabel('Phone').focus();
      await calls;
    });

    const signInPage = await context.newPage();
    await signInAsAccountant(signInPage, cloud.urls.web);
    await signInPage.close();
    const dashboard = await javascriptLoaded(context, `${cloud.urls.web}/dashboard`);

    console.log('\nJavaScript a fresh page load fetches (production build, gzipped)');
    console.table([
      { page: '/login', files: login.files, gzipped: kb(login.gzippedBytes), budget: '130 KB' },
      { page: '/login after focusing the form (sign-in code loads)', files: loginInteractive.files, gzipped: kb(loginInteractive.gzippedBytes), budget: '-' },
      { page: '/card', files: card.files, gzipped: kb(card.gzippedBytes), budget: '80 KB' },
      { page: '/card after focusing the form (zod and the calls load)', files: cardInteractive.files, gzipped: kb(cardInteractive.gzippedBytes), budget: '-' },
      { page: '/dashboard (signed in)', files: dashboard.files, gzipped: kb(dashboard.gzippedBytes), budget: '300 KB' },
    ]);

    await lighthouseBench(cloud.urls.web, lighthousePages(cloud.urls.web));

    const token = await signInPage.context().storageState().then(async () => {
      const page = await context.newPage();
      await page.goto(`${cloud.urls.web}/dashboard`);
      const value = await page.evaluate(() =>
        Object.entries(window.localStorage).find(([key]) => key.endsWith('.accessToken'))?.[1],
      );
      await page.close();
      return value;
    });
    if (!token) throw new Error('no access token in the browser storage');

    const profileCall = async () => {
      const response = await fetch(`${cloud.urls.api}/users/profile`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`profile answered ${response.status}`);
    };
    const { dynamodb } = localClients(benchPorts);
    const userId = cloud.userIds['accountant@demo.local'] ?? '';
    const getItem = async () => {
      const key = keys.userProfile(userId);
      await dynamodb.send(new GetItemCommand({ TableName: cloud.resources.tableName, Key: { pk: { S: key.pk }, sk: { S: key.sk } } }));
    };
    const usersPageCall = async () => {
      const response = await fetch(`${cloud.urls.api}/employees?itemsPerPage=10`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`the Users list answered ${response.status}`);
    };
    await measure(profileCall, 100, 1);
    await measure(usersPageCall, 50, 1);
    const rows = [
      { what: 'GET /employees, a Users page of 10 (50 employees read)', ...(await measure(usersPageCall, 1_000, 20)) },
      { what: 'GET /employees, a Users page of 10', ...(await measure(usersPageCall, 300, 1)) },
      { what: 'GET /users/profile (1 query + 1 batch read + JWT check)', ...(await measure(profileCall, 1_000, 20)) },
      { what: 'GET /users/profile', ...(await measure(profileCall, 300, 1)) },
      { what: 'DynamoDB Local alone: one GetItem (the floor)', ...(await measure(getItem, 1_000, 20)) },
      { what: 'DynamoDB Local alone: one GetItem', ...(await measure(getItem, 300, 1)) },
    ];
    console.log('\nLocal API, warm (the API in its own process; budget for a list page of 10 at 20 concurrent: p50 <= 15 ms, p99 <= 50 ms)');
    console.table(rows);

    const funding = await benchCsvFunding(cloud);
    console.log('\nBulk CSV funding (budget: 10,000 rows <= 60 s locally, exactly once)');
    console.table([{ what: `${funding.rows} rows: upload + preview`, seconds: funding.previewSeconds.toFixed(1) }, { what: 'apply (funding worker) until the result', seconds: funding.applySeconds.toFixed(1), applied: funding.appliedCount, failed: funding.failedCount }]);

    printEmployeeImport(await benchEmployeeImport(cloud));

    printWebhookFanOut(await benchWebhookFanOut(cloud));

    await scaleBench(cloud, benchDataDir ?? benchDataDirDefault, measure);
    await activityBench(cloud, benchDataDir ?? benchDataDirDefault, measure);
  } finally {
    await browser?.close();
    await spawned.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
