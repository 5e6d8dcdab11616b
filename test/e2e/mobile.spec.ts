import { expect, expectNoAxeViolations, signIn, test } from './support/portal';

test.use({ viewport: { width: 375, height: 812 } });

test('at 375 px the navigation folds into a menu that opens, navigates and passes axe', async ({ page }) => {
  await signIn(page, 'accountant@demo.local');
  await page.waitForURL('**/dashboard');
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expectNoAxeViolations(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transactions' }).click();
  await page.waitForURL('**/transactions');
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no horizontal scrolling at 375 px').toBeLessThanOrEqual(0);
});
