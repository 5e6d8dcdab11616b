import { createOwnCompany } from '../integration/company-fixtures';
import { portProfiles } from '../../infra/local/settings';
import { fixtureCloud } from './support/fixture-cloud';
import { expect, expectNoAxeViolations, signIn, test } from './support/portal';

/**
 * Settings of the company's own systems (issue 20): an owner makes an API key, copies it once, sees it used, and
 * revokes it; managers and accountants have no such screen.
 */
const apiUrl = `http://localhost:${portProfiles.test.api}`;

test('an owner creates an API key, sees its secret once, sees it used, and revokes it after confirming', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const company = await createOwnCompany(fixtureCloud(), { role: 'owner' });
  await signIn(page, company.email);
  await page.waitForURL('**/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Integrations', exact: true }).click();
  await page.waitForURL('**/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await expect(page.getByText('No API keys yet')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  await expect(dialog.getByText('Add at least one')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Name').fill('Payroll');
  await dialog.getByRole('checkbox', { name: /^Read employees and transactions/ }).check();
  await dialog.getByRole('button', { name: 'Create key' }).click();

  const secretDialog = page.getByRole('dialog', { name: 'Copy the key "Payroll"' });
  await expect(secretDialog.getByText('This is the only time the key is shown.', { exact: false })).toBeVisible();
  const secret = await secretDialog.getByLabel('API key').inputValue();
  expect(secret).toMatch(/^bck_[a-z0-9]{16}_[A-Za-z0-9_-]{43}$/);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(secretDialog.getByRole('button', { name: 'Done' })).toBeInViewport();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await secretDialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The key "Payroll" is created.' })).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Payroll' }) });
  await expect(row).toContainText('Read employees and transactions');
  await expect(row).toContainText('Never');
  await expect(page.getByText(secret)).toHaveCount(0);

  // The company's system calls the API with it.
  expect((await request.get(`${apiUrl}/v1/employees`, { headers: { authorization: `Bearer ${secret}` } })).status()).toBe(200);
  await page.reload();
  await expect(row).not.toContainText('Never');

  await row.getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: 'Revoke' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke the key "Payroll"?' });
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The key "Payroll" is revoked.' })).toBeVisible();
  await expect(row).toContainText('Revoked');
  expect((await request.get(`${apiUrl}/v1/employees`, { headers: { authorization: `Bearer ${secret}` } })).status()).toBe(401);

  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no horizontal scrolling at 375 px').toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});

for (const role of ['manager', 'accountant'] as const) {
  test(`a ${role} is offered no Integrations and is kept out of it`, async ({ page }) => {
    const company = await createOwnCompany(fixtureCloud(), { role });
    await signIn(page, company.email);
    await page.waitForURL('**/dashboard');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings', exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Integrations' })).toHaveCount(0);
    await page.goto('/integrations');
    await page.waitForURL((url) => !url.pathname.startsWith('/integrations'));
  });
}

test("an owner reads the API reference, generated from the API's own OpenAPI document", async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const company = await createOwnCompany(fixtureCloud(), { role: 'owner' });
  await signIn(page, company.email);
  await page.waitForURL('**/dashboard');
  await page.goto('/integrations');
  await page.getByRole('link', { name: 'Open the API reference' }).click();
  await page.waitForURL('**/integrations/api');
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  const listEmployees = page.getByRole('article').filter({ has: page.getByRole('heading', { level: 3, name: 'GET /v1/employees', exact: true }) });
  await expect(listEmployees).toContainText('employees:read');
  const funding = page.getByRole('article').filter({ has: page.getByRole('heading', { level: 3, name: 'POST /v1/employees/{employeeId}/funds' }) });
  await expect(funding).toContainText('needs an Idempotency-Key');
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no horizontal scrolling at 375 px').toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);

  // The document itself, as an integrator downloads it.
  const openapi = await request.get(`${apiUrl}/openapi.json`);
  expect(openapi.status()).toBe(200);
  expect(((await openapi.json()) as { openapi: string }).openapi).toBe('3.1.0');
});
