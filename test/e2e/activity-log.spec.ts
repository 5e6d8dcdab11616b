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
  // Each row also has its details button, which only shows the entry in full (issue 31).
  const buttons = await page.getByRole('main').getByRole('button').evaluateAll((found) => found.map((button) => button.getAttribute('aria-label') ?? button.textContent?.trim()));
  expect(buttons.filter((name) => !name?.startsWith('Details of '))).toEqual(['Download CSV', 'Filters', 'First page', 'Previous page', 'Next page']);
  expect(buttons.filter((name) => name?.startsWith('Details of '))).toHaveLength(10);
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

test('every entry reads in full: a row opens its change as field, before and after by keyboard, card payments come with their filter, and the card provider is named so, at 375 and 1440 px in English and Latvian', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const company = await createOwnCompany(fixtureCloud(), { role: 'owner' });
  const [laura] = (await putEmployees(fixtureCloud(), company.companyId, 1, 'active', 'full')) as [FixtureEmployee];
  const manager: Actor = { kind: 'company_user', userId: 'user-manager', name: 'Marta Anna Vadītāja-Bērziņa-Kalniņa', role: 'manager' };
  const admin: Actor = { kind: 'admin', userId: 'user-admin', name: 'Ilze Liepa', role: 'provider_admin' };
  const system: Actor = { kind: 'system', userId: null, name: null, role: null };
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const record = (entry: Omit<Parameters<typeof auditItem>[0], 'companyId'>) => auditItem({ companyId: company.companyId, ...entry });
  await putItems(fixtureCloud(), [
    record({ actor: manager, action: 'webhook.create', target: { type: 'company', id: company.companyId }, before: {}, after: { endpointId: 'we-1', url: 'https://gramatvediba.example-uznemums.lv/integracijas/bonusu-kartes/notikumi/sanemt', events: 'funding.applied card.status_changed', webhookStatus: 'enabled' }, at: ago(50) }),
    record({ actor: admin, action: 'prices.change', target: { type: 'company', id: company.companyId }, before: { replacementFeeCents: 700, monthlyFeeCents: 200 }, after: { replacementFeeCents: 500, monthlyFeeCents: 150 }, at: ago(40) }),
    record({ actor: manager, action: 'team.role_change', target: { type: 'company', id: company.companyId }, before: { userId: 'u-7', name: 'Jānis Ozoliņš-Bērziņš', role: 'accountant' }, after: { userId: 'u-7', name: 'Jānis Ozoliņš-Bērziņš', role: 'manager' }, at: ago(30) }),
    record({ actor: system, action: 'authorization.approved', target: { type: 'company', id: company.companyId }, before: { employeeId: laura.employeeId, balanceCents: 20_000, reservedCents: 0 }, after: { employeeId: laura.employeeId, authorizationId: 'auth-1', amountCents: 1_234 }, at: ago(5) }),
  ]);
  await signIn(page, company.email);
  await page.waitForURL('**/dashboard');
  await openActivity(page);

  // By default people's actions only: the sign-in of this session, the role change, the price change, the webhook.
  const entry = (text: string) => rows(page).filter({ hasText: text });
  await expect(entry('Team member\'s role changed')).toHaveCount(1);
  await expect(rows(page).filter({ hasText: 'Card payment approved' })).toHaveCount(0);
  await expect(entry('Price list changed')).toContainText('Card provider');
  await expect(table(page)).not.toContainText('Ilze Liepa');
  // Nothing is cut: the long name, the action and the URL are there whole, and no cell clips its text.
  await expect(entry('Team member\'s role changed')).toContainText('Marta Anna Vadītāja-Bērziņa-Kalniņa (company user)');
  await expect(entry('Webhook endpoint added')).toContainText('https://gramatvediba.example-uznemums.lv/integracijas/bonusu-kartes/notikumi/sanemt');
  await expectNothingClipped(page);

  // The keyboard reaches a row's details button and opens the change side by side.
  const details = page.getByRole('button', { name: /^Details of Team member's role changed/ });
  await details.focus();
  await page.keyboard.press('Enter');
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  const change = page.getByRole('table', { name: 'Before and after' });
  await expect(change.getByRole('columnheader')).toHaveText(['Field', 'Before', 'After']);
  await expect(change.getByRole('row', { name: 'Role Accountant Manager' })).toBeVisible();
  const prices = page.getByRole('button', { name: /^Details of Price list changed/ });
  await prices.focus();
  await page.keyboard.press('Enter');
  await expect(change.nth(1).getByRole('row', { name: 'Replacement fee €7.00 €5.00' })).toBeVisible();
  await expect(change.nth(1).getByRole('row', { name: 'Monthly fee €2.00 €1.50' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(change.first().getByRole('row', { name: 'Role Accountant Manager' })).toBeVisible();
  await noSidewaysScroll(page);
  await expectNothingClipped(page);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1440, height: 900 });

  // The card network's authorizations are one tick away, in the filter.
  const filters = page.getByRole('button', { name: /^Filters/ });
  await filters.click();
  const panel = page.getByRole('dialog', { name: 'Filters' });
  await panel.getByRole('checkbox', { name: 'Include card payments' }).check();
  await expectNoAxeViolations(page);
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(filters).toContainText('1');
  await expect(entry('Card payment approved')).toHaveCount(1);
  await expect(entry('Card payment approved')).toContainText('System');
  await expect(entry('Card payment approved')).toContainText(fullName(laura));
  await expect(entry('Card payment approved')).toContainText('Amount: €12.34');

  // The same in Latvian, at both widths.
  await page.getByLabel('Language').selectOption('lv');
  await expect(page.getByRole('heading', { level: 1, name: 'Darbību žurnāls' })).toBeVisible();
  const lvTable = page.getByRole('table', { name: 'Darbības' });
  await expect(lvTable.locator('tbody').getByRole('row').filter({ hasText: 'Cenrādis mainīts' })).toContainText('Karšu nodrošinātājs');
  await expect(lvTable.locator('tbody').getByRole('row').filter({ hasText: 'Kartes maksājums apstiprināts' })).toContainText('Summa: 12,34');
  const lvDetails = page.getByRole('button', { name: /^Sīkāka informācija: Komandas dalībnieka loma mainīta/ });
  if ((await lvDetails.getAttribute('aria-expanded')) !== 'true') {
    await lvDetails.focus();
    await page.keyboard.press('Enter');
  }
  const lvChange = page.getByRole('table', { name: 'Pirms un pēc' });
  await expect(lvChange.first().getByRole('columnheader')).toHaveText(['Lauks', 'Pirms', 'Pēc']);
  await expect(lvChange.first().getByRole('row', { name: 'Loma Grāmatvedis Vadītājs' })).toBeVisible();
  await expectNothingClipped(page);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(lvChange.first().getByRole('row', { name: 'Loma Grāmatvedis Vadītājs' })).toBeVisible();
  await noSidewaysScroll(page);
  await expectNothingClipped(page);
  await expectNoAxeViolations(page);
});

/** No text of the list is cut: no cell, and nothing in one, is narrower than what it holds. */
async function expectNothingClipped(page: Page): Promise<void> {
  const clipped = await table(page)
    .or(page.getByRole('table', { name: 'Darbības' }))
    .locator('td, th, td *, th *')
    .evaluateAll((cells) =>
      cells
        // Texts for screen readers only are clipped on purpose.
        .filter((cell) => !cell.closest('.visually-hidden') && getComputedStyle(cell).overflowX !== 'visible' && cell.scrollWidth > cell.clientWidth + 1)
        .map((cell) => cell.textContent?.slice(0, 60)),
    );
  expect(clipped, 'cells cut short').toEqual([]);
}

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
