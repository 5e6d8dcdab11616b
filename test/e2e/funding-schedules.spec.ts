import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { csvLine } from '@shared/csv';
import { parseCsv } from '@shared/funding';
import { dayAfter, nextRunDate, upcomingRunDays } from '@shared/funding-schedules';
import { dayText, rigaDateOf } from '@shared/dates';
import { createOwnCompany } from '../integration/company-fixtures';
import { putEmployees, type FixtureEmployee } from '../integration/funding-fixtures';
import { fixtureCloud } from './support/fixture-cloud';
import { emailsTo, expect, expectNoAxeViolations, signIn, test } from './support/portal';
import { goToUsers, openUser, userRow } from './support/users';

/**
 * Scheduled fundings (issue 21): an owner writes a monthly rule, sees its next run previewed, runs it now and sees
 * each employee paid once; a run the balance does not cover moves nothing and says so.
 */
const todayDay = () => String(Number(rigaDateOf(new Date()).slice(8, 10)));
const fullName = (employee: FixtureEmployee) => `${employee.name} ${employee.surname}`;

async function openSchedules(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await page.waitForURL('**/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Scheduled fundings', exact: true }).click();
  await page.waitForURL('**/funding-schedules');
  await expect(page.getByRole('heading', { level: 1, name: 'Scheduled fundings' })).toBeVisible();
}

async function writeMonthlyRule(page: Page, name: string, amount: string): Promise<void> {
  await page.getByRole('button', { name: 'New scheduled funding' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New scheduled funding' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Amount for each user, EUR').fill(amount);
  await dialog.getByLabel('Day of the month').fill(todayDay());
  await dialog.getByRole('button', { name: 'Preview the next run' }).click();
  await expect(dialog.getByRole('heading', { name: 'Next run' })).toBeVisible();
}

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
}

test('an owner creates a monthly rule, previews it, runs it now, and each employee is paid once', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const company = await createOwnCompany(fixtureCloud(), { role: 'owner', availableCents: 10_000 });
  const employees = await putEmployees(fixtureCloud(), company.companyId, 3, 'active', 'sched');
  await openSchedules(page, company.email);
  await expect(page.getByText('No scheduled fundings yet')).toBeVisible();
  await expectNoAxeViolations(page);

  // Bad input is refused on its fields and nothing is saved.
  await page.getByRole('button', { name: 'New scheduled funding' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New scheduled funding' });
  await dialog.getByLabel('Day of the month').fill('32');
  await dialog.getByLabel('Amount for each user, EUR').fill('0');
  await dialog.getByRole('button', { name: 'Preview the next run' }).click();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  await expect(dialog.getByText('Enter a day of the month from 1 to 31')).toBeVisible();
  await expect(dialog.getByText('The amount must be positive')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await writeMonthlyRule(page, 'Monthly bonus', '12.50');
  const form = page.getByRole('dialog', { name: 'New scheduled funding' });
  await expect(form).toContainText('€37.50');
  await expect(form.getByText('The available amount covers this run.')).toBeVisible();
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Monthly bonus was created.' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Monthly bonus' }) });
  await expect(card).toContainText('3 users, €37.50');
  await expect(card).toContainText('Covered');

  await card.getByRole('button', { name: 'Run now' }).click();
  const confirm = page.getByRole('dialog', { name: 'Run this funding now?' });
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Pay €37.50 now' }).click();
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();
  // The rule moved on to next month's date: running now again pays the next run, not today's twice.
  await expect(card).not.toContainText('Not run yet');

  await card.getByRole('button', { name: 'Runs' }).click();
  const runs = page.getByRole('dialog', { name: 'Runs of Monthly bonus' });
  await expect(runs).toContainText('Paid: €37.50 (3)');
  await runs.getByText('Paid users (3)').click();
  for (const employee of employees) await expect(runs.getByRole('rowheader', { name: fullName(employee) })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await noSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await runs.getByRole('button', { name: 'Close', exact: true }).click();
  await noSidewaysScroll(page);
  await page.setViewportSize({ width: 1440, height: 900 });

  // Each employee's balance changed once.
  await goToUsers(page);
  for (const employee of employees) await expect(userRow(page, fullName(employee))).toContainText('€12.50');

  // Each payment is in its employee's history, naming its run, which links to the rule's runs (issue 31).
  const [first] = employees as [FixtureEmployee, ...FixtureEmployee[]];
  const user = await openUser(page, { id: first.employeeId, name: fullName(first) });
  const payment = user.history.getByRole('row').filter({ hasText: 'Funds added' });
  await expect(payment).toHaveCount(1);
  await expect(payment).toContainText('Amount: €12.50');
  await expect(payment).toContainText('Monthly bonus (system)');
  await expectNoAxeViolations(page);
  await payment.getByRole('link', { name: `Scheduled funding ‘Monthly bonus’, ${dayText(rigaDateOf(new Date()))}` }).click();
  await page.waitForURL('**/funding-schedules?runs=*');
  const linkedRuns = page.getByRole('dialog', { name: 'Runs of Monthly bonus' });
  await expect(linkedRuns).toContainText('Paid: €37.50 (3)');
  await linkedRuns.getByRole('button', { name: 'Close', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/funding-schedules' && url.search === '');

  // The activity log has the rule, its run started by the owner and each employee's payment, under the Funding type.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity', exact: true }).click();
  await page.waitForURL('**/activity');
  const filters = page.getByRole('button', { name: /^Filters/ });
  await filters.click();
  const panel = page.getByRole('dialog', { name: 'Filters' });
  await panel.getByLabel('Type of action').selectOption({ label: 'Funding' });
  await panel.getByRole('button', { name: 'Apply' }).click();
  const rows = page.getByRole('table', { name: 'Activity' }).locator('tbody').getByRole('row');
  await expect(rows).toHaveCount(5);
  for (const payment of [0, 1, 2]) {
    await expect(rows.nth(payment)).toContainText('Funds added');
    await expect(rows.nth(payment)).toContainText('Amount: €12.50');
    await expect(rows.nth(payment)).toContainText('Scheduled funding: Monthly bonus');
  }
  await expect(rows.nth(3)).toContainText('Scheduled funding run started');
  await expect(rows.nth(3)).toContainText('Total: €37.50');
  await expect(rows.nth(4)).toContainText('Scheduled funding created');
  await expectNoAxeViolations(page);
});

/** The words the next test reads, in the two languages it runs in. */
const words = {
  en: {
    runNow: /^Run now: /,
    uncoveredTitle: 'Not enough money for this run',
    missing: 'Missing',
    pay: /^Pay /,
    close: 'Close',
    payEarly: (date: string) => `Pay the ${date} run early`,
    earlyTitle: 'Pay this run early?',
    leftAfter: 'Left after the run',
    paid: 'Paid',
    planned: (date: string) => `planned ${date}`,
    runs: 'Runs',
    runsTitle: (name: string) => `Runs of ${name}`,
    mainNav: 'Main',
    dashboard: 'Dashboard',
    activity: 'Account activity',
    nav: 'Scheduled fundings',
    upcoming: 'Due in the next 30 days',
    money: (amount: string) => `€${amount}`,
    newRule: 'New scheduled funding',
    csvKind: 'Amounts from a CSV file',
    cancel: 'Cancel',
  },
  lv: {
    runNow: /^Izpildīt tagad: /,
    uncoveredTitle: 'Šai izpildei nepietiek naudas',
    missing: 'Trūkst',
    pay: /^Pārskaitīt /,
    close: 'Aizvērt',
    payEarly: (date: string) => `Pārskaitīt ${date} papildināšanu pirms termiņa`,
    earlyTitle: 'Pārskaitīt šo papildināšanu pirms termiņa?',
    leftAfter: 'Paliks pēc izpildes',
    paid: 'Pārskaitīts',
    planned: (date: string) => `plānots ${date}`,
    runs: 'Izpildes',
    runsTitle: (name: string) => `Izpildes: ${name}`,
    mainNav: 'Galvenā',
    dashboard: 'Pārskats',
    activity: 'Konta darbības',
    nav: 'Plānotās papildināšanas',
    upcoming: 'Jāizpilda nākamajās 30 dienās',
    money: (amount: string) => `${amount.replace('.', ',')}\u00a0€`,
    newRule: 'Jauna plānotā papildināšana',
    csvKind: 'Summas no CSV faila',
    cancel: 'Atcelt',
  },
} as const;

const isoDate = /\b\d{4}-\d{2}-\d{2}\b/;
const shotsDir = process.env.SCHEDULE_SHOTS_DIR;
async function shot(page: Page, name: string): Promise<void> {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
}

for (const language of ['en', 'lv'] as const) {
  test(`${language}: a run the balance does not cover cannot be confirmed and shows what is missing; a run paid early is dated the day it was paid everywhere`, async ({ page }) => {
    const say = words[language];
    await page.setViewportSize({ width: 1440, height: 900 });
    const company = await createOwnCompany(fixtureCloud(), { role: 'owner', availableCents: 1_000 });
    await putEmployees(fixtureCloud(), company.companyId, 3, 'active', `${language}due`);
    await openSchedules(page, company.email);
    // Due today, €15.00 against €10.00; due tomorrow, €3.00.
    await writeMonthlyRule(page, 'Holiday bonus', '5.00');
    await page.getByRole('dialog', { name: 'New scheduled funding' }).getByRole('button', { name: 'Create' }).click();
    const today = rigaDateOf(new Date());
    const tomorrowDate = new Date(`${today}T12:00:00Z`);
    tomorrowDate.setUTCDate(tomorrowDate.getUTCDate() + 1);
    const tomorrow = tomorrowDate.toISOString().slice(0, 10);
    await page.getByRole('button', { name: 'New scheduled funding' }).first().click();
    const form = page.getByRole('dialog', { name: 'New scheduled funding' });
    await form.getByLabel('Name').fill('Early bonus');
    await form.getByLabel('Amount for each user, EUR').fill('1.00');
    await form.getByLabel('Day of the month').fill(String(Number(tomorrow.slice(8, 10))));
    await form.getByRole('button', { name: 'Preview the next run' }).click();
    await expect(form.getByRole('heading', { name: 'Next run' })).toBeVisible();
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(form).toBeHidden();
    if (language === 'lv') {
      await page.getByLabel('Language').selectOption('lv');
      await expect(page.getByRole('heading', { level: 1, name: say.nav })).toBeVisible();
    }
    await expect(page.getByRole('region', { name: say.upcoming })).toContainText(say.money('10.00'));
    const holiday = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Holiday bonus' }) });
    const early = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Early bonus' }) });

    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await holiday.getByRole('button', { name: say.runNow }).click();
      const uncovered = page.getByRole('dialog', { name: say.uncoveredTitle });
      await expect(uncovered.getByTestId('run-sums')).toContainText(say.missing);
      await expect(uncovered.getByTestId('run-sums')).toContainText(say.money('5.00'));
      await expect(uncovered).toContainText('LV00 TEST');
      await expect(uncovered.getByRole('button', { name: say.pay })).toHaveCount(0);
      await noSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await shot(page, `${language}-${width}-uncovered`);
      await uncovered.getByRole('button', { name: say.close, exact: true }).last().click();
      await expect(uncovered).toBeHidden();
    }
    await expect(holiday).not.toContainText(say.paid);

    // The run of tomorrow is paid today, by its own action naming its date.
    await page.setViewportSize({ width: 1440, height: 900 });
    await early.getByRole('button', { name: say.payEarly(dayText(tomorrow)) }).click();
    const confirm = page.getByRole('dialog', { name: say.earlyTitle });
    await expect(confirm.getByTestId('run-sums')).toContainText(say.leftAfter);
    await expect(confirm.getByTestId('run-sums')).toContainText(say.money('7.00'));
    await expectNoAxeViolations(page);
    await shot(page, `${language}-1440-early`);
    await confirm.getByRole('button', { name: say.pay }).click();
    await expect(early.getByText(say.paid, { exact: true })).toBeVisible();
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(early).toContainText(`${dayText(today)} (${say.planned(dayText(tomorrow))})`);
      await expect(page.locator('main')).not.toContainText(isoDate);
      await noSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await shot(page, `${language}-${width}-schedules`);
      await early.getByRole('button', { name: say.runs, exact: true }).click();
      const runs = page.getByRole('dialog', { name: say.runsTitle('Early bonus') });
      await expect(runs.getByRole('heading', { level: 3 }).first()).toContainText(`${dayText(today)} (${say.planned(dayText(tomorrow))})`);
      await expect(runs).not.toContainText(isoDate);
      await noSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await shot(page, `${language}-${width}-runs`);
      await runs.getByRole('button', { name: say.close, exact: true }).last().click();
      await expect(runs).toBeHidden();
    }

    // The form's funding file is the portal's drop area, at both widths.
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByRole('button', { name: say.newRule }).first().click();
      const newRule = page.getByRole('dialog', { name: say.newRule });
      await newRule.getByRole('radio', { name: say.csvKind }).check();
      await expect(newRule.locator('.file-drop')).toBeVisible();
      await noSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await shot(page, `${language}-${width}-form-file`);
      await newRule.getByRole('button', { name: say.cancel, exact: true }).click();
      await expect(newRule).toBeHidden();
    }

    // The account's lines name the run by the day its money moved, and the dashboard totals the month's runs.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('navigation', { name: say.mainNav }).getByRole('link', { name: say.dashboard, exact: true }).click();
    await page.waitForURL('**/dashboard');
    const activity = page.getByRole('region', { name: say.activity });
    await expect(activity).toContainText(`Early bonus ${dayText(today)}`);
    await expect(page.locator('main')).not.toContainText(isoDate);
    // Holiday bonus (€15.00) is still due today; the early one's next run is a month on. In a short month either's next
    // run can fall inside the 30 days too, and counts.
    const windowEnd = new Date(`${today}T12:00:00Z`);
    windowEnd.setUTCDate(windowEnd.getUTCDate() + upcomingRunDays);
    const inWindow = (day: string | null) => day !== null && day < windowEnd.toISOString().slice(0, 10);
    const holidayAgain = inWindow(nextRunDate({ kind: 'monthly', dayOfMonth: Number(today.slice(8, 10)) }, dayAfter(today)));
    const earlyAgain = inWindow(nextRunDate({ kind: 'monthly', dayOfMonth: Number(tomorrow.slice(8, 10)) }, dayAfter(tomorrow)));
    const dueCents = 1_500 * (holidayAgain ? 2 : 1) + (earlyAgain ? 300 : 0);
    await expect(page.getByRole('note').filter({ hasText: say.upcoming })).toContainText(say.money((dueCents / 100).toFixed(2)));
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await noSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await shot(page, `${language}-${width}-dashboard`);
    }
  });
}

test('an owner sets a low-balance alert; below it the dashboard shows where to top up and the owners are e-mailed', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const company = await createOwnCompany(fixtureCloud(), { role: 'owner', availableCents: 10_000 });
  await signIn(page, company.email);
  await page.waitForURL('**/dashboard');
  const panel = page.getByRole('region', { name: 'Top up by bank transfer' });
  await expect(panel).toContainText('Off: no e-mail when the balance runs low.');
  await panel.getByRole('button', { name: 'Change alert' }).click();
  const dialog = page.getByRole('dialog', { name: 'Low-balance alert' });
  await dialog.getByLabel('Alert below, EUR').fill('-5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/The amount (must be positive|cannot be negative)|Enter a number/)).toBeVisible();
  await expectNoAxeViolations(page);
  // Above the balance of EUR 100: a crossing at once.
  await dialog.getByLabel('Alert below, EUR').fill('150.00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'The low-balance alert is saved.' })).toBeVisible();
  await expect(panel).toContainText('E-mailed once when the available amount falls below €150.00, to the owners.');
  const notice = page.getByRole('region', { name: 'Needs your attention' }).getByRole('note');
  await expect(notice).toContainText('The main account has €100.00 available, below your alert threshold of €150.00.');
  await expect(notice).toContainText('LV00 TEST');
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await noSidewaysScroll(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect
    .poll(async () => (await emailsTo(request, company.email)).filter((mail) => mail.subject === "The main account is below the company's alert threshold").length)
    .toBe(1);
});

test('a manager pays chosen users, then switches the rule to the amounts of a filled-in template', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const company = await createOwnCompany(fixtureCloud(), { role: 'manager', availableCents: 10_000 });
  const [first, second, third] = (await putEmployees(fixtureCloud(), company.companyId, 3, 'active', 'pick')) as [FixtureEmployee, FixtureEmployee, FixtureEmployee];
  await openSchedules(page, company.email);

  await page.getByRole('button', { name: 'New scheduled funding' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New scheduled funding' });
  await dialog.getByLabel('Name').fill('Team leads');
  await dialog.getByRole('radio', { name: 'Chosen users' }).check();
  await dialog.getByLabel('Amount for each user, EUR').fill('5.00');
  await dialog.getByRole('button', { name: 'Preview the next run' }).click();
  await expect(dialog.getByText('Add at least one')).toBeVisible();
  await dialog.getByRole('checkbox', { name: fullName(first) }).check();
  await dialog.getByLabel('Find users').fill(third.surname);
  await dialog.getByRole('checkbox', { name: fullName(third) }).check();
  await expect(dialog.getByText('(2 chosen)')).toBeVisible();
  // Choosing cleared the list's message.
  await expect(dialog.getByText('Add at least one')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Preview the next run' }).click();
  await expect(dialog.locator('.schedule-form__preview-facts')).toContainText('€10.00');
  await dialog.getByRole('button', { name: 'Create' }).click();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Team leads' }) });
  await expect(card).toContainText('2 chosen users, €5.00 each');

  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Team leads' });
  await edit.getByRole('radio', { name: 'Amounts from a CSV file' }).check();
  const download = page.waitForEvent('download');
  await edit.getByRole('button', { name: 'Download the template' }).click();
  const rows = parseCsv(readFileSync(await (await download).path(), 'utf8')) ?? [];
  const amounts = new Map([[second.employeeId, '20.00'], [third.employeeId, '10.00']]);
  const filled = rows.map((row, index) => (index === 0 ? row : [...row.slice(0, -1), amounts.get(row[0] ?? '') ?? '']));
  await edit.getByLabel('Funding file (CSV)').setInputFiles({ name: 'bonus.csv', mimeType: 'text/csv', buffer: Buffer.from(filled.map((row) => csvLine(row)).join('')) });
  await edit.getByRole('button', { name: 'Preview the next run' }).click();
  await expect(edit.locator('.schedule-form__preview-facts')).toContainText('€30.00');
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await noSidewaysScroll(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Team leads was saved. The change applies from its next run.' })).toBeVisible();
  await expect(card).toContainText('Amounts from bonus.csv: 2 users, €30.00 in all');
});
