import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';

/** DESIGN section 11 and issue 19: the budgets printed beside each page's figures (nothing here asserts). */
const budgets = {
  '/card': { javascriptKb: 80, mobileLcpMs: 1_200 },
  '/login': { javascriptKb: 130, mobileLcpMs: 1_600 },
  '/dashboard': { javascriptKb: 300, mobileLcpMs: undefined },
} as const;
type BenchedPage = keyof typeof budgets;
const desktopBudget = { performance: 98, accessibility: 100 };

export interface PageRun {
  page: BenchedPage;
  /** Before Lighthouse loads the page: signs in, for a page behind the session. */
  before?: (page: Page) => Promise<void>;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The JavaScript a load of the page fetches (each file gzipped, as DESIGN section 11 counts it). */
async function javascriptOf(context: BrowserContext, url: string): Promise<number> {
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
  await Promise.all(pending);
  await page.close();
  return [...sizes.values()].reduce((sum, size) => sum + size, 0);
}

/** The elements whose shifts Lighthouse counted most, with each shift's score: what to fix when CLS is high. */
function layoutShiftsOf(lhr: RunnerResult['lhr']): { element: string; score: number }[] {
  const details = lhr.audits['layout-shifts']?.details;
  if (details?.type !== 'table') return [];
  return details.items.slice(0, 5).map((item) => {
    const node = item.node as { type?: string; selector?: string; nodeLabel?: string } | undefined;
    return { element: node?.type === 'node' ? `${node.selector ?? ''} (${(node.nodeLabel ?? '').slice(0, 40)})` : 'not attributed', score: Number(Number(item.score).toFixed(3)) };
  });
}

function figuresOf(result: RunnerResult | undefined) {
  const lhr = result?.lhr;
  if (!lhr) throw new Error('Lighthouse gave no result');
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    shifts: layoutShiftsOf(lhr),
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    runtimeError: lhr.runtimeError?.message,
  };
}

/**
 * Lighthouse 13, mobile (its default emulation: simulated slow 4G and a 4x slower CPU) and desktop, on each page of
 * the production build as `vite preview` serves it (pre-compressed, cache headers as CloudFront's), in Debian's
 * Chromium, as a first visit: nothing stored, so each page shows in its default language. A page behind the session
 * is loaded in the browser profile its `before` signed in to (Lighthouse keeps that page's storage). Prints the
 * figures beside the budgets; asserts nothing.
 */
export async function lighthouseBench(webUrl: string, runs: readonly PageRun[]): Promise<void> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'lighthouse-profile-'));
  // One browser for Playwright (sizes, signing in) and Lighthouse (by its debugging port): the profile is shared.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    args: [...chromiumArgs, `--remote-debugging-port=${port}`],
    viewport: null,
  });
  const rows: Record<string, string | number>[] = [];
  const shifts: { page: string; mode: string; element: string; score: number }[] = [];
  try {
    for (const run of runs) {
      const url = `${webUrl}${run.page}`;
      if (run.before) {
        const page = await context.newPage();
        await run.before(page);
        await page.close();
      }
      const javascript = await javascriptOf(context, url);
      const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: run.before !== undefined };
      const mobile = figuresOf(await lighthouse(url, flags));
      const desktop = figuresOf(await lighthouse(url, flags, desktopConfig));
      const budget = budgets[run.page];
      for (const [mode, figures] of [['mobile', mobile], ['desktop', desktop]] as const) {
        if (figures.cls >= 0.05) shifts.push(...figures.shifts.map((shift) => ({ page: run.page, mode, ...shift })));
        rows.push({
          page: run.page,
          mode,
          performance: figures.performance,
          accessibility: figures.accessibility,
          'LCP ms': Math.round(figures.lcpMs),
          'TBT ms': Math.round(figures.tbtMs),
          CLS: Number(figures.cls.toFixed(3)),
          'JS gzipped': kb(javascript),
          budget:
            mode === 'mobile'
              ? `JS <= ${budget.javascriptKb} KB${budget.mobileLcpMs ? `, LCP <= ${budget.mobileLcpMs} ms` : ''}`
              : `performance >= ${desktopBudget.performance}, accessibility ${desktopBudget.accessibility}`,
          ...(figures.runtimeError ? { error: figures.runtimeError } : {}),
        });
      }
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  console.log('\nLighthouse 13 on the production build served as CloudFront serves it (mobile: simulated slow 4G, 4x CPU)');
  console.table(rows);
  if (shifts.length > 0) {
    console.log('\nThe layout shifts Lighthouse counted most where CLS is 0.05 or more');
    console.table(shifts);
  }
}
