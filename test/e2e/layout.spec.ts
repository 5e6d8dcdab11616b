import { languages } from '../../shared/languages';
import { expect, test } from './support/portal';
import { layoutWidths, openScreen, screenLayoutProblems, screenTours, showScreensIn, startTour, type ScreenCheck } from './support/screens';

/**
 * Issue 16: every screen reads at 375, 768, 1024 and 1440 px, in each language, for a visitor, each company role, a
 * company in onboarding, one awaiting approval and the provider admin: the page never scrolls sideways, no list
 * scrolls inside its panel (tables fit from 800 px of their own width and become cards below), and no word breaks
 * across lines. `npm run screenshots` walks the same screens and saves what they look like. Each tour signs in once
 * and reads each screen in every language, switched in the page as a person does (docs/decisions.md, issue 32).
 */
for (const tour of screenTours) {
  test(`${tour.name}: every screen fits at ${layoutWidths.join(', ')} px in ${languages.join(', ')}`, async ({ context, page }) => {
    test.setTimeout(40_000 + tour.screens.length * 20_000);
    await showScreensIn(context, tour, languages[0]);
    await startTour(page, tour);
    const problems: ScreenCheck[] = [];
    for (const screen of tour.screens) {
      await openScreen(page, screen, tour);
      problems.push(...(await screenLayoutProblems(page, screen, languages, layoutWidths)));
    }
    expect(problems).toEqual([]);
  });
}
