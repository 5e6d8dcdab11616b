import { readFileSync } from 'node:fs';
import { GetQueueUrlCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import type { Page } from '@playwright/test';
import { monthsBefore, rigaDateOf } from '@shared/dates';
import { entities, keys } from '@functions/platform/keys';
import { localClients } from '../../infra/local/provision';
import { resourceNames } from '../../infra/local/settings';
import { createOwnCompany, putItems, type OwnCompany } from '../integration/company-fixtures';
import { fixtureCloud } from './support/fixture-cloud';
import { cloudPorts } from './support/test-cloud';
import { expect, expectNoAxeViolations, NavBar, screenLoaded, signIn, test } from './support/portal';

const lastMonth = monthsBefore(rigaDateOf(new Date()), 1).slice(0, 7);

/**
 * A company of this spec's own (without the reporting feature: every company is invoiced) whose last month had two
 * maintenance fees, and its invoice asked of the invoices worker as the monthly fee run asks for it.
 */
async function invoicedCompany(): Promise<OwnCompany> {
  const company = await createOwnCompany(fixtureCloud(), { role: 'owner' });
  await putItems(
    fixtureCloud(),
    ['emp-1', 'emp-2'].map((employeeId) => ({
      ...keys.monthlyFeeCharge(company.companyId, employeeId, lastMonth),
      entity: entities.monthlyFeeCharge,
      companyId: company.companyId,
      employeeId,
      month: lastMonth,
      feeCents: 150,
      movementId: `monthly-fee:${lastMonth}:${employeeId}`,
      at: `${lastMonth}-01T02:00:00.000Z`,
    })),
  );
  const { sqs } = localClients(cloudPorts());
  const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: resourceNames.queue('invoices') }));
  await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: JSON.stringify({ kind: 'month', companyId: company.companyId, month: lastMonth }) }));
  return company;
}

async function openInvoices(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await page.waitForURL('**/dashboard');
  // Without the reporting feature, Reporting opens on the company's invoices.
  await new NavBar(page).link('Reporting').click();
  await page.waitForURL('**/reporting/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await screenLoaded(page);
}

test('an invoice appears under Reporting > Invoices and downloads as a PDF', async ({ page }) => {
  const company = await invoicedCompany();
  await openInvoices(page, company.email);
  const table = page.getByRole('table', { name: 'Invoices and credit notes' });
  const row = table.locator('tbody').getByRole('row').first();
  // The list asks again while a PDF is being made: the row turns downloadable without a reload.
  const button = row.getByRole('button', { name: /^Download PDF, Invoice \d{4}-\d{6}$/ });
  await expect(button).toBeVisible({ timeout: 30_000 });
  // Two fees of EUR 1.50 and 21 % VAT: EUR 3.63.
  await expect(row).toContainText('€3.63');
  await expect(row).toContainText('Invoice');
  await expectNoAxeViolations(page);

  const downloaded = page.waitForEvent('download');
  await button.click();
  const file = await downloaded;
  expect(file.suggestedFilename()).toMatch(/^Invoice \d{4}-\d{6}\.pdf$/);
  expect(readFileSync(await file.path()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByRole('status').filter({ hasText: `Download started: ${file.suggestedFilename()}` })).toBeVisible();
});

test('a company without invoices says so, and a manager is not shown them', async ({ page }) => {
  const company = await createOwnCompany(fixtureCloud(), { role: 'owner' });
  await openInvoices(page, company.email);
  await expect(page.getByRole('heading', { name: 'No invoices yet' })).toBeVisible();
  await expectNoAxeViolations(page);

  const manager = await createOwnCompany(fixtureCloud(), { role: 'manager' });
  await signIn(page, manager.email);
  await page.waitForURL('**/dashboard');
  await expect(new NavBar(page).link('Reporting')).toHaveCount(0);
  await page.goto('/reporting/invoices');
  await page.waitForURL('**/dashboard');
});

test('a provider admin corrects an invoice with a credit note of chosen lines, which the company lists referring to it', async ({ page, browser }) => {
  const company = await invoicedCompany();
  // The invoice exists once the worker has issued it: the company's list shows it downloadable.
  await openInvoices(page, company.email);
  const invoiceButton = page.getByRole('button', { name: /^Download PDF, Invoice \d{4}-\d{6}$/ });
  await expect(invoiceButton).toBeVisible({ timeout: 30_000 });
  const invoiceNumber = ((await invoiceButton.getAttribute('aria-label')) ?? '').replace('Download PDF, Invoice ', '');

  const admin = await browser.newPage();
  await signIn(admin, 'admin@demo.local');
  await admin.goto('/admin/invoices');
  await expect(admin.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await screenLoaded(admin);
  await admin.getByRole('button', { name: `Credit note, ${invoiceNumber}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Credit note for invoice ${invoiceNumber}` });
  // Nothing chosen yet: refused on the form, before anything is sent.
  await dialog.getByRole('button', { name: /^Issue credit note of/ }).click();
  await expect(dialog.getByText('Choose at least one line to credit')).toBeVisible();
  await dialog.getByLabel('Monthly card maintenance fee: 2 × €1.50').check();
  await dialog.getByLabel('Units to credit (at most 2)').fill('1');
  await dialog.getByLabel('Reason').fill('One card was closed before the month began');
  await expectNoAxeViolations(admin);
  // One fee of EUR 1.50 and its VAT: EUR 1.82, shown before it is issued.
  await dialog.getByRole('button', { name: 'Issue credit note of €1.82' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByRole('status').filter({ hasText: `Credit note issued for invoice ${invoiceNumber}` })).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: `Credit note for ${invoiceNumber}` })).toBeVisible();
  await admin.close();

  await page.reload();
  await screenLoaded(page);
  const creditRow = page.getByRole('row').filter({ hasText: `for invoice ${invoiceNumber}` });
  await expect(creditRow).toContainText('Credit note');
  await expect(creditRow).toContainText('-€1.82');
  await expect(creditRow.getByRole('button', { name: /^Download PDF, Credit note/ })).toBeVisible({ timeout: 30_000 });
});
