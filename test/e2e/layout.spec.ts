import { languages } from '../../shared/languages';
import { expect, test } from './support/portal';
import { layoutProblems, layoutWidths, openScreen, screenTours, showScreensIn, startTour } from './support/screens';

/**
 * Issue 16: every screen reads at 375, 768, 1024 and 1440 px, in each language, for a visitor, each company role, a
 * company in onboarding, one awaiting approval and the provider admin: the page never scrolls sideways, no list
 * scrolls inside its panel (tables fit from 800 px of their own width and become cards below), and no word breaks
 * across lines. `npm run screenshots` walks the same screens and saves what they look like.
 */
for (const language of languages) {
  for (const tour of screenTours) {
    test(`${tour.name} in ${language}: every screen fits at ${layoutWidths.join(', ')} px`, async ({ context, page }) => {
      test.setTimeout(40_000 + tour.screens.length * 15_000);
      await showScreensIn(context, tour, language);
      await startTour(page, tour);
      for (const screen of tour.screens) {
        await openScreen(page, screen, tour);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        for (const width of layoutWidths) {
          await page.setViewportSize({ width, height: 900 });
          // The layout settles within a frame of the resize; reading it then is reading what the user sees.
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          expect(await layoutProblems(page), `${screen.name} at ${width} px in ${language}`).toEqual({ pageOverflow: 0, clippedRegions: [], brokenWords: [] });
        }
      }
    });
  }
}
