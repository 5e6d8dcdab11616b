import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { testCloudBase, testCloudDataDir, testCloudPorts } from '../../infra/local/settings';
import { spawnLocalCloud } from '../../infra/local/spawn-local-cloud';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { buildFrontend } from '../e2e/global-setup';
import { fixtureCloudAt } from '../e2e/support/fixture-cloud';
import { signIn } from '../e2e/support/portal';
import { layoutProblems } from '../e2e/support/screens';
import type { FixtureCloud } from '../integration/company-fixtures';

interface ShotSession {
  fixture: FixtureCloud;
  /** A browser of its own for one person, signed in and on the dashboard; close its context when done. */
  signedIn: (email: string) => Promise<{ page: Page; context: BrowserContext }>;
}

/**
 * What a screenshot tool runs in: the SPA built, its own local cloud on the test ports of TEST_CLOUD_BASE and a
 * Chromium, both stopped whatever happens.
 */
export async function withShotSession(outDir: string, run: (session: ShotSession) => Promise<void>): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  buildFrontend();
  const base = testCloudBase();
  const cloud = await spawnLocalCloud('preview', 180_000, undefined, base);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const signedIn = async (email: string) => {
      const context = await browser.newContext({ baseURL: `http://localhost:${testCloudPorts(base).web}`, viewport: { width: 1440, height: 900 } });
      await context.addInitScript('window.__name = (fn) => fn;');
      const page = await context.newPage();
      await signIn(page, email);
      await page.waitForURL('**/dashboard');
      return { page, context };
    };
    await run({ fixture: fixtureCloudAt(testCloudDataDir(base), testCloudPorts(base)), signedIn });
  } finally {
    await browser.close();
    await cloud.stop();
  }
}

/** The phone and the desktop width every screen is looked at in. */
export const shotWidths = [375, 1440] as const;

/**
 * The page at each width, whole, as `<outDir>/<prefix>-<name>-<width>.png`, with the layout problems found printed
 * beside it. `atEnd`: the open dialog scrolled to its end first (its last rows, pages and actions).
 */
export async function shootWidths(page: Page, outDir: string, file: string, atEnd = false): Promise<void> {
  for (const width of shotWidths) {
    await page.setViewportSize({ width, height: width < 640 ? 812 : 900 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    if (atEnd) await page.locator('dialog[open]').first().evaluate((element) => element.scrollTo(0, element.scrollHeight));
    const path = join(outDir, `${file}-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    const problems = await layoutProblems(page);
    const lines = [problems.pageOverflow > 0 && `page scrolls sideways by ${problems.pageOverflow}px`, ...problems.clippedRegions.map((region) => `clipped: ${region}`)].filter(Boolean);
    console.log(`${lines.length ? '✗' : '✓'} ${path}${lines.map((line) => `\n    ${line}`).join('')}`);
  }
}
