import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { GetQueueUrlCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Locator, Page } from '@playwright/test';
import { monthsBefore, rigaDateOf } from '@shared/dates';
import { entities, keys } from '@functions/platform/keys';
import { localClients } from '../../infra/local/provision';
import { resourceNames } from '../../infra/local/settings';
import { cloudPorts } from './support/test-cloud';
import { createOwnCompany, recordPayments, type OwnCompany } from '../integration/company-fixtures';
import { fixtureCloud } from './support/fixture-cloud';
import { dateBox, dayAfter, dayButton, openCalendar, typeDay } from './support/pickers';
import { expect, expectNoAxeViolations, NavBar, screenLoaded, signIn, test } from './support/portal';

const today = rigaDateOf(new Date());
const lastMonth = monthsBefore(today, 1).slice(0, 7);
/** DD.MM.YYYY, as the list shows a day. */
const shown = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/** A company of this spec's own with the reporting feature, so its list holds only the reports made here. */
const companyWithReporting = (): Promise<OwnCompany> =>
  createOwnCompany(fixtureCloud(), { features: { reporting: { available: true }, all_features: false } });

async function openReporting(page: Page, email: string, narrow = false): Promise<void> {
  await signIn(page, email);
  await page.waitForURL('**/dashboard');
  // At 375 px the links are folded into the menu.
  if (narrow) await page.getByRole('button', { name: 'Menu' }).click();
  await new NavBar(page).link('Reporting').click();
  await page.waitForURL('**/reporting');
  await expect(page.getByRole('heading', { level: 1, name: 'Reporting' })).toBeVisible();
  await screenLoaded(page);
}

const table = (page: Page) => page.getByRole('table', { name: 'Reports' });
const rows = (page: Page) => table(page).locator('tbody').getByRole('row');
const reportRow = (page: Page, type: string, from: string, to: string): Locator =>
  rows(page).filter({ has: page.getByRole('rowheader', { name: type, exact: true }) }).filter({ hasText: `${shown(from)} – ${shown(to)}` });

/** Generates a report through the dialog and answers its row. */
async function generate(page: Page, type: string, from: string, to: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Generate report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate report' });
  await dialog.getByLabel('Report type').selectOption({ label: type });
  await typeDay(dialog, 'From', from);
  await typeDay(dialog, 'To', to);
  await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `The ${type} report is being generated.` })).toBeVisible();
  return reportRow(page, type, from, to);
}

test('a transactions report is generated, turns Available by itself, downloads as CSV and is deleted after a confirmation', async ({ page }) => {
  const company = await companyWithReporting();
  await recordPayments(fixtureCloud(), company.companyId, [
    { day: `${lastMonth}-03`, amountCents: -1_250 },
    { day: `${lastMonth}-09`, amountCents: -4_000, mccGroup: 'transport' },
    { day: `${lastMonth}-21`, amountCents: -799 },
  ]);
  await openReporting(page, company.email);
  await expect(page.getByRole('heading', { name: 'No reports yet' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The dialog: its dates cannot go past today, and a reversed period is refused on the field before sending.
  await page.getByRole('button', { name: 'Generate report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate report' });
  await expect(dateBox(dialog, 'From')).toHaveValue(shown(`${today.slice(0, 8)}01`));
  await expect(dateBox(dialog, 'To')).toHaveValue(shown(today));
  const calendar = await openCalendar(dialog, 'To');
  await expect(dayButton(calendar, today)).toBeEnabled();
  await expect(calendar.getByRole('button', { name: 'Next' })).toBeDisabled();
  // Today is the last day tile that can be picked. Not "tomorrow's tile is disabled": when today ends the view's last
  // week (a Sunday at a month's end), tomorrow has no tile.
  const enabledDays = calendar.getByRole('button', { name: /^\d{1,2} \p{L}+ \d{4}$/u, disabled: false });
  await expect(enabledDays.last().and(dayButton(calendar, today))).toHaveCount(1);
  await expectNoAxeViolations(page);
  // Escape closes the calendar and leaves the dialog open.
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(dialog).toBeVisible();
  await typeDay(dialog, 'To', dayAfter(today));
  await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(dialog.getByText(`The date cannot be after ${shown(today)}`)).toBeVisible();
  await typeDay(dialog, 'From', `${lastMonth}-20`);
  await typeDay(dialog, 'To', `${lastMonth}-10`);
  await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(dialog.getByText('The end date cannot be before the start date')).toBeVisible();
  await expect(dateBox(dialog, 'To')).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  const from = `${lastMonth}-01`;
  const to = `${lastMonth}-28`;
  const row = await generate(page, 'Transactions', from, to);
  await expect(row).toBeVisible();
  // Without a reload: the list asks again while the report is being made.
  await expect(row.getByText('Available', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(row.getByText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/)).toBeVisible();
  await expectNoAxeViolations(page);

  const downloaded = page.waitForEvent('download');
  await row.getByRole('button', { name: /^Download, Transactions/ }).click();
  const file = await downloaded;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  await expect(page.getByRole('status').filter({ hasText: `Download started: ${file.suggestedFilename()}` })).toBeVisible();
  const lines = readFileSync(await file.path(), 'utf8').split('\r\n').filter(Boolean);
  // English headers (the UI's language), then one line per payment of the period.
  expect(lines[0]).toBe('\uFEFFEmployee,Amount (EUR),Executed,Processed,Description,Merchant category code,Merchant ID,Reference,Beneficiary,Remitter,Status');
  expect(lines).toHaveLength(4);
  for (const reference of ['REF-1', 'REF-2', 'REF-3']) expect(lines.slice(1).join('\n')).toContain(reference);

  await row.getByRole('checkbox').check();
  await page.getByRole('group', { name: 'Actions for the selected rows' }).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the selected reports (1)?' });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Reports deleted: 1' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No reports yet' })).toBeVisible();
});

/**
 * A report the worker cannot build: stored as generating with a language no route accepts. Answers the step that puts
 * its real message on the reports queue; each receipt of it fails, and the last marks the report generation_failed.
 */
async function storeUnbuildableReport(companyId: string, day: string): Promise<() => Promise<void>> {
  const cloud = fixtureCloud();
  const reportId = `${Date.now()}-${randomBytes(4).toString('hex')}`;
  await cloud.table.send(
    new PutCommand({
      TableName: cloud.tableName,
      Item: {
        ...keys.report(companyId, reportId),
        entity: entities.report,
        companyId,
        reportId,
        type: 'funding',
        dateFrom: day,
        dateTo: day,
        lang: 'xx',
        status: 'generating',
        requestedBy: 'e2e',
        requestedByEmail: 'nobody@test.local',
        created: new Date().toISOString(),
        rows: null,
      },
    }),
  );
  return async function queue(): Promise<void> {
    const { sqs } = localClients(cloudPorts());
    const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: resourceNames.queue('reports') }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: JSON.stringify({ companyId, reportId }) }));
  };
}

test('a report whose generation fails shows the failure without a reload', async ({ page }) => {
  const company = await companyWithReporting();
  const day = `${lastMonth}-15`;
  const queue = await storeUnbuildableReport(company.companyId, day);
  await openReporting(page, company.email);
  const row = reportRow(page, 'Funding', day, day);
  await expect(row.getByText('Generating', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Download/ })).toHaveCount(0);
  await queue();
  await expect(row.getByText('Error occurred generating report')).toBeVisible({ timeout: 30_000 });
  await expect(row.getByRole('button', { name: /^Download/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('at 375 px the list, the generate dialog and a generated report are usable and pass axe', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openReporting(page, (await companyWithReporting()).email, true);
  const row = await generate(page, 'Card statuses', `${lastMonth}-01`, today);
  await expect(row.getByText('Available', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no horizontal scrolling at 375 px').toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Generate report' }).click();
  await expect(page.getByRole('dialog', { name: 'Generate report' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Generate report' })).toBeHidden();
});

test('a company without reporting has no reports: /reporting sends it to the dashboard, and its Reporting link holds its invoices alone', async ({ page }) => {
  const without = await createOwnCompany(fixtureCloud());
  await signIn(page, without.email);
  await page.waitForURL('**/dashboard');
  const nav = new NavBar(page);
  await expect(nav.link('Dashboard')).toBeVisible();
  // Every company is invoiced (issue 34, docs/decisions.md "Invoices"): its owner's Reporting opens on Invoices, with no
  // Reports tab. A manager, who does not see invoices, has no Reporting link there (invoices.spec.ts).
  await expect(nav.link('Reporting')).toHaveAttribute('href', '/reporting/invoices');
  await page.goto('/reporting');
  await page.waitForURL('**/dashboard');
  await nav.link('Reporting').click();
  await page.waitForURL('**/reporting/invoices');
  await expect(page.getByRole('link', { name: 'Reports', exact: true })).toHaveCount(0);
});
