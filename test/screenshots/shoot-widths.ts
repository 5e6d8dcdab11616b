import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { layoutProblems } from '../e2e/support/screens';

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
