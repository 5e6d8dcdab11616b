import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { companyHeader } from '@shared/api/route-definition';
import { putApiKey } from '../integration/api-key-fixtures';
import { createOwnCompany, joinCompany } from '../integration/company-fixtures';
import { putEmployees } from '../integration/funding-fixtures';
import { apiOrigin } from './support/test-cloud';
import { fixtureCloud } from './support/fixture-cloud';
import { expect, expectNoAxeViolations, signIn, test } from './support/portal';
import { layoutProblems } from './support/screens';

/**
 * Settings of the company's own systems (issue 20): an owner makes an API key, copies it once, sees it used, and
 * revokes it; registers a webhook endpoint and watches its deliveries; managers and accountants have no such screen.
 */
const apiUrl = apiOrigin();

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
  await expect(row).toContainText('Read employees');
  await expect(row).toContainText(`${secret.slice(0, 8)}…${secret.slice(-4)}`);
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
  // A revoked key leaves the list, and is there behind "Show revoked".
  await expect(row).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Show revoked keys (1)' }).check();
  await expect(row).toContainText('Revoked');
  expect((await request.get(`${apiUrl}/v1/employees`, { headers: { authorization: `Bearer ${secret}` } })).status()).toBe(401);

  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no horizontal scrolling at 375 px').toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});

test("removing a member lists the API keys they made and revokes them with the removal if the owner keeps the box checked; the key list marks makers who left", async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const company = await createOwnCompany(fixtureCloud(), { role: 'owner' });
  // Both made keys while they were owners; since then one was made a manager, the other an accountant.
  const leaver = await createOwnCompany(fixtureCloud());
  const keeper = await createOwnCompany(fixtureCloud());
  await joinCompany(fixtureCloud(), leaver.userId, company.companyId, 'manager');
  await joinCompany(fixtureCloud(), keeper.userId, company.companyId, 'accountant');
  const payroll = await putApiKey(fixtureCloud(), company.companyId, { userId: leaver.userId, name: leaver.fullName }, { name: 'Payroll', createdAt: '2026-01-10T09:00:00.000Z' });
  const hrSync = await putApiKey(fixtureCloud(), company.companyId, { userId: leaver.userId, name: leaver.fullName }, { name: 'HR sync', createdAt: '2026-02-03T09:00:00.000Z' });
  await putApiKey(fixtureCloud(), company.companyId, { userId: leaver.userId, name: leaver.fullName }, { name: 'Old export', createdAt: '2025-12-01T09:00:00.000Z', revokedAt: '2025-12-20T09:00:00.000Z' });
  const timeClock = await putApiKey(fixtureCloud(), company.companyId, { userId: keeper.userId, name: keeper.fullName }, { name: 'Time clock', createdAt: '2026-01-20T09:00:00.000Z' });
  await putApiKey(fixtureCloud(), company.companyId, { userId: company.userId, name: company.fullName }, { name: 'Reports', createdAt: '2026-01-05T09:00:00.000Z' });
  const works = async (key: { secret: string }) => (await request.get(`${apiUrl}/v1/employees`, { headers: { authorization: `Bearer ${key.secret}` } })).status();

  await signIn(page, company.email);
  await page.waitForURL('**/dashboard');
  await page.goto('/settings');
  const memberRow = (email: string) => page.getByRole('row').filter({ hasText: email });
  await memberRow(leaver.email).getByRole('button', { name: `Actions for ${leaver.fullName}` }).click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove from the team?' });
  const offered = dialog.getByRole('list', { name: `${leaver.fullName} made these API keys.`, exact: false }).getByRole('listitem');
  await expect(offered).toHaveText(['HR sync created 03.02.2026', 'Payroll created 10.01.2026']);
  const revokeBox = dialog.getByRole('checkbox', { name: 'Revoke these API keys too' });
  await expect(revokeBox).toBeChecked();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(dialog.getByRole('button', { name: 'Remove' })).toBeInViewport();
  expect(await dialog.evaluate((element) => element.scrollWidth - element.clientWidth), 'the dialog does not scroll sideways at 375 px').toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${leaver.fullName} was removed from the team. Revoked API keys: HR sync, Payroll.` })).toBeVisible();
  await expect(memberRow(leaver.email)).toHaveCount(0);

  // Unchecked, the keys stay: the system that uses them goes on working.
  await memberRow(keeper.email).getByRole('button', { name: `Actions for ${keeper.fullName}` }).click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  await expect(dialog.getByRole('listitem')).toHaveText(['Time clock created 20.01.2026']);
  await revokeBox.uncheck();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${keeper.fullName} was removed from the team.` })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Revoked API keys' })).toHaveCount(0);

  expect(await works(payroll)).toBe(401);
  expect(await works(hrSync)).toBe(401);
  expect(await works(timeClock)).toBe(200);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Integrations', exact: true }).click();
  await page.waitForURL('**/integrations');
  // A revoked key's row header also says it is revoked, to screen readers.
  const keyRow = (name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
  await page.getByRole('checkbox', { name: 'Show revoked keys (3)' }).check();
  const createdBy = (name: string) => keyRow(name).locator('[data-label="Created by"]');
  for (const [name, maker, status] of [['Payroll', leaver, 'Revoked'], ['HR sync', leaver, 'Revoked'], ['Old export', leaver, 'Revoked'], ['Time clock', keeper, 'Active']] as const) {
    await expect(createdBy(name)).toContainText(maker.fullName);
    await expect(createdBy(name).getByText('No longer in the company')).toBeVisible();
    await expect(keyRow(name)).toContainText(status);
  }
  await expect(createdBy('Reports')).toHaveText(company.fullName);
  await keyRow('Time clock').getByRole('button', { name: 'Details of Time clock' }).click();
  await expect(page.getByRole('definition').filter({ hasText: keeper.email })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(createdBy('Time clock')).toContainText('No longer in the company');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no horizontal scrolling at 375 px').toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});

test('an owner adds a webhook endpoint, sees a delivery of a change made with an API key, redelivers it, rotates the secret and revokes the key', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const company = await createOwnCompany(fixtureCloud(), { role: 'owner', availableCents: 50_000 });
  const [employee] = await putEmployees(fixtureCloud(), company.companyId, 1, 'active', 'e2e-wh');
  // The local cloud's demo receiver (the page /local/webhooks shows what it got).
  const receiverName = `e2e-${randomUUID().slice(0, 8)}`;
  const receiverUrl = `${apiOrigin().replace('localhost', '127.0.0.1')}/local/webhooks/receive/${receiverName}`;
  await signIn(page, company.email);
  await page.waitForURL('**/dashboard');
  await page.goto('/integrations');
  const webhooks = page.getByRole('region', { name: 'Webhooks' });
  await expect(webhooks.getByText('No webhook endpoints yet')).toBeVisible();

  await webhooks.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
  await expect(dialog.getByRole('checkbox', { name: 'All events' })).toBeChecked();
  await dialog.getByLabel('Address (URL)').fill('http://10.0.0.8/payroll');
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(dialog.getByText('This address is not reachable from the internet', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Address (URL)').fill(receiverUrl);
  await dialog.getByRole('checkbox', { name: 'All events' }).uncheck();
  await dialog.getByRole('checkbox', { name: /^Employee funded/ }).check();
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  const secretDialog = page.getByRole('dialog', { name: 'Copy the signing secret' });
  expect(await secretDialog.getByLabel('Signing secret').inputValue()).toMatch(/^whsec_/);
  await secretDialog.getByRole('button', { name: 'Done' }).click();
  const endpointRow = webhooks.getByRole('row').filter({ has: page.getByRole('rowheader', { name: receiverUrl }) });
  await expect(endpointRow).toContainText('Enabled');

  await page.getByRole('button', { name: 'Create API key' }).click();
  const keyDialog = page.getByRole('dialog', { name: 'Create an API key' });
  await keyDialog.getByLabel('Name').fill('Payroll');
  await keyDialog.getByRole('checkbox', { name: /^Move money/ }).check();
  await keyDialog.getByRole('button', { name: 'Create key' }).click();
  const keySecret = await page.getByRole('dialog', { name: 'Copy the key "Payroll"' }).getByLabel('API key').inputValue();
  await page.getByRole('dialog', { name: 'Copy the key "Payroll"' }).getByRole('button', { name: 'Done' }).click();

  // The payroll system funds the employee with the key; the portal tells the endpoint.
  const funded = await request.post(`${apiUrl}/v1/employees/${employee?.employeeId ?? ''}/funds`, {
    headers: { authorization: `Bearer ${keySecret}`, 'idempotency-key': randomUUID() },
    data: { amountCents: 2500 },
  });
  expect(funded.status()).toBe(200);
  // The event leaves from the change's outbox, through the table's stream: the log is opened once it has arrived.
  const arrived = async () => ((await (await request.get(`${apiUrl}/local/webhooks.json`)).json()) as { endpoint: string }[]).filter((entry) => entry.endpoint === `receive/${receiverName}`).length;
  await expect.poll(arrived).toBe(1);
  await endpointRow.getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: 'Show deliveries' }).click();
  const log = page.getByRole('region', { name: 'Deliveries', exact: true });
  const delivery = log.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /Employee funded/ }) });
  await expect(delivery).toContainText('Delivered');
  await expect(delivery).toContainText('HTTP 200');
  await expectNoAxeViolations(page);

  await delivery.getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: 'Redeliver' }).click();
  await expect(log.getByRole('status').filter({ hasText: '"Employee funded" is being delivered again.' })).toBeVisible();
  await expect(delivery.locator('[data-label="Attempts"]')).toHaveText('2');
  const received = (await (await request.get(`${apiUrl}/local/webhooks.json`)).json()) as { endpoint: string; webhookId: string }[];
  const ours = received.filter((entry) => entry.endpoint === `receive/${receiverName}`);
  expect(ours).toHaveLength(2);
  expect(new Set(ours.map((entry) => entry.webhookId)).size).toBe(1);

  await endpointRow.getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: 'Rotate secret' }).click();
  await page.getByRole('dialog', { name: 'Rotate the signing secret?' }).getByRole('button', { name: 'Rotate secret' }).click();
  const rotated = page.getByRole('dialog', { name: 'Copy the new signing secret' });
  await expect(rotated.getByText('For 24 hours every delivery is signed with both', { exact: false })).toBeVisible();
  await rotated.getByRole('button', { name: 'Done' }).click();
  await expect(endpointRow).toContainText('Old and new sign until');

  const keyRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Payroll' }) });
  await keyRow.getByRole('button', { name: /actions/i }).click();
  await page.getByRole('menuitem', { name: 'Revoke' }).click();
  await page.getByRole('dialog', { name: 'Revoke the key "Payroll"?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The key "Payroll" is revoked.' })).toBeVisible();
  await expect(keyRow).toHaveCount(0);
  const refused = await request.post(`${apiUrl}/v1/employees/${employee?.employeeId ?? ''}/funds`, {
    headers: { authorization: `Bearer ${keySecret}`, 'idempotency-key': randomUUID() },
    data: { amountCents: 2500 },
  });
  expect(refused.status()).toBe(401);

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
  // Each operation says what it does and shows an example request and answer.
  await expect(funding).toContainText('Moves money from the main account');
  await expect(funding.getByRole('heading', { name: 'Example request' })).toBeVisible();
  await expect(funding).toContainText("-H 'Idempotency-Key:");
  await expect(funding.getByRole('heading', { name: 'Example answer' })).toBeVisible();
  await expect(funding.getByRole('link', { name: 'FUNDS_NOT_ENOUGH' })).toBeVisible();
  // The table of contents leads to the guide, the operations and the webhook events.
  const contents = page.getByRole('navigation', { name: 'Contents' });
  for (const section of ['Authentication and scopes', 'Idempotency-Key', 'Rate limits', 'Pagination', 'Errors', 'Webhook events']) await expect(contents.getByRole('link', { name: section, exact: true })).toBeVisible();
  await contents.getByRole('link', { name: 'Webhook events', exact: true }).click();
  const testEvent = page.getByRole('article').filter({ has: page.getByRole('heading', { level: 3, name: 'webhook.test' }) });
  await expect(testEvent).toContainText('"type": "webhook.test"');
  await expect(page.getByRole('region', { name: 'Errors', exact: true })).toContainText('INSUFFICIENT_SCOPE');
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no horizontal scrolling at 375 px').toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  // Its own words in Latvian (the language is chosen in the wide top bar).
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByLabel('Language').selectOption('lv');
  await expect(page.getByRole('navigation', { name: 'Saturs' }).getByRole('link', { name: 'Autentifikācija un tiesības' })).toBeVisible();
  await expect(funding.getByRole('heading', { name: 'Pieprasījuma piemērs' })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: 'no horizontal scrolling at 375 px in Latvian' }).toBeLessThanOrEqual(0);

  // The document itself, as an integrator downloads it: its server is the portal's own /api, which answers here too.
  const openapi = await request.get(`${apiUrl}/openapi.json`);
  expect(openapi.status()).toBe(200);
  const served = (await openapi.json()) as { openapi: string; servers: { url: string }[]; webhooks: Record<string, unknown> };
  expect(served.openapi).toBe('3.1.0');
  expect(Object.keys(served.webhooks)).toContain('funding.applied');
  const server = served.servers[0]?.url ?? '';
  expect(server).toMatch(/\/api$/);
  const throughServer = await request.get(`${server}/v1/employees`);
  expect(throughServer.status()).toBe(401);
  expect(((await throughServer.json()) as { code: string }).code).toMatch(/^API_KEY|UNAUTHORIZED/);
});

/** The words this screen uses in each language the test reads it in. */
const integrationWords = {
  en: { webhooks: 'Webhooks', actions: /actions/i, sendTest: 'Send test event', deliveries: 'Deliveries', testEvent: /Test event/, delivered: 'Delivered', view: 'View request and answer', requestBody: 'Request body', close: 'Close', filter: 'Status', failed: 'Failed', noneFiltered: 'No deliveries with this status.', keys: 'API keys', showRevoked: /^Show revoked keys/ },
  lv: { webhooks: 'Tīmekļa aizķeres', actions: /darbības/i, sendTest: 'Nosūtīt testa notikumu', deliveries: 'Piegādes', testEvent: /Testa notikums/, delivered: 'Piegādāts', view: 'Skatīt pieprasījumu un atbildi', requestBody: 'Pieprasījuma saturs', close: 'Aizvērt', filter: 'Statuss', failed: 'Neizdevās', noneFiltered: 'Nav piegāžu ar šo statusu.', keys: 'API atslēgas', showRevoked: /^Rādīt atsauktās atslēgas/ },
} as const;

/** The page does not scroll sideways and no scrolling region (a table) holds more than it shows. */
async function expectFits(page: Page, what: string): Promise<void> {
  const { pageOverflow, clippedRegions } = await layoutProblems(page);
  expect({ pageOverflow, clippedRegions }, what).toEqual({ pageOverflow: 0, clippedRegions: [] });
}

for (const language of ['en', 'lv'] as const) {
  test(`"Send test event" reaches the endpoint and shows in its delivery log with its body (${language}, 1440 and 375 px)`, async ({ page, request }) => {
    const words = integrationWords[language];
    await page.setViewportSize({ width: 1440, height: 900 });
    const company = await createOwnCompany(fixtureCloud(), { role: 'owner' });
    const receiverName = `e2e-test-${randomUUID().slice(0, 8)}`;
    const receiverUrl = `${apiOrigin().replace('localhost', '127.0.0.1')}/local/webhooks/receive/${receiverName}`;
    await signIn(page, company.email);
    await page.waitForURL('**/dashboard');
    const token = await page.evaluate(() => Object.entries(localStorage).find(([name]) => name.endsWith('.accessToken'))?.[1] ?? '');
    // Two endpoints whose addresses differ only at their end: each is shown whole, so they never look alike.
    for (const url of [receiverUrl, `${receiverUrl}-spare-endpoint-with-a-long-address`]) {
      const made = await request.post(`${apiUrl}/webhooks/endpoints`, { headers: { authorization: `Bearer ${token}`, [companyHeader]: company.companyId }, data: { url, events: ['report.ready'] } });
      expect(made.status(), await made.text()).toBe(200);
    }
    await page.goto('/integrations');
    if (language === 'lv') await page.getByLabel('Language').selectOption('lv');
    const webhooks = page.getByRole('region', { name: words.webhooks });
    const endpointRow = webhooks.getByRole('row').filter({ has: page.getByRole('rowheader', { name: receiverUrl, exact: true }) });
    await expect(endpointRow).toBeVisible();
    await endpointRow.getByRole('button', { name: words.actions }).click();
    await page.getByRole('menuitem', { name: words.sendTest }).click();

    const arrived = async () => ((await (await request.get(`${apiUrl}/local/webhooks.json`)).json()) as { endpoint: string; body: string }[]).filter((entry) => entry.endpoint === `receive/${receiverName}`);
    await expect.poll(async () => (await arrived()).length).toBe(1);
    const [received] = await arrived();
    expect(JSON.parse(received?.body ?? '{}')).toMatchObject({ type: 'webhook.test' });

    const log = page.getByRole('region', { name: words.deliveries, exact: true });
    const delivery = log.getByRole('row').filter({ has: page.getByRole('rowheader', { name: words.testEvent }) });
    await expect(delivery).toContainText(words.delivered);
    await expect(delivery).toContainText('HTTP 200');
    await expectNoAxeViolations(page);
    await expectFits(page, `the endpoints and the log at 1440 px in ${language}`);

    await delivery.getByRole('button', { name: words.actions }).click();
    await page.getByRole('menuitem', { name: words.view }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: words.requestBody })).toBeVisible();
    await expect(dialog).toContainText('"type": "webhook.test"');
    await expect(dialog).toContainText('"received": true');
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(dialog.getByRole('button', { name: words.close, exact: true })).toBeInViewport();
    expect(await dialog.evaluate((element) => element.scrollWidth - element.clientWidth), 'the dialog does not scroll sideways at 375 px').toBeLessThanOrEqual(0);
    await dialog.getByRole('button', { name: words.close, exact: true }).click();

    await log.getByLabel(words.filter).selectOption('failed');
    await expect(log.getByText(words.noneFiltered)).toBeVisible();
    await log.getByLabel(words.filter).selectOption('delivered');
    await expect(delivery).toBeVisible();
    // The two addresses are read whole on a phone, not cut to the same beginning.
    for (const url of [receiverUrl, `${receiverUrl}-spare-endpoint-with-a-long-address`]) await expect(webhooks.getByRole('rowheader', { name: url, exact: true })).toHaveText(url);
    await expectFits(page, `the endpoints and the log at 375 px in ${language}`);
    await expectNoAxeViolations(page);
  });

  test(`the API keys list fits with 40 keys of every scope and long names (${language}, 1440 and 375 px)`, async ({ page }) => {
    const words = integrationWords[language];
    const company = await createOwnCompany(fixtureCloud(), { role: 'owner' });
    const longName = 'Algu sistēmas sinhronizācija ar grāmatvedības programmatūru';
    await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        putApiKey(fixtureCloud(), company.companyId, { userId: company.userId, name: company.fullName }, {
          name: `${longName} ${index + 1}`.slice(-60),
          createdAt: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
          scopes: ['employees:read', 'employees:write', 'money:write', 'reports:read'],
          ...(index % 2 === 1 ? { revokedAt: new Date(Date.UTC(2026, 2, 1 + index)).toISOString() } : {}),
        }),
      ),
    );
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, company.email);
    await page.waitForURL('**/dashboard');
    await page.goto('/integrations');
    if (language === 'lv') await page.getByLabel('Language').selectOption('lv');
    const keys = page.getByRole('region', { name: words.keys, exact: true });
    await keys.getByRole('checkbox', { name: words.showRevoked }).check();
    const table = keys.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(11);
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expectFits(page, `the key list at ${width} px in ${language}`);
      // Every row's last column (its actions, or the status of a revoked key) lies inside the card.
      const card = await keys.boundingBox();
      const ends = await table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.lastElementChild?.getBoundingClientRect().right ?? 0));
      for (const right of ends) expect(right, `a row ends inside the card at ${width} px`).toBeLessThanOrEqual((card?.x ?? 0) + (card?.width ?? 0) + 1);
      // A key's name and its maker wrap: every letter is shown, none is cut behind an ellipsis.
      const cut = await table.locator('tbody .api-key-wrap-cell').evaluateAll((cells) =>
        cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1 || cell.querySelector('.data-table__truncate')).map((cell) => cell.textContent),
      );
      expect(cut, `no key name or maker is cut at ${width} px`).toEqual([]);
      await expect(table.locator('tbody .api-key-wrap-cell')).toHaveCount(20);
      await expectNoAxeViolations(page);
    }
    await expect(keys.getByRole('navigation')).toBeVisible();
  });
}
