import { readFileSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import { csvLine } from '@shared/csv';
import { createOwnCompany } from '../integration/company-fixtures';
import { fixtureCloud } from './support/fixture-cloud';
import { expect, expectNoAxeViolations, signIn, test } from './support/portal';
import { rowStatuses, userRows } from './support/users';

/**
 * Bulk employee import (issue 34): a manager downloads the template, uploads 50 rows of which 5 are bad, sees those 5
 * first with their reasons, creates the 45 others after a confirmation showing the cards' fee, watches them being
 * made, and finds them in Users with their cards ordered. An accountant is not offered the import.
 */

const header = ['Name', 'Surname', 'Personal code', 'Phone', 'E-mail', 'Language', 'Monthly limit', 'Annual limit'];
const phonePrefix = `37128${String(randomInt(0, 10_000)).padStart(4, '0')}`;
const phoneOf = (index: number) => `${phonePrefix}${String(index).padStart(6, '0')}`;
const codeOf = (index: number) => `020290-${String(randomInt(0, 900) * 100 + index).padStart(5, '0')}`;

function fiftyRows(): string {
  const rows = Array.from({ length: 45 }, (_, index) => [`Darbinieks${index}`, `Importa${String(index).padStart(2, '0')}`, codeOf(index), phoneOf(index), '', 'lv', '', '']);
  const bad = [
    ['Aina', 'Ābele', codeOf(45), '+37', '', '', '', ''],
    ['Baiba', 'Bērza', '12345', phoneOf(46), '', '', '', ''],
    ['Cilda', 'Cīrule', codeOf(47), phoneOf(0), '', '', '', ''],
    ['', 'Dārza', codeOf(48), phoneOf(48), '', '', '', ''],
    ['Elza', 'Egle', codeOf(49), phoneOf(49), 'not-an-email', '', '', ''],
  ];
  // The bad rows among the others, as a spreadsheet holds them: rows 11, 21, 31, 41 and 51.
  const all = Array.from({ length: 50 }, (_, index) => (index % 10 === 9 ? bad[(index - 9) / 10] : rows[index - Math.floor(index / 10)]) ?? []);
  return [header, ...all].map((cells) => csvLine(cells)).join('');
}

test('a manager imports 50 rows: the 5 bad ones are previewed with their reasons, the 45 others are created with their cards ordered', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const company = await createOwnCompany(fixtureCloud(), { role: 'manager' });
  await signIn(page, company.email);
  await page.waitForURL('**/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users', exact: true }).click();
  await page.waitForURL('**/users');

  await page.getByRole('button', { name: 'Import users' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import users' });
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download template' }).click();
  expect(readFileSync(await (await download).path(), 'utf8')).toBe(`\uFEFF${csvLine(header)}`);
  await dialog.getByRole('button', { name: 'Check the file' }).click();
  await expect(dialog.getByText('File required')).toBeVisible();

  await dialog.getByLabel('CSV file').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(fiftyRows()) });
  await dialog.getByRole('button', { name: 'Check the file' }).click();
  await expect(dialog.locator('dt', { hasText: /^Rows with problems$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText('5');
  await expect(dialog.locator('dt', { hasText: /^Users to create$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText('45');
  await expect(dialog).toContainText('5 rows have problems and will be skipped.');
  await expect(dialog).toContainText('Card fees: issuing the cards is free (€0.00)');
  const rows = dialog.getByRole('table', { name: /^Rows: / }).locator('tbody').getByRole('row');
  const problems = [
    ['Aina Ābele', 'Phone: Enter the country code and the number, digits only, without a plus sign'],
    ['Baiba Bērza', 'Personal code: Enter the personal code as DDMMYY-NNNNN'],
    ['Cilda Cīrule', 'Phone: This phone appears more than once in the file'],
    ['Dārza', 'Name: Name required'],
    ['Elza Egle', 'E-mail: Enter a valid e-mail address'],
  ];
  for (const [index, [name, reason]] of problems.entries()) {
    await expect(rows.nth(index)).toContainText(name ?? '');
    await expect(rows.nth(index)).toContainText(reason ?? '');
  }
  await expect(rows.nth(5)).toContainText('Will be created');
  // Every row is reachable: the second page holds the file's last rows, and a search finds one row among them.
  await dialog.getByRole('button', { name: 'Next page' }).click();
  await expect(rows).toHaveCount(25);
  await expect(rows.last()).toContainText('Importa44');
  await dialog.getByRole('searchbox').fill('Importa07');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Darbinieks7 Importa07');
  await dialog.getByRole('searchbox').fill('');
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toContainText('Aina Ābele');
  await expectNoAxeViolations(page);
  // On a phone the preview scrolls within the dialog, never the page sideways.
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1440, height: 900 });

  await dialog.getByRole('button', { name: 'Create 45 users' }).click();
  const confirm = page.getByRole('dialog', { name: 'Create 45 users?' });
  await expect(confirm).toContainText('45 users will be created and a card ordered for each');
  await confirm.getByRole('button', { name: 'Create and order 45 cards' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'users created' })).toContainText('45 users created, cards ordered.', { timeout: 60_000 });
  // Each row's result: the 5 rows with problems were skipped, the others created.
  const results = dialog.getByRole('table', { name: /^Result by row/ }).locator('tbody').getByRole('row');
  await expect(results.first()).toContainText('Skipped: Phone: Enter the country code');
  await expect(results.nth(5)).toContainText('Created, card ordered');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByText('Users found: 45', { exact: true })).toBeVisible();
  const listed = userRows(page);
  await expect(listed.first()).toBeVisible();
  for (let index = 0; index < (await listed.count()); index += 1) {
    // The sandbox delivers a card seconds after it is ordered: either is a card the issuer has.
    await expect(rowStatuses(listed.nth(index)).filter({ hasText: /^(Ordered|Delivered)$/ })).toHaveCount(1);
  }
});

test('an accountant is not offered the import', async ({ page }) => {
  const company = await createOwnCompany(fixtureCloud(), { role: 'accountant' });
  await signIn(page, company.email);
  await page.waitForURL('**/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users', exact: true }).click();
  await page.waitForURL('**/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import users' })).toHaveCount(0);
});
