import { readFileSync } from 'node:fs';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from '@playwright/test';
import { monthsBefore, rigaDateOf } from '@shared/dates';
import { keys } from '@functions/platform/keys';
import { createOwnCompany, joinCompany, recordPayments, type OwnCompany } from '../integration/company-fixtures';
import { fixtureCloud } from './support/fixture-cloud';
import { expect, expectNoAxeViolations, signIn, test } from './support/portal';

const today = rigaDateOf(new Date());
const monthAgo = (months: number) => monthsBefore(today, months).slice(0, 7);
/** "07.2026", as the turnover table names a month. */
const monthText = (month: string) => `${month.slice(5, 7)}.${month.slice(0, 4)}`;
/** "July 2026", as a bar of the turnover chart and its tooltip name a month. */
const monthName = (month: string) => new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

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

test('the balances show total available and reserved, and when they were read, under them and in the tooltip', async ({ page }) => {
  await openDashboard(page);
  const balances = page.getByRole('region', { name: 'Main account', exact: true });
  await expect(balances.getByRole('definition').first()).toHaveText('€12,345.67');
  await expect(balances.getByText('Total reserved')).toBeVisible();
  await expect(balances.getByRole('definition').nth(1)).toHaveText('€89.50');
  // 'Last updated {date}' is on the page, not only in the tooltip.
  await expect(balances.locator('time')).toHaveText(/^Last updated \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  await expect(balances.locator('time')).toBeVisible();

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

test('the monthly turnover shows the period total and a bar per month over a EUR axis, with the same numbers as a table', async ({ page }) => {
  await openDashboard(page);
  const turnover = page.getByRole('region', { name: 'Monthly turnover' });
  const chart = turnover.getByRole('figure', { name: /^Card spending per month from/ });
  await expect(chart).toHaveAccessibleName(`Card spending per month from ${monthText(monthAgo(11))} to ${monthText(monthAgo(0))}, €165.50 in total`);
  const bars = chart.getByRole('button');
  await expect(bars).toHaveCount(12);
  await expect(bars.first()).toHaveAccessibleName(`${monthName(monthAgo(11))}: €0.00`);
  await expect(bars.last()).toHaveAccessibleName(`${monthName(monthAgo(0))}: €0.00`);

  // The period's total, in words beside the chart.
  await expect(turnover.getByText('Spent in this period')).toBeVisible();
  await expect(turnover.getByTestId('turnover-total')).toHaveText('€165.50');
  await expect(turnover.getByText('Transactions: 3', { exact: true })).toBeVisible();

  // The EUR axis: round whole-euro steps from €0 to above the highest month (€125.50), by the money formatter.
  const axisLabels = turnover.locator('.turnover-chart__y-label');
  await expect(axisLabels).toHaveText(['€0', '€50', '€100', '€150']);
  await expect(turnover.locator('.turnover-chart__gridline')).toHaveCount(4);
  // Twelve months cross a year unless they end in December: then the first month and January carry their year.
  const years = [...new Set([monthAgo(11), monthAgo(0)].map((month) => month.slice(0, 4)))];
  await expect(turnover.locator('.turnover-chart__year-full')).toHaveText(years.length > 1 ? years : []);

  // Keyboard: focusing a month's bar shows its tooltip (month, amount, count); arrows move on; Escape hides it.
  const spentMonth = chart.getByRole('button', { name: `${monthName(monthAgo(2))}: €125.50` });
  await spentMonth.focus();
  const tip = turnover.getByRole('tooltip');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText(monthName(monthAgo(2)));
  await expect(tip).toContainText('€125.50');
  await expect(tip).toContainText('Transactions: 2');
  await expectNoAxeViolations(page);
  await page.keyboard.press('ArrowRight');
  await expect(chart.getByRole('button', { name: `${monthName(monthAgo(1))}: €0.00` })).toBeFocused();
  await expect(tip).toContainText(monthName(monthAgo(1)));
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();
  // Pointer: hovering a bar shows that month's tooltip.
  await chart.getByRole('button', { name: `${monthName(monthAgo(8))}: €40.00` }).hover();
  await expect(tip).toContainText('€40.00');
  await page.mouse.move(0, 0);

  // The table alternative: read by screen readers all along, shown by its toggle.
  const table = turnover.getByRole('table', { name: 'Card spending per month' });
  await expect(table.getByRole('row')).toHaveCount(14);
  await expect(table.getByRole('row', { name: new RegExp(`^${monthText(monthAgo(2)).replace('.', '\\.')}`) })).toContainText('€125.50');
  await expect(table.getByRole('row', { name: new RegExp(`^${monthText(monthAgo(5)).replace('.', '\\.')}`) })).toContainText('€0.00');
  await turnover.getByRole('button', { name: 'Show as table' }).click();
  await expect(turnover.getByRole('button', { name: 'Show as table' })).toHaveAttribute('aria-pressed', 'true');
  await expect(table).toBeVisible();
  await expect(chart).toHaveCount(0);
  await expect(turnover.getByTestId('turnover-total')).toHaveText('€165.50');
  await expectNoAxeViolations(page);
  await turnover.getByRole('button', { name: 'Show as table' }).click();
  await expect(chart).toBeVisible();

  // Three months leave the month eight back out of the sum.
  await turnover.getByText('3 months').click();
  await expect(bars).toHaveCount(3);
  await expect(turnover.getByRole('figure')).toHaveAccessibleName(`Card spending per month from ${monthText(monthAgo(2))} to ${monthText(monthAgo(0))}, €125.50 in total`);
  await expect(turnover.getByTestId('turnover-total')).toHaveText('€125.50');

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
  // The status is the portal's one status badge, its tone by meaning.
  await expect(rows.nth(0).locator('.status-badge[data-tone="positive"]')).toHaveText('Processed');
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

  test('the dashboard fits the phone screen, the main account first, and passes axe', async ({ page }) => {
    await openDashboard(page);
    const turnover = page.getByRole('region', { name: 'Monthly turnover' });
    await expect(turnover.getByRole('figure')).toBeVisible();
    await expect(turnover.getByRole('figure').getByRole('button')).toHaveCount(12);
    // "How much do we have" comes first: the main account above the top-up panel and the chart.
    const balances = await page.getByRole('region', { name: 'Main account', exact: true }).boundingBox();
    const topUp = await page.getByRole('region', { name: 'Top up by bank transfer' }).boundingBox();
    expect(balances && topUp && balances.y < topUp.y).toBe(true);
    await expect(page.getByRole('region', { name: 'Main account', exact: true }).locator('time')).toBeVisible();
    // Twelve months on a phone: a letter a month and the year as ’26, the years side by side without overlapping.
    const years = turnover.locator('.turnover-chart__year-short');
    if (monthAgo(11).slice(0, 4) !== monthAgo(0).slice(0, 4)) {
      await expect(years).toHaveText([`’${monthAgo(11).slice(2, 4)}`, `’${monthAgo(0).slice(2, 4)}`]);
      const [first, second] = [await years.nth(0).boundingBox(), await years.nth(1).boundingBox()];
      expect(first && second && first.x + first.width <= second.x).toBe(true);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });
});

/** A company of its own whose main account is already below its low-balance threshold: the dashboard has a notice. */
async function companyBelowThreshold(): Promise<OwnCompany> {
  const own = await createOwnCompany(fixtureCloud(), { availableCents: 10_000 });
  const cloud = fixtureCloud();
  await cloud.table.send(
    new UpdateCommand({
      TableName: cloud.tableName,
      Key: keys.mainAccount(own.companyId),
      UpdateExpression: 'SET lowBalanceThresholdCents = :threshold, lowBalanceSince = :since',
      ExpressionAttributeValues: { ':threshold': 50_000, ':since': new Date().toISOString() },
    }),
  );
  return own;
}

test('a low balance is a warning, not an error, its IBAN and reference copied by their buttons; the owner chooses an accountant to e-mail', async ({ page, context }) => {
  const own = await createOwnCompany(fixtureCloud(), { availableCents: 40_000 });
  const accountant = await createOwnCompany(fixtureCloud(), { role: 'accountant' });
  await joinCompany(fixtureCloud(), accountant.userId, own.companyId, 'accountant');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, own.email);
  await page.waitForURL('**/dashboard');

  const topUp = page.getByRole('region', { name: 'Top up by bank transfer' });
  await topUp.getByRole('button', { name: 'Change alert' }).click();
  const dialog = page.getByRole('dialog', { name: 'Low-balance alert' });
  await dialog.getByLabel('Alert below, EUR').fill('500');
  const recipients = dialog.getByRole('group', { name: 'Who gets the e-mail' });
  // Every member is offered, each with their role: the owner and the accountant.
  await expect(recipients.getByRole('checkbox')).toHaveCount(2);
  await recipients.getByRole('checkbox', { name: new RegExp(`${accountant.fullName} \\(Accountant\\)`) }).check();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(topUp.getByTestId('low-balance-setting')).toHaveText(`E-mailed once when the available amount falls below €500.00, to ${accountant.fullName}.`);

  // €400 is below the new €500: the notice, a warning (amber, its sign, "Warning" to a screen reader), never an alert.
  const notices = page.getByRole('region', { name: 'Needs your attention' });
  const notice = notices.getByRole('note').filter({ hasText: 'below your alert threshold of €500.00' });
  await expect(notice).toBeVisible();
  await expect(notice).toHaveClass(/\balert--warning\b/);
  await expect(notice).toContainText('Warning:');
  await expect(notice.locator('.alert__icon')).toBeVisible();
  await expect(notice).toHaveCSS('background-color', 'rgb(255, 250, 235)');
  await expect(notices.getByRole('alert')).toHaveCount(0);

  // Copy: named for what it copies, reached by the keyboard, "Copied" said beside it, the IBAN without its spaces.
  const copyIban = notice.getByRole('button', { name: 'Copy IBAN' });
  await copyIban.focus();
  await page.keyboard.press('Enter');
  await expect(notice.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  const iban = ((await notice.getByTestId('notice-iban').textContent()) ?? '').replace(/\s/g, '');
  expect(iban).toMatch(/^LV00TEST/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(iban);
  await notice.getByRole('button', { name: 'Copy payment reference' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(((await notice.getByTestId('notice-reference').textContent()) ?? '').replace(/\s/g, ''));
  await topUp.getByRole('button', { name: 'Copy IBAN' }).click();
  await expect(topUp.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(iban);
  await expectNoAxeViolations(page);

  // Chosen again from the dialog: the accountant stays ticked.
  await topUp.getByRole('button', { name: 'Change alert' }).click();
  await expect(dialog.getByRole('checkbox', { name: new RegExp(accountant.fullName) })).toBeChecked();
});

for (const viewport of [
  { width: 375, height: 800 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width} px the notices arrive without moving the balance or the top-up details, and the IBAN does not break`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const own = await companyBelowThreshold();
    // The notices' answers wait until the balances are on the screen and measured.
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/(accounts\/main|funding\/schedules)(\?.*)?$/, async (route) => {
      await answered;
      await route.continue();
    });
    await signIn(page, own.email);
    await page.waitForURL('**/dashboard');
    const balances = page.getByRole('region', { name: 'Main account', exact: true });
    const topUp = page.getByRole('region', { name: 'Top up by bank transfer' });
    await expect(balances.locator('time')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Needs your attention' })).toHaveCount(0);
    const before = { balances: await balances.boundingBox(), topUp: await topUp.boundingBox() };

    release();
    const notice = page.getByRole('region', { name: 'Needs your attention' }).getByRole('note');
    await expect(notice).toContainText('below your alert threshold of €500.00');
    await expect(topUp.getByTestId('dashboard-top-up-reference')).not.toBeEmpty();
    const after = { balances: await balances.boundingBox(), topUp: await topUp.boundingBox() };
    expect(after.balances).toEqual(before.balances);
    expect({ x: after.topUp?.x, y: after.topUp?.y }).toEqual({ x: before.topUp?.x, y: before.topUp?.y });
    // The main number is still the first thing under the title: the notice comes after it.
    const noticeBox = await notice.boundingBox();
    expect(noticeBox && after.balances && noticeBox.y > after.balances.y).toBe(true);

    // The IBAN and the reference are each one line, and nothing scrolls sideways.
    for (const value of [notice.getByTestId('notice-iban'), notice.getByTestId('notice-reference'), topUp.getByTestId('dashboard-top-up-iban')]) {
      const lines = await value.evaluate((element) => element.getClientRects().length);
      expect(lines).toBe(1);
      const box = await value.boundingBox();
      expect(box && box.x + box.width <= viewport.width).toBe(true);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });
}

