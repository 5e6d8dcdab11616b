import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { dayText, rigaDateOf } from '@shared/dates';
import { auditItem, systemActor } from '@functions/platform/audit';
import { createOwnCompany, putItems } from '../integration/company-fixtures';
import { putEmployees, type FixtureEmployee } from '../integration/funding-fixtures';
import { fixtureCloud } from './support/fixture-cloud';
import { expect, expectNoAxeViolations, screenLoaded, signIn, test } from './support/portal';
import { apiOrigin } from './support/test-cloud';

/**
 * Issue 31: what an owner does in a week is in the activity log as it happened, by its name, every entry readable in
 * full (a row opens its change side by side), and a scheduled run's money is found under each employee paid, beside
 * her monthly fee, in English and Latvian, on a phone and a desktop.
 */

const fullName = (employee: FixtureEmployee) => `${employee.name} ${employee.surname}`;
const activityTable = (page: Page) => page.getByRole('table', { name: 'Activity' }).or(page.getByRole('table', { name: 'Darbības' }));
const entries = (page: Page, text: string) => activityTable(page).locator('tbody').getByRole('row').filter({ hasText: text });

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'no horizontal scrolling').toBeLessThanOrEqual(0);
}

/** Opens an entry's change by keyboard (its details button), unless it is open. */
async function openDetails(page: Page, name: RegExp): Promise<void> {
  const details = page.getByRole('button', { name }).first();
  if ((await details.getAttribute('aria-expanded')) === 'true') return;
  await details.focus();
  await page.keyboard.press('Enter');
  await expect(details).toHaveAttribute('aria-expanded', 'true');
}

/** No code of an action or a field reaches the screen: every one is named. */
async function expectNoRawCodes(page: Page): Promise<void> {
  const text = (await activityTable(page).innerText()).replaceAll(/https?:\/\/\S+/g, '');
  expect(text).not.toMatch(/\b(team|webhook|funds|fee|fundingSchedule|user|prices)\.[a-z_]+\b/);
  expect(text).not.toMatch(/\b[a-z]+[A-Z][A-Za-z]*Cents\b|\bscheduleId\b|\bfileId\b/);
}

test('an invitation, a role change, a webhook secret rotation and a scheduled run are in the log by name, each payment found under its employee beside her monthly fee, in English and Latvian at 1440 and 375 px', async ({ page }) => {
  // Four screens' work, then the log read at two widths in two languages.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const company = await createOwnCompany(fixtureCloud(), { role: 'owner', availableCents: 10_000 });
  const [anna, other] = (await putEmployees(fixtureCloud(), company.companyId, 2, 'active', 'week')) as [FixtureEmployee, FixtureEmployee];
  // Last month's fee on Anna's card, as the fee run records it on its employee.
  const lastMonth = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 7);
  await putItems(fixtureCloud(), [
    auditItem({
      companyId: company.companyId,
      actor: systemActor,
      action: 'fee.monthly',
      target: { type: 'employee', id: anna.employeeId },
      before: {},
      after: { month: lastMonth, feeCents: 150 },
      at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    }),
  ]);
  await signIn(page, company.email);
  await page.waitForURL('**/dashboard');

  // Settings > Team: a colleague invited as an accountant, then made a manager.
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.waitForURL('**/settings');
  const inviteForm = page.getByRole('form', { name: 'Invite a colleague' });
  await inviteForm.getByLabel('E-mail').fill(`elza.${randomUUID().slice(0, 8)}@example.lv`);
  await inviteForm.getByLabel('Name', { exact: true }).fill('Elza');
  await inviteForm.getByLabel('Surname').fill('Kolēģe-Ozoliņa');
  await inviteForm.getByLabel('Role').selectOption('accountant');
  await inviteForm.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^We sent an invitation to elza\./ })).toBeVisible();
  await page.getByLabel('Role of Elza Kolēģe-Ozoliņa').selectOption('manager');
  await expect(page.getByRole('status').filter({ hasText: 'Elza Kolēģe-Ozoliņa is now Manager.' })).toBeVisible();

  // Integrations: a webhook endpoint added, then its signing secret replaced.
  await page.goto('/integrations');
  const webhooks = page.getByRole('region', { name: 'Webhooks' });
  await webhooks.getByRole('button', { name: 'Add endpoint' }).click();
  const receiverUrl = `${apiOrigin().replace('localhost', '127.0.0.1')}/local/webhooks/receive/week-${randomUUID().slice(0, 8)}`;
  const addDialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
  await addDialog.getByLabel('Address (URL)').fill(receiverUrl);
  await addDialog.getByRole('button', { name: 'Add endpoint' }).click();
  await page.getByRole('dialog', { name: 'Copy the signing secret' }).getByRole('button', { name: 'Done' }).click();
  const endpointRow = webhooks.getByRole('row').filter({ has: page.getByRole('rowheader', { name: receiverUrl }) });
  await endpointRow.getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: 'Rotate secret' }).click();
  await page.getByRole('dialog', { name: 'Rotate the signing secret?' }).getByRole('button', { name: 'Rotate secret' }).click();
  await page.getByRole('dialog', { name: 'Copy the new signing secret' }).getByRole('button', { name: 'Done' }).click();
  await expect(endpointRow).toContainText('Old and new sign until');

  // Schedules: a monthly rule paying each user €12.50, run now.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Scheduled fundings', exact: true }).click();
  await page.waitForURL('**/funding-schedules');
  await page.getByRole('button', { name: 'New scheduled funding' }).first().click();
  const ruleDialog = page.getByRole('dialog', { name: 'New scheduled funding' });
  await ruleDialog.getByLabel('Name').fill('Monthly bonus');
  await ruleDialog.getByLabel('Amount for each user, EUR').fill('12.50');
  await ruleDialog.getByLabel('Day of the month').fill(String(Number(rigaDateOf(new Date()).slice(8, 10))));
  await ruleDialog.getByRole('button', { name: 'Preview the next run' }).click();
  await expect(ruleDialog.getByRole('heading', { name: 'Next run' })).toBeVisible();
  await ruleDialog.getByRole('button', { name: 'Create' }).click();
  const rule = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Monthly bonus' }) });
  await rule.getByRole('button', { name: 'Run now' }).click();
  await page.getByRole('dialog', { name: 'Run this funding now?' }).getByRole('button', { name: 'Pay €25.00 now' }).click();
  await expect(rule.getByText('Paid', { exact: true })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity', exact: true }).click();
  await page.waitForURL('**/activity');
  await screenLoaded(page);
  const owner = `Test Owner ${company.companyId.replace('company-test-', '')} (company user)`;
  await expect(entries(page, 'Team member invited')).toContainText(owner);
  await expect(entries(page, 'Team member invited')).toContainText('Elza Kolēģe-Ozoliņa');
  await expect(entries(page, "Team member's role changed")).toContainText('Elza Kolēģe-Ozoliņa');
  await expect(entries(page, 'Webhook signing secret replaced')).toHaveCount(1);
  await expect(entries(page, 'Webhook signing secret replaced')).toContainText(receiverUrl);
  await expect(entries(page, 'Scheduled funding run started')).toHaveCount(1);
  // The run's money is one entry per employee paid, each naming her.
  await expect(entries(page, 'Funds added')).toHaveCount(2);
  for (const employee of [anna, other]) await expect(entries(page, 'Funds added').filter({ hasText: fullName(employee) })).toContainText('Amount: €12.50');
  await expectNoRawCodes(page);

  // Every entry reads in full: the role change and a payment, side by side, the payment naming its run.
  await openDetails(page, /^Details of Team member's role changed/);
  const changes = page.getByRole('table', { name: 'Before and after' });
  await expect(changes.getByRole('row', { name: 'Role Accountant Manager' })).toBeVisible();
  await openDetails(page, /^Details of Webhook signing secret replaced/);
  const runLink = page.getByRole('link', { name: `Scheduled funding ‘Monthly bonus’, ${dayText(rigaDateOf(new Date()))}` });
  await openDetails(page, /^Details of Funds added/);
  await expect(runLink.first()).toBeVisible();
  await expectNoAxeViolations(page);

  // The employee filter finds Anna's scheduled payment and her monthly fee, and nothing of the other employee.
  const filters = page.getByRole('button', { name: /^Filters/ });
  await filters.click();
  const panel = page.getByRole('dialog', { name: 'Filters' });
  await panel.getByLabel('Find an employee by name, personal code or phone').fill(anna.surname);
  await panel.getByRole('radio', { name: fullName(anna) }).check();
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(entries(page, 'Funds added')).toHaveCount(1);
  await expect(entries(page, 'Monthly card fee charged')).toHaveCount(1);
  await expect(entries(page, 'Monthly card fee charged')).toContainText('€1.50');
  await expect(activityTable(page)).not.toContainText(fullName(other));
  await openDetails(page, /^Details of Funds added/);
  await expect(runLink).toBeVisible();
  await expectNoRawCodes(page);
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(runLink).toBeVisible();
  await noSidewaysScroll(page);
  await expectNoAxeViolations(page);

  // Latvian: the same entries by their Latvian names, at 1440 and then 375 px (the language is chosen in the top bar).
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByLabel('Language').selectOption('lv');
  await expect(page.getByRole('heading', { level: 1, name: 'Darbību žurnāls' })).toBeVisible();
  await expect(entries(page, 'Līdzekļi pieskaitīti')).toHaveCount(1);
  await expect(entries(page, 'Ieturēta ikmēneša kartes maksa')).toContainText('1,50');
  await openDetails(page, /^Sīkāka informācija: Līdzekļi pieskaitīti/);
  const lvRunLink = page.getByRole('link', { name: /^Plānotā papildināšana ‘Monthly bonus’/ });
  await expect(lvRunLink).toBeVisible();
  await expectNoRawCodes(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(lvRunLink).toBeVisible();
  await noSidewaysScroll(page);
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: /^Filtri/ }).click();
  await page.getByRole('dialog', { name: 'Filtri' }).getByRole('button', { name: 'Atiestatīt' }).click();
  await expect(entries(page, 'Komandas dalībnieks uzaicināts')).toHaveCount(1);
  await expect(entries(page, 'Tīmekļa aizķeres parakstīšanas noslēpums nomainīts')).toHaveCount(1);
  await expect(entries(page, 'Līdzekļi pieskaitīti')).toHaveCount(2);
  await openDetails(page, /^Sīkāka informācija: Komandas dalībnieka loma mainīta/);
  const lvRole = page.getByRole('table', { name: 'Pirms un pēc' }).getByRole('row', { name: 'Loma Grāmatvedis Vadītājs' });
  await expect(lvRole).toBeVisible();
  await expectNoRawCodes(page);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(lvRole).toBeVisible();
  await noSidewaysScroll(page);
  await expectNoAxeViolations(page);
});
