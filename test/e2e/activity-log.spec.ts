import { readFileSync } from 'node:fs';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from '@playwright/test';
import { dayText, rigaDateOf } from '@shared/dates';
import { rigaDayStartMs } from '@shared/day-range';
import { dayBefore, lastDigestibleDay } from '@functions/activity/audit-chain';
import type { AuditDigestStore } from '@functions/activity/audit-digest-store';
import { digestCompany } from '@functions/activity/audit-digests';
import { auditItem, type Actor } from '@functions/platform/audit';
import { keys } from '@functions/platform/keys';
import { localClients } from '../../infra/local/provision';
import { resourceNames } from '../../infra/local/settings';
import { createOwnCompany, putItems } from '../integration/company-fixtures';
import { putEmployees, type FixtureEmployee } from '../integration/funding-fixtures';
import { fixtureCloud } from './support/fixture-cloud';
import { expect, expectNoAxeViolations, screenLoaded, signIn, test } from './support/portal';
import { cloudPorts } from './support/test-cloud';
import { userPage } from './support/users';

/**
 * The activity log (issue 21): an owner's own actions listed at once, narrowed by a filter and downloaded; an
 * accountant sees the same log with nothing to change in it. Each test has a company of its own.
 */

const table = (page: Page) => page.getByRole('table', { name: 'Activity' });
const rows = (page: Page) => table(page).locator('tbody').getByRole('row');
const fullName = (employee: FixtureEmployee) => `${employee.name} ${employee.surname}`;

async function openActivity(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity', exact: true }).click();
  await page.waitForURL('**/activity');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity log' })).toBeVisible();
  await screenLoaded(page);
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no horizontal scrolling').toBeLessThanOrEqual(0);
}

test('an owner funds an employee and blocks app access, finds both in the log, narrows it by type and employee, and downloads it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const company = await createOwnCompany(fixtureCloud(), { role: 'owner', availableCents: 100_000 });
  const [ilze, other] = (await putEmployees(fixtureCloud(), company.companyId, 2, 'active', 'log')) as [FixtureEmployee, FixtureEmployee];
  await signIn(page, company.email);
  await page.waitForURL('**/dashboard');

  await page.goto(`/users/${ilze.employeeId}`);
  const user = userPage(page);
  await user.money.getByRole('button', { name: 'Add funds' }).click();
  const amountDialog = page.getByRole('dialog', { name: `Add funds to ${fullName(ilze)}` });
  await amountDialog.getByLabel('Amount, EUR').fill('25.50');
  await amountDialog.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('dialog', { name: 'Confirm the transfer' }).getByRole('button', { name: 'Transfer' }).click();
  await expect(user.notice('The funds were added')).toBeVisible();

  await page.goto(`/users/${other.employeeId}`);
  await page.getByRole('button', { name: 'Block app access' }).click();
  await page.getByRole('dialog', { name: `Block the app access of ${fullName(other)}?` }).getByRole('button', { name: 'Block app access' }).click();
  await expect(userPage(page).notice('App access is blocked.')).toBeVisible();

  await openActivity(page);
  const owner = `Test Owner ${company.companyId.replace('company-test-', '')} (company user)`;
  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page).nth(0)).toContainText('App access blocked');
  await expect(rows(page).nth(0)).toContainText(owner);
  await expect(rows(page).nth(0)).toContainText('App access: Active → Blocked');
  await expect(rows(page).nth(1)).toContainText('Funds added');
  await expect(rows(page).nth(1)).toContainText('Amount: €25.50');
  await expect(rows(page).nth(1).getByRole('link', { name: fullName(ilze) })).toHaveAttribute('href', `/users/${ilze.employeeId}`);
  // The owner's own sign-in, recorded at the session's first request (issue 31), by its label.
  await expect(rows(page).nth(2)).toContainText('Signed in');
  await expect(rows(page).nth(2)).toContainText(owner);
  await expect(rows(page).nth(2)).toContainText('Signed in at:');
  // Everything fits on one page: no pagination.
  await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  const filters = page.getByRole('button', { name: /^Filters/ });
  await filters.click();
  const panel = page.getByRole('dialog', { name: 'Filters' });
  await panel.getByLabel('Type of action').selectOption({ label: 'Funding' });
  await expectNoAxeViolations(page);
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(filters).toContainText('1');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Funds added');

  // One employee, found by name: a funding filter for the other one leaves nothing.
  await filters.click();
  await panel.getByLabel('Find an employee by name, personal code or phone').fill(other.surname);
  await panel.getByRole('radio', { name: fullName(other) }).check();
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(filters).toContainText('2');
  await expect(page.getByRole('heading', { name: 'Nothing found' })).toBeVisible();
  await filters.click();
  await panel.getByLabel('Type of action').selectOption({ label: 'App access' });
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('App access blocked');

  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download' });
  await expect(dialog.getByRole('status').filter({ hasText: /^Download started: activity-\d{4}-\d{2}-\d{2}\.csv$/ })).toBeVisible({ timeout: 20_000 });
  const text = readFileSync(await (await downloaded).path(), 'utf8');
  const lines = text.slice(1).split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('When,Who,Action,Type,Concerns,Change');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${owner},App access blocked,App access,${fullName(other)},App access: Active → Blocked`);
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 375, height: 800 });
  await screenLoaded(page);
  await noSidewaysScroll(page);
  await expectNoAxeViolations(page);
});

test('an accountant reads the same log, pages through it, and has nothing in it to change', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const company = await createOwnCompany(fixtureCloud(), { role: 'accountant' });
  const [anna] = (await putEmployees(fixtureCloud(), company.companyId, 1, 'active', 'read')) as [FixtureEmployee];
  const manager: Actor = { kind: 'company_user', userId: 'user-manager', name: 'Marta Vadītāja', role: 'manager' };
  // 15 limit changes by the company's manager over the last days, written as the use case writes them.
  await putItems(
    fixtureCloud(),
    Array.from({ length: 15 }, (_, index) =>
      auditItem({
        companyId: company.companyId,
        actor: manager,
        action: 'limits.change',
        target: { type: 'employee', id: anna.employeeId },
        before: { limitCents: 100_000 + index * 100 },
        after: { limitCents: 100_100 + index * 100 },
        at: new Date(Date.now() - (index + 1) * 3_600_000).toISOString(),
      }),
    ),
  );
  await signIn(page, company.email);
  await page.waitForURL('**/dashboard');
  await openActivity(page);
  await expect(rows(page)).toHaveCount(10);
  // The accountant's own sign-in is the newest record, then the manager's changes.
  await expect(rows(page).first()).toContainText('Signed in');
  await expect(rows(page).nth(1)).toContainText('Marta Vadītāja (company user)');
  await expect(rows(page).nth(1)).toContainText('Monthly limit: €1,000.00 → €1,001.00');

  // Read-only: the screen's only buttons are the list's own (filters, the download, paging).
  const buttons = await page.getByRole('main').getByRole('button').evaluateAll((found) => found.map((button) => button.getAttribute('aria-label') ?? button.textContent?.trim()));
  expect(buttons).toEqual(['Download CSV', 'Filters', 'First page', 'Previous page', 'Next page']);
  await expectNoAxeViolations(page);

  const pages = page.getByRole('navigation', { name: 'Pages' });
  await pages.getByRole('button', { name: 'Next page' }).click();
  await expect(pages.getByText('Page 2')).toHaveAttribute('aria-current', 'page');
  await expect(rows(page)).toHaveCount(6);
  await expect(pages.getByRole('button', { name: 'Next page' })).toHaveAttribute('aria-disabled', 'true');
  await expect(rows(page).last()).toContainText('Monthly limit: €1,014.00 → €1,015.00');
  await pages.getByRole('button', { name: 'Previous page' }).click();
  await expect(pages.getByText('Page 1')).toHaveAttribute('aria-current', 'page');
  await expect(rows(page)).toHaveCount(10);

  await page.setViewportSize({ width: 375, height: 800 });
  await screenLoaded(page);
  await noSidewaysScroll(page);
  await expectNoAxeViolations(page);
});

/** The digest job's view of this worker's test cloud, as its schedule runs it (in the cloud nightly, here on demand). */
function digestStore(): AuditDigestStore {
  const cloud = fixtureCloud();
  const clients = localClients(cloudPorts());
  return { dynamodb: clients.dynamodb, documents: cloud.table, s3: clients.s3, tableName: cloud.tableName, bucket: resourceNames.auditDigestsBucket };
}

test("an owner sees the log verified through the last sealed day, and a warning once an entry was changed after it", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const company = await createOwnCompany(fixtureCloud(), { role: 'owner' });
  const manager: Actor = { kind: 'company_user', userId: 'user-manager', name: 'Marta Vadītāja', role: 'manager' };
  const twoDaysAgo = dayBefore(dayBefore(rigaDateOf(new Date())));
  const changed = auditItem({
    companyId: company.companyId,
    actor: manager,
    action: 'lowBalance.threshold',
    target: { type: 'company', id: company.companyId },
    before: { thresholdCents: null },
    after: { thresholdCents: 50_000 },
    at: new Date(rigaDayStartMs(twoDaysAgo) + 10 * 3_600_000).toISOString(),
  });
  await putItems(fixtureCloud(), [changed]);
  await signIn(page, company.email);
  await page.waitForURL('**/dashboard');

  // Before the first nightly check the screen says how the log is sealed, and that it was not checked yet.
  await openActivity(page);
  await expect(page.getByRole('status').filter({ hasText: 'the first nightly check of the log against them has not run yet' })).toBeVisible();

  const now = new Date();
  await digestCompany(digestStore(), company.companyId, now);
  await page.reload();
  await screenLoaded(page);
  await expect(page.getByRole('status').filter({ hasText: `Activity verified through ${dayText(lastDigestibleDay(now))}` })).toBeVisible();
  // The sealed threshold change, and today's sign-in of this very session (not sealed until tomorrow night).
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).first()).toContainText('Signed in');
  await expectNoAxeViolations(page);

  // Someone with access to the table raises the threshold in the record itself: the next nightly check finds it.
  const { pk, sk } = keys.auditRecord(company.companyId, String(changed.at), String(changed.auditId));
  await fixtureCloud().table.send(
    new UpdateCommand({ TableName: fixtureCloud().tableName, Key: { pk, sk }, UpdateExpression: 'SET #after.thresholdCents = :cents', ExpressionAttributeNames: { '#after': 'after' }, ExpressionAttributeValues: { ':cents': 5_000 } }),
  );
  await digestCompany(digestStore(), company.companyId, new Date());
  await page.reload();
  await screenLoaded(page);
  const warning = page.getByRole('alert');
  await expect(warning).toHaveText(`The activity log does not match its sealed digest of ${dayText(twoDaysAgo)}: an entry was changed after it was sealed. Please tell the provider's support.`);
  await expect(page.getByText(/Activity verified through/)).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 375, height: 800 });
  await screenLoaded(page);
  await expect(warning).toBeVisible();
  await noSidewaysScroll(page);
  await expectNoAxeViolations(page);
});
