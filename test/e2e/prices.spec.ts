import { spawnSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { projectRoot } from '../../infra/local/settings';
import { expect, expectNoAxeViolations, signIn, test } from './support/portal';
import { cloudInstance } from './support/test-cloud';

const eur = (text: string) => `€${Number(text).toFixed(2)}`;

async function openPrices(page: Page): Promise<void> {
  await signIn(page, 'admin@demo.local');
  await page.waitForURL('**/admin');
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Prices' }).click();
  await page.waitForURL('**/admin/prices');
  await expect(page.getByRole('heading', { level: 1, name: 'Prices' })).toBeVisible();
}

/** Saves a monthly fee through the form and its confirmation, as an admin does. */
async function changeMonthlyFee(page: Page, from: string, to: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Price list' });
  await form.getByLabel('Monthly maintenance fee (EUR)').fill(to);
  await form.getByRole('button', { name: 'Save prices' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the prices?' });
  await expect(dialog).toContainText(`from ${eur(from)} to ${eur(to)}`);
  await dialog.getByRole('button', { name: 'Change prices' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'The new prices are saved.' })).toBeVisible();
}

test('a provider admin changes the monthly fee after confirming the old and new amounts', async ({ page }) => {
  await openPrices(page);
  await expectNoAxeViolations(page);
  const form = page.getByRole('form', { name: 'Price list' });
  const monthlyFee = form.getByLabel('Monthly maintenance fee (EUR)');
  const before = await monthlyFee.inputValue();
  const after = (Number(before) + 0.25).toFixed(2);

  await monthlyFee.fill('-1');
  await form.getByRole('button', { name: 'Save prices' }).click();
  await expect(form.getByText('The amount cannot be negative')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Cancelling the confirmation changes nothing.
  await monthlyFee.fill(after);
  await form.getByRole('button', { name: 'Save prices' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the prices?' });
  await expect(dialog).toContainText(`from ${eur(before)} to ${eur(after)}`);
  await expect(dialog).toContainText('Card replacement fee (EUR)unchanged');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(monthlyFee).toHaveValue(before);

  await changeMonthlyFee(page, before, after);
  await page.reload();
  await expect(monthlyFee).toHaveValue(after);
  await expect(page.getByText(/^Last changed \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/)).toBeVisible();

  // Other specs see the price list as they found it.
  await changeMonthlyFee(page, after, before);
});

test('the price list is not there for company users', async ({ page }) => {
  await signIn(page, 'accountant@demo.local');
  await page.waitForURL('**/dashboard');
  await page.goto('/admin/prices');
  await page.waitForURL('**/login');
  await expect(page.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/dashboard');
});

test("a company's dashboard lists the monthly fees the job charged to its main account", async ({ page }) => {
  // The job through its own command, as `npm run fees` runs it, against the cloud this worker's specs use.
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'infra/local/charge-fees.ts', '2026-04', '--profile', 'test', '--instance', String(cloudInstance())], { cwd: projectRoot, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toMatch(/^Monthly fees of 2026-04: \d+ charged/);

  await signIn(page, 'fleet-accountant@test.local');
  await page.waitForURL('**/dashboard');
  const activity = page.getByRole('table', { name: 'Latest lines of the main account' });
  const fees = activity.getByRole('row').filter({ hasText: 'Monthly maintenance fee' }).filter({ hasText: ', 04.2026' });
  await expect(fees.first()).toBeVisible();
  await expect(fees.first()).toContainText(/-€\d+\.\d{2}/);
  await expectNoAxeViolations(page);
});
