import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, screenLoaded, signIn, test } from './support/portal';
import { fleet, openUsers, userRows, usersLoaded, usersTable } from './support/users';

/** Issue 16's table rules, read on the transactions and users lists; nothing here changes data. */

const transactions = (page: Page) => page.getByRole('table', { name: 'Card transactions' });
const transactionRows = (page: Page) => transactions(page).getByRole('row').filter({ has: page.getByRole('rowheader') });

async function openTransactions(page: Page): Promise<void> {
  await signIn(page, 'accountant@demo.local');
  await page.waitForURL('**/dashboard');
  await page.goto('/transactions');
  await screenLoaded(page);
  await expect(transactionRows(page)).toHaveCount(10);
}

/** Whether an element is inside the window from left to right: seen without scrolling sideways. */
async function fullyInWindow(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

test('at 1440 px a transaction is one line; its detail holds merchant, reference, beneficiary and remitter', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTransactions(page);
  const first = transactionRows(page).first();
  const rowHeight = (await first.boundingBox())?.height ?? 0;
  const { line, padding } = await first.getByRole('rowheader').evaluate((cell) => {
    const style = getComputedStyle(cell);
    return { line: parseFloat(style.lineHeight), padding: parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) };
  });
  expect(rowHeight, 'one line of text and the cell padding, not two lines').toBeLessThan(line * 2 + padding);
  await expect(transactions(page).getByRole('columnheader', { name: 'Reference' })).toHaveCount(0);

  const toggle = first.getByRole('button', { name: /^Details of / });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const detail = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
  for (const term of ['Processed', 'Merchant ID', 'Reference', 'Beneficiary', 'Remitter']) {
    await expect(detail.locator('dt', { hasText: new RegExp(`^${term}$`) })).toBeVisible();
  }
  await expectNoAxeViolations(page);
  await toggle.click();
  await expect(detail).toHaveCount(0);
});

test('at 375 px (a table narrower than 800 px) a transaction is a card whose employee, amount and status are seen without scrolling sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openTransactions(page);
  const first = transactionRows(page).first();
  await expect(first.getByRole('rowheader')).toBeVisible();
  const amount = first.getByRole('cell').filter({ hasText: /€/ }).first();
  const status = first.getByRole('cell').filter({ hasText: /^(Pending|Processed|Reversed)$/ });
  for (const part of [first.getByRole('rowheader'), amount, status]) expect(await fullyInWindow(page, part)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});

// Both ways a person may have set motion: under reduced motion, the menu once took focus while still hidden (global.css).
for (const motion of ['reduce', 'no-preference'] as const) {
  test(`a user's row actions are one menu, usable by keyboard; Escape closes it and gives focus back (motion: ${motion})`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: motion });
    await page.setViewportSize({ width: 1440, height: 900 });
    await openUsers(page, fleet.manager);
    await usersLoaded(page);
    // The first row that has actions (a closed card's row has none).
    const menuButton = userRows(page).getByRole('button', { name: /^Actions for / }).first();
    const name = (await menuButton.getAttribute('aria-label')) ?? '';
    // One compact button per row, not a row of buttons.
    await expect(usersTable(page).getByRole('button', { name: /^(Block|Unblock|Activate) card/ })).toHaveCount(0);
    await menuButton.focus();
    await page.keyboard.press('ArrowDown');
    const menu = page.getByRole('menu', { name });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(menuButton).toBeFocused();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });
}
