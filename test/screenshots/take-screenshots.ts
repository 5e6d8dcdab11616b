import { mkdirSync, rmSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { portProfiles, projectRoot } from '../../infra/local/settings';
import { spawnLocalCloud, type SpawnedLocalCloud } from '../../infra/local/spawn-local-cloud';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { buildFrontend } from '../e2e/global-setup';
import { languageSchema } from '../../shared/languages';
import { layoutProblems, openScreen, screenTours, showScreensIn, startTour } from '../e2e/support/screens';

/**
 * `npm run screenshots`: every screen of the portal, as each role sees it, at 375 and 1440 px, into screenshots/
 * (git-ignored; `-- --out screenshots-x` for another folder of that name, `-- --language lv` a visitor's
 * first language), with the layout problems found on each printed beside it. Builds the SPA and starts its own local
 * cloud on the test ports; `-- --base-url http://localhost:5173` uses a portal already running (`npm start`).
 */
const { values } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    widths: { type: 'string', default: '375,1440' },
    only: { type: 'string' },
    out: { type: 'string', default: 'screenshots' },
    language: { type: 'string', default: 'en' },
  },
});
const widths = values.widths.split(',').map(Number);
const language = languageSchema.parse(values.language);
const outDir = resolve(projectRoot, values.out);
// The folder is emptied first: only a folder of its own inside the project, never the project or anything above it.
if (!outDir.startsWith(projectRoot + sep) || !basename(outDir).startsWith('screenshots')) {
  console.error(`--out must name a folder inside the project whose name starts with "screenshots" (it is emptied): ${values.out}`);
  process.exit(2);
}

async function main(): Promise<void> {
  let cloud: SpawnedLocalCloud | undefined;
  if (!values['base-url']) {
    buildFrontend();
    cloud = await spawnLocalCloud('preview');
  }
  const baseURL = values['base-url'] ?? `http://localhost:${portProfiles.test.web}`;
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  let problemCount = 0;
  try {
    for (const tour of screenTours) {
      if (values.only && !values.only.split(',').includes(tour.name)) continue;
      const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
      // tsx names the helpers inside layoutProblems' page function with esbuild's __name, which the page lacks.
      await context.addInitScript('window.__name = (fn) => fn;');
      await context.addInitScript(() => {
        if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', 'en');
      });
      await showScreensIn(context, tour, language);
      const page = await context.newPage();
      await startTour(page, tour);
      for (const screen of tour.screens) {
        await openScreen(page, screen, tour);
        for (const width of widths) {
          await page.setViewportSize({ width, height: width < 640 ? 812 : 900 });
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          const file = join(outDir, `${tour.name}--${screen.name}--${width}.png`);
          await page.screenshot({ path: file, fullPage: true });
          const problems = await layoutProblems(page);
          const lines = [
            problems.pageOverflow > 0 && `page scrolls sideways by ${problems.pageOverflow}px`,
            ...problems.clippedRegions.map((r) => `clipped: ${r}`),
            ...problems.brokenWords.slice(0, 5).map((w) => `broken word: ${w}`),
          ].filter(Boolean);
          problemCount += lines.length;
          console.log(`${lines.length ? '✗' : '✓'} ${relative(projectRoot, file)}${lines.map((l) => `\n    ${l}`).join('')}`);
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await cloud?.stop();
  }
  console.log(`\nScreenshots in ${relative(projectRoot, outDir)}/; ${problemCount} layout problem(s).`);
}

await main();
