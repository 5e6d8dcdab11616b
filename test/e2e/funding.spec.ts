import { readFileSync } from 'node:fs';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import type { Locator, Page } from '@playwright/test';
import { csvLine } from '@shared/csv';
import { fundingCsvColumns, parseCsv } from '@shared/funding';
import { fundingFileObjectKey } from '@functions/platform/keys';
import { localClients } from '../../infra/local/provision';
import { resourceNames } from '../../infra/local/settings';
import { cloudPorts } from './support/test-cloud';
import { createOwnCompany, type OwnCompany } from '../integration/company-fixtures';
import { putEmployees, type FixtureEmployee } from '../integration/funding-fixtures';
import { fixtureCloud } from './support/fixture-cloud';
import { expect, expectNoAxeViolations, screenLoaded, signIn, test, totalAvailable } from './support/portal';
import { chooseRowAction, detailValue, goToUsers, userPage, userRow } from './support/users';

/**
 * Funding employees from the main account, singly and by CSV (issue 6). Each test has a company of its own with EUR
 * 1,000.00 on its main account and active employees written straight to the table, so every amount is exact.
 */

interface Funded {
  company: OwnCompany;
  employees: FixtureEmployee[];
}

async function companyWithEmployees(prefix: string, count: number): Promise<Funded> {
  const company = await createOwnCompany(fixtureCloud(), { role: 'manager', availableCents: 100_000 });
  return { company, employees: await putEmployees(fixtureCloud(), company.companyId, count, 'active', prefix) };
}

const fullName = (employee: FixtureEmployee) => `${employee.name} ${employee.surname}`;

/** The dashboard, opened from the navigation, and its total available. */
async function dashboardAvailable(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
  await page.waitForURL('**/dashboard');
  return totalAvailable(page);
}

async function axeAt375(page: Page): Promise<void> {
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('a manager adds funds to one user from the user page and from the list, confirming the amount and the main account after', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { company, employees } = await companyWithEmployees('single', 2);
  const [ilze, other] = employees as [FixtureEmployee, FixtureEmployee];
  await signIn(page, company.email);
  await page.waitForURL('**/dashboard');
  await expect(await dashboardAvailable(page)).toHaveText('€1,000.00');

  await page.goto(`/users/${ilze.employeeId}`);
  await expect(page.getByRole('heading', { level: 1, name: fullName(ilze) })).toBeVisible();
  const user = userPage(page);
  const balance = detailValue(user.money, 'Balance');
  await expect(balance).toHaveText('€0.00');

  await user.money.getByRole('button', { name: 'Add funds' }).click();
  const amountDialog = page.getByRole('dialog', { name: `Add funds to ${fullName(ilze)}` });
  await expect(amountDialog).toContainText('Available on the main account: €1,000.00');
  await amountDialog.getByRole('button', { name: 'Continue' }).click();
  await expect(amountDialog.getByText('Amount required')).toBeVisible();
  await amountDialog.getByLabel('Amount, EUR').fill('12.345');
  await amountDialog.getByRole('button', { name: 'Continue' }).click();
  await expect(amountDialog.getByText('Use at most two decimals')).toBeVisible();
  await expectNoAxeViolations(page);
  await axeAt375(page);

  // More than the main account holds: refused, nothing moves.
  await amountDialog.getByLabel('Amount, EUR').fill('1000.01');
  await amountDialog.getByRole('button', { name: 'Continue' }).click();
  let confirm = page.getByRole('dialog', { name: 'Confirm the transfer' });
  await expect(detailValue(confirm, 'Main account after')).toHaveText('-€0.01');
  await confirm.getByRole('button', { name: 'Transfer' }).click();
  await expect(confirm.getByRole('alert')).toHaveText("Cannot transfer funds to employee's account. No enough balance on company's account.");
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  await amountDialog.getByLabel('Amount, EUR').fill('25.50');
  await amountDialog.getByRole('button', { name: 'Continue' }).click();
  confirm = page.getByRole('dialog', { name: 'Confirm the transfer' });
  await expect(confirm).toContainText(`Transfer €25.50 from the main account to ${fullName(ilze)}?`);
  await expect(detailValue(confirm, 'Amount, EUR')).toHaveText('€25.50');
  await expect(detailValue(confirm, 'Main account after')).toHaveText('€974.50');
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(confirm.getByRole('button', { name: 'Transfer' })).toBeInViewport();
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Transfer' }).click();
  await expect(confirm).toBeHidden();
  await expect(user.notice('The funds were added')).toBeVisible();
  await expect(balance).toHaveText('€25.50');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The list offers the same action on each row that can receive funds.
  await goToUsers(page);
  await chooseRowAction(page, userRow(page, fullName(other)), fullName(other), 'Add funds');
  const rowDialog = page.getByRole('dialog', { name: `Add funds to ${fullName(other)}` });
  await expect(rowDialog).toContainText('Available on the main account: €974.50');
  await rowDialog.getByLabel('Amount, EUR').fill('4.5');
  await rowDialog.getByRole('button', { name: 'Continue' }).click();
  confirm = page.getByRole('dialog', { name: 'Confirm the transfer' });
  await expect(detailValue(confirm, 'Main account after')).toHaveText('€970.00');
  await confirm.getByRole('button', { name: 'Transfer' }).click();
  await expect(page.getByRole('status').filter({ hasText: `The funds were added to ${fullName(other)}` })).toBeVisible();
  await expect(userRow(page, fullName(other)).getByRole('cell', { name: '€4.50' })).toBeVisible();

  // The dashboard read the main account before; the funding made it read again.
  await expect(await dashboardAvailable(page)).toHaveText('€970.00');
});

/** The CSV as the template gives it, with the Add Balance cell of some users filled in, plus extra rows. */
function filledIn(template: string, amounts: ReadonlyMap<string, string>, extra: readonly string[][] = []): string {
  const [header = [], ...rows] = parseCsv(template) ?? [];
  const filled = rows.map((row) => row.map((cell, index) => (index === fundingCsvColumns.length - 1 ? (amounts.get(row[0] ?? '') ?? cell) : cell)));
  return [header, ...filled, ...extra].map((row) => csvLine(row)).join('');
}

test('a manager adds funds by CSV: the template, a file with bad rows that moves nothing, then the corrected file', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const { company, employees } = await companyWithEmployees('csv', 3);
  const [first, second] = employees as [FixtureEmployee, FixtureEmployee, FixtureEmployee];
  await signIn(page, company.email);
  await page.waitForURL('**/dashboard');
  await goToUsers(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download template' }).click();
  const template = readFileSync(await (await download).path(), 'utf8');
  const rows = parseCsv(template) ?? [];
  expect(rows[0]).toEqual([...fundingCsvColumns]);
  expect(rows[0]?.at(-1)).toBe('Add Balance');
  expect(rows.slice(1).map((row) => row[0]).sort()).toEqual(employees.map((employee) => employee.employeeId).sort());
  for (const row of rows.slice(1)) expect(row.at(-1)).toBe('');
  expect(rows.find((row) => row[0] === first.employeeId)?.slice(1, 3)).toEqual([first.name, first.surname]);

  await page.getByRole('button', { name: 'Add funds by CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add funds by CSV' });
  await dialog.getByRole('button', { name: 'Check the file' }).click();
  await expect(dialog.getByText('File required')).toBeVisible();
  await expectNoAxeViolations(page);
  await axeAt375(page);

  const secondRow = rows.find((row) => row[0] === second.employeeId) ?? [];
  const bad = filledIn(template, new Map([[first.employeeId, '10.005'], [second.employeeId, '20.00']]), [[...secondRow.slice(0, -1), '5.00']]);
  await dialog.getByLabel('CSV file').setInputFiles({ name: 'funding.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await dialog.getByRole('button', { name: 'Check the file' }).click();
  const badRows = dialog.getByRole('table', { name: 'Rows to fix: 2' });
  await expect(badRows.getByRole('row').filter({ hasText: fullName(first) })).toContainText('Use at most two decimals');
  await expect(badRows.getByRole('row').filter({ hasText: '5' }).filter({ hasText: fullName(second) })).toContainText('This user appears more than once in the file');
  await expect(dialog.getByRole('alert')).toHaveText('Some rows of the file are not valid. Fix the listed rows and upload the file again.');
  await expect(dialog.getByRole('button', { name: 'Transfer' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await axeAt375(page);

  // Another file: the one checked before is no longer chosen.
  await dialog.getByRole('button', { name: 'Upload another file' }).click();
  await dialog.getByRole('button', { name: 'Check the file' }).click();
  await expect(dialog.getByText('File required')).toBeVisible();

  const good = filledIn(template, new Map([[first.employeeId, '10.05'], [second.employeeId, '20']]));
  await dialog.getByLabel('CSV file').setInputFiles({ name: 'funding-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
  await dialog.getByRole('button', { name: 'Check the file' }).click();
  await expect(detailValue(dialog, 'Rows to fund')).toHaveText('2 of 3');
  await expect(detailValue(dialog, 'Total')).toHaveText('€30.05');
  // Nothing moved for the file with bad rows: the main account still holds EUR 1,000.00.
  await expect(detailValue(dialog, 'Main account after')).toHaveText('€969.95');
  await expect(dialog).toContainText('Transfer €30.05 to 2 users?');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Transfer' }).click();
  await expect(dialog.getByRole('status')).toContainText('2 rows transferred, €30.05 in total.');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  await screenLoaded(page);
  await expect(userRow(page, fullName(first)).getByRole('cell', { name: '€10.05' })).toBeVisible();
  await expect(userRow(page, fullName(second)).getByRole('cell', { name: '€20.00' })).toBeVisible();
  await expect(await dashboardAvailable(page)).toHaveText('€969.95');
});

/** The funding files the company uploaded, as the worker reads them: gone, every apply of them fails. */
async function takeAwayFundingFiles(companyId: string): Promise<{ key: string; body: Uint8Array }[]> {
  const { s3 } = localClients(cloudPorts());
  const Bucket = resourceNames.documentsBucket;
  const listed = await s3.send(new ListObjectsV2Command({ Bucket, Prefix: fundingFileObjectKey(companyId, '').replace(/\.csv$/, '') }));
  const taken: { key: string; body: Uint8Array }[] = [];
  for (const { Key } of listed.Contents ?? []) {
    if (!Key) continue;
    const object = await s3.send(new GetObjectCommand({ Bucket, Key }));
    taken.push({ key: Key, body: (await object.Body?.transformToByteArray()) ?? new Uint8Array() });
    await s3.send(new DeleteObjectCommand({ Bucket, Key }));
  }
  return taken;
}

test('a CSV transfer whose worker keeps failing ends failed, says nothing moved, and a confirmed retry finishes it once', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const { company, employees } = await companyWithEmployees('retry', 2);
  const [first, second] = employees as [FixtureEmployee, FixtureEmployee];
  await signIn(page, company.email);
  await page.waitForURL('**/dashboard');
  await goToUsers(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download template' }).click();
  const template = readFileSync(await (await download).path(), 'utf8');

  await page.getByRole('button', { name: 'Add funds by CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add funds by CSV' });
  const content = filledIn(template, new Map([[first.employeeId, '10.00'], [second.employeeId, '5.00']]));
  await dialog.getByLabel('CSV file').setInputFiles({ name: 'funding.csv', mimeType: 'text/csv', buffer: Buffer.from(content) });
  await dialog.getByRole('button', { name: 'Check the file' }).click();
  await expect(detailValue(dialog, 'Total')).toHaveText('€15.00');

  // The stored file disappears between the check and the transfer: the apply fails, then every receipt of the worker.
  const taken = await takeAwayFundingFiles(company.companyId);
  expect(taken).toHaveLength(1);
  await dialog.getByRole('button', { name: 'Transfer' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'The transfer stopped before it finished: 0 rows were transferred (€0.00); the other 2 rows were not, and no money moved for them. You can retry: rows already transferred are not transferred again.',
    { timeout: 30_000 },
  );
  await expectNoAxeViolations(page);
  await axeAt375(page);

  const { s3 } = localClients(cloudPorts());
  for (const { key, body } of taken) await s3.send(new PutObjectCommand({ Bucket: resourceNames.documentsBucket, Key: key, Body: body, ContentType: 'text/csv; charset=utf-8' }));
  await dialog.getByRole('button', { name: 'Retry', exact: true }).click();
  await expect(dialog).toContainText('Transfer the remaining 2 rows now? The rows already transferred are skipped.');
  await dialog.getByRole('button', { name: 'Retry the transfer' }).click();
  await expect(dialog.getByRole('status')).toContainText('2 rows transferred, €15.00 in total.', { timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  await screenLoaded(page);
  await expect(userRow(page, fullName(first)).getByRole('cell', { name: '€10.00' })).toBeVisible();
  await expect(userRow(page, fullName(second)).getByRole('cell', { name: '€5.00' })).toBeVisible();
  await expect(await dashboardAvailable(page)).toHaveText('€985.00');
});
