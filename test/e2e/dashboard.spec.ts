import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { monthsBefore, rigaDateOf } from '@shared/dates';
import { createOwnCompany, recordPayments, type OwnCompany } from '../integration/company-fixtures';
import { fixtureCloud } from './support/fixture-cloud';
import { expect, expectNoAxeViolations, signIn, test } from './support/portal';

const today = rigaDateOf(new Date());
const monthAgo = (months: number) => monthsBefore(today, months).slice(0, 7);
/** "07.2026", as the turnover table names a month. */
const monthText = (month: string) => `${month.slice(5, 7)}.${month.slice(0, 4)}`;

let company: OwnCompany;

test.beforeAll(async () => {
  // A company of this spec's own, so the amounts below are exact whatever other specs do.
  company = await createOwnCompany(fixtureCloud(), { availableCents: 1_234_567, reservedCents: 8_950 });
  await recordPayments(fixtureCloud(), company.companyId, [
    { day: `${monthAgo(2)}-10`, amountCents: -12_000 },
    { day: `${monthAgo(2)}-11`, amountCents: -550, mccGroup: 'transport' },
    { day: `${monthAgo(8)}-15`, amountCents: -4_000 },
  ]);
});

async function openDashboard(page: Page): Promise<void> {
  await signIn(page, company.email);
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

test('the balances show total available and reserved, and the tooltip says when they were read', async ({ page }) => {
  await openDashboard(page);
  const balances = page.getByRole('region', { name: 'Main account' });
  await expect(balances.getByRole('definition').first()).toHaveText('€12,345.67');
  await expect(balances.getByText('Total reserved')).toBeVisible();
  await expect(balances.getByRole('definition').nth(1)).toHaveText('€89.50');

  // Keyboard: the tooltip's button describes itself with the text, which shows on focus and hides with Escape.
  const info = balances.getByRole('button', { name: 'About the sub-total balance' });
  await info.focus();
  const tip = page.getByRole('tooltip');
  await expect(tip).toBeVisible();
  await expect(tip).toHaveText(/^Last updated \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  await expect(info).toHaveAccessibleDescription(/^Last updated \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();
  await info.hover();
  await expect(tip).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the monthly turnover shows a bar per month of the period, with the same numbers as a table', async ({ page }) => {
  await openDashboard(page);
  const turnover = page.getByRole('region', { name: 'Monthly turnover' });
  const chart = turnover.getByRole('img', { name: /^Card spending per month from/ });
  await expect(chart).toHaveAccessibleName(`Card spending per month from ${monthText(monthAgo(11))} to ${monthText(monthAgo(0))}, €165.50 in total`);
  await expect(turnover.locator('rect.turnover-chart__bar')).toHaveCount(12);

  // The table alternative: read by screen readers all along, shown by its toggle.
  const table = turnover.getByRole('table', { name: 'Card spending per month' });
  await expect(table.getByRole('row')).toHaveCount(14);
  await expect(table.getByRole('row', { name: new RegExp(`^${monthText(monthAgo(2)).replace('.', '\\.')}`) })).toContainText('€125.50');
  await expect(table.getByRole('row', { name: new RegExp(`^${monthText(monthAgo(5)).replace('.', '\\.')}`) })).toContainText('€0.00');
  await turnover.getByRole('button', { name: 'Show as table' }).click();
  await expect(turnover.getByRole('button', { name: 'Show as table' })).toHaveAttribute('aria-pressed', 'true');
  await expect(table).toBeVisible();
  await expect(chart).toHaveCount(0);
  await expectNoAxeViolations(page);
  await turnover.getByRole('button', { name: 'Show as table' }).click();
  await expect(chart).toBeVisible();

  // Three months leave the month eight back out of the sum.
  await turnover.getByText('3 months').click();
  await expect(turnover.locator('rect.turnover-chart__bar')).toHaveCount(3);
  await expect(turnover.getByRole('img')).toHaveAccessibleName(`Card spending per month from ${monthText(monthAgo(2))} to ${monthText(monthAgo(0))}, €125.50 in total`);

  // One month: nothing spent yet, said as such.
  await turnover.getByText('1 month').click();
  await expect(turnover.getByText('No card spending in this period')).toBeVisible();
});

test('the last transactions list the newest payments, narrow by merchant group, download that CSV and link to the list', async ({ page }) => {
  await openDashboard(page);
  const panel = page.getByRole('region', { name: 'Last transactions' });
  const rows = panel.getByRole('table', { name: 'Newest card payments' }).getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(rows).toHaveCount(3);
  // Newest first: the transport payment of the 11th, then groceries of the 10th, then the one eight months back.
  await expect(rows.nth(0)).toContainText('Transport');
  await expect(rows.nth(0)).toContainText('5.50');
  await expect(rows.nth(1)).toContainText('Groceries');
  await expect(rows.nth(1)).toContainText('120.00');
  await expect(rows.nth(2)).toContainText('40.00');
  await expect(rows.nth(0)).toContainText('Processed');
  await expectNoAxeViolations(page);

  await panel.getByLabel('Merchant group').selectOption({ label: 'Transport' });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Ilze Bērziņa');
  await expect(rows.first()).toContainText('5.50');

  // The download is the filtered list's CSV, through the background-file modal.
  const downloaded = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download' });
  await expect(dialog.getByRole('status').filter({ hasText: /^Download started: transactions-\d{4}-\d{2}-\d{2}\.csv$/ })).toBeVisible({ timeout: 20_000 });
  const lines = readFileSync(await (await downloaded).path(), 'utf8').split('\r\n').filter(Boolean);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('Ilze Bērziņa');
  expect(lines[1]).toContain('-5.5');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await panel.getByLabel('Merchant group').selectOption({ label: 'Health and pharmacy' });
  await expect(panel.getByText('No card payments in this group')).toBeVisible();

  await panel.getByRole('link', { name: 'All transactions' }).click();
  await page.waitForURL('**/transactions');
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the dashboard fits the phone screen and passes axe', async ({ page }) => {
    await openDashboard(page);
    await expect(page.getByRole('region', { name: 'Monthly turnover' }).getByRole('img')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });
});
