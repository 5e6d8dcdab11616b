import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { dataDirs, portProfiles, projectRoot, testCloudBase, testCloudDataDir, testCloudPorts } from '../../infra/local/settings';
import { spawnLocalCloud, type SpawnedLocalCloud } from '../../infra/local/spawn-local-cloud';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { buildFrontend } from '../e2e/global-setup';
import { languageSchema } from '../../shared/languages';
import { fixtureCloudAt } from '../e2e/support/fixture-cloud';
import { heavySizes, seedHeavyCompany } from '../e2e/support/heavy-company';
import { heavyTour, layoutProblems, openScreen, screenTours, showLanguage, showScreensIn, startTour, type ScreenTour } from '../e2e/support/screens';

/**
 * `npm run screenshots`: every screen of the portal, as each role sees it, at 375 and 1440 px, into screenshots/
 * (git-ignored), with the layout problems found on each printed beside it. Builds the SPA and starts its own local
 * cloud on the test ports of TEST_CLOUD_BASE (0 unless set); `-- --base-url http://localhost:5173` uses a portal
 * already running (`npm start`).
 * - `-- --language lv` (or `lv,ru`): the languages shown (English unless set).
 * - `-- --heavy`: instead of the demo tours, a company seeded with the heaviest data (e2e/support/heavy-company.ts)
 *   read by its owner, in lv and ru unless `--language` says otherwise: what layout-heavy.spec.ts checks.
 * - `-- --out <folder>`: any folder. It is emptied first, so it must not exist, be empty, or hold only what this tool
 *   wrote there (its marker file and PNGs); anything else is refused.
 */
const { values } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    widths: { type: 'string', default: '375,1440' },
    only: { type: 'string' },
    out: { type: 'string', default: 'screenshots' },
    language: { type: 'string' },
    heavy: { type: 'boolean', default: false },
  },
});
const widths = values.widths.split(',').map(Number);
const languages = (values.language ?? (values.heavy ? 'lv,ru' : 'en')).split(',').map((language) => languageSchema.parse(language));
// npm runs the script in the project; a relative --out is read from where it was typed.
const outDir = resolve(process.env.INIT_CWD ?? process.cwd(), values.out);
/** Written into the folder on each run: a folder holding it and PNGs only is this tool's to empty. */
const markerName = '.bonus-card-screenshots';

/** Why the folder may not be emptied, or null when it may: new, empty, or this tool's own. */
function refusalOf(folder: string): string | null {
  if (!existsSync(folder)) return null;
  if (!statSync(folder).isDirectory()) return 'it is a file';
  const names = readdirSync(folder);
  if (names.length === 0) return null;
  const others = names.filter((name) => name !== markerName && !(name.endsWith('.png') && statSync(join(folder, name)).isFile()));
  if (others.length > 0) return `it holds other things than screenshots (${others.slice(0, 3).join(', ')}${others.length > 3 ? ', …' : ''})`;
  // Before the marker, the tool wrote only into folders of the project named screenshots…: those are still its own.
  const ownOlderFolder = folder.startsWith(projectRoot + sep) && basename(folder).startsWith('screenshots');
  return names.includes(markerName) || ownOlderFolder ? null : `it holds PNGs this tool did not write (no ${markerName} in it)`;
}

function emptyOutDir(): void {
  const refusal = refusalOf(outDir);
  if (refusal) {
    console.error(`--out ${values.out}: the folder is emptied before the screenshots are written, and ${refusal}. Name a new or empty folder.`);
    process.exit(2);
  }
  mkdirSync(outDir, { recursive: true });
  for (const name of readdirSync(outDir)) rmSync(join(outDir, name));
  writeFileSync(join(outDir, markerName), 'Screenshots written by `npm run screenshots`; the next run empties this folder.\n');
}

async function toursToWalk(local: boolean): Promise<readonly ScreenTour[]> {
  if (!values.heavy) return screenTours.filter((tour) => !values.only || values.only.split(',').includes(tour.name));
  const cloud = local ? fixtureCloudAt(testCloudDataDir(testCloudBase()), testCloudPorts(testCloudBase())) : fixtureCloudAt(dataDirs.dev, portProfiles.dev);
  const started = Date.now();
  const company = await seedHeavyCompany(cloud);
  console.log(`Seeded the heavy company (${Object.entries(heavySizes).map(([what, count]) => `${count} ${what}`).join(', ')}) in ${((Date.now() - started) / 1000).toFixed(1)} s; its owner: ${company.email}`);
  const tour = heavyTour(company.email);
  return [{ ...tour, screens: tour.screens.filter((screen) => !values.only || values.only.split(',').includes(screen.name)) }];
}

async function main(): Promise<void> {
  emptyOutDir();
  let cloud: SpawnedLocalCloud | undefined;
  const local = !values['base-url'];
  if (local) {
    buildFrontend();
    cloud = await spawnLocalCloud('preview', 120_000, undefined, testCloudBase());
  }
  const baseURL = values['base-url'] ?? `http://localhost:${testCloudPorts(testCloudBase()).web}`;
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  let problemCount = 0;
  try {
    for (const tour of await toursToWalk(local)) {
      const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
      // tsx names the helpers inside layoutProblems' page function with esbuild's __name, which the page lacks.
      await context.addInitScript('window.__name = (fn) => fn;');
      await context.addInitScript(() => {
        if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', 'en');
      });
      await showScreensIn(context, tour, languages[0] ?? 'en');
      const page = await context.newPage();
      await startTour(page, tour);
      for (const screen of tour.screens) {
        await openScreen(page, screen, tour);
        for (const language of languages) {
          await showLanguage(page, language);
          for (const width of widths) {
            await page.setViewportSize({ width, height: width < 640 ? 812 : 900 });
            await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
            const file = join(outDir, `${tour.name}--${screen.name}--${language}--${width}.png`);
            await page.screenshot({ path: file, fullPage: true });
            const problems = await layoutProblems(page);
            const lines = [
              problems.pageOverflow > 0 && `page scrolls sideways by ${problems.pageOverflow}px`,
              ...problems.clippedRegions.map((r) => `clipped: ${r}`),
              ...problems.brokenWords.slice(0, 5).map((w) => `broken word: ${w}`),
            ].filter(Boolean);
            problemCount += lines.length;
            console.log(`${lines.length ? '✗' : '✓'} ${relative(process.cwd(), file)}${lines.map((l) => `\n    ${l}`).join('')}`);
          }
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await cloud?.stop();
  }
  console.log(`\nScreenshots in ${outDir}; ${problemCount} layout problem(s).`);
}

await main();
