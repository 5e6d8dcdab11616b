import type { Page, Route } from '@playwright/test';
import type { FundingFile } from '@shared/funding';
import { apiOrigin } from './support/test-cloud';
import { createOwnCompany } from '../integration/company-fixtures';
import { fixtureCloud } from './support/fixture-cloud';
import { expect, expectNoAxeViolations, screenLoaded, signIn, test } from './support/portal';

/**
 * Issue 16, SPEC's last interface details: every modal closes on Escape, on an overlay click and on its close icon
 * (never while its action runs), one header with the brand once, the provider console in the same bar and mobile
 * menu, the footer's documents in a new tab, and the failed-transfers notice under a funding result.
 */

const api = apiOrigin();

/** Answers a call to the API (another origin) in its place, with what the browser's CORS check asks for. */
async function answer(route: Route, body: unknown): Promise<void> {
  const origin = route.request().headers().origin ?? '*';
  const cors = { 'access-control-allow-origin': origin, 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET,POST,OPTIONS' };
  if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
  return route.fulfill({ json: body, headers: cors });
}

/** Signs in as a manager of a company of this spec's own and opens Users. */
async function openUsers(page: Page): Promise<void> {
  const company = await createOwnCompany(fixtureCloud(), { role: 'manager', availableCents: 100_000 });
  await signIn(page, company.email);
  await page.waitForURL('**/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users', exact: true }).click();
  await page.waitForURL('**/users');
  await screenLoaded(page);
}

test('a dialog closes on Escape, on an overlay click and on its close icon, and a drag out of it is no click', async ({ page }) => {
  await openUsers(page);
  const dialog = page.getByRole('dialog', { name: 'Add funds by CSV' });
  const open = async () => {
    await page.getByRole('button', { name: 'Add funds by CSV' }).click();
    await expect(dialog).toBeVisible();
  };

  await open();
  await expectNoAxeViolations(page);
  // The funding preview is one of the wide dialogs: big, 48rem at this width.
  expect((await dialog.boundingBox())?.width).toBe(768);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await open();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();

  await open();
  await dialog.getByRole('button', { name: 'Close dialog' }).click();
  await expect(dialog).toBeHidden();
  // The focus is back on what opened it.
  await expect(page.getByRole('button', { name: 'Add funds by CSV' })).toBeFocused();

  // Pressing inside (on its text) and letting go over the overlay does not close it, nor does a click inside.
  await open();
  const lead = (await dialog.getByText('Download the template').boundingBox())!;
  await page.mouse.move(lead.x + 5, lead.y + 5);
  await page.mouse.down();
  await page.mouse.move(5, 5);
  await page.mouse.up();
  await expect(dialog).toBeVisible();
  await page.mouse.click(lead.x + 5, lead.y + 5);
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a funding file being applied keeps its dialog open; refused rows point to the Reports section', async ({ page }) => {
  const previewed: FundingFile = {
    fileId: 'file-1',
    fileName: 'funding.csv',
    status: 'previewed',
    rowCount: 2,
    fundedRowCount: 2,
    totalCents: 3_000,
    availableCents: 100_000,
    problems: [],
    problemCount: 0,
    blocking: null,
    approvalId: null,
    progress: { doneRows: 0, totalRows: 2 },
    result: null,
  };
  const applied: FundingFile = {
    ...previewed,
    status: 'applied',
    progress: { doneRows: 2, totalRows: 2 },
    result: {
      appliedCount: 1,
      appliedCents: 1_000,
      failedCount: 1,
      failed: [{ rowNumber: 3, employeeId: 'e-2', name: 'Anna Bērziņa', reason: 'FUNDS_TRANSFER_FAILED' }],
      applied: [{ rowNumber: 2, employeeId: 'e-1', name: 'Jānis Ozols', amountCents: 1_000 }],
      code: 'FUNDS_TRANSFER_FAILED_FOR_ACCOUNTS',
    },
  };
  // The server is answered here, so nothing moves: the upload's preview at once, the apply only when let go.
  await page.route(`${api}/funding/files`, (route) => answer(route, previewed));
  let letApplyGo: () => void = () => undefined;
  const applyHeld = new Promise<void>((resolve) => (letApplyGo = resolve));
  let applyCalls = 0;
  await page.route(`${api}/funding/files/file-1/apply`, async (route: Route) => {
    if (route.request().method() === 'OPTIONS') return answer(route, null);
    applyCalls += 1;
    await applyHeld;
    return answer(route, applied);
  });

  await openUsers(page);
  await page.getByRole('button', { name: 'Add funds by CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add funds by CSV' });
  await dialog.getByLabel('CSV file').setInputFiles({ name: 'funding.csv', mimeType: 'text/csv', buffer: Buffer.from('x\n') });
  await dialog.getByRole('button', { name: 'Check the file' }).click();
  await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();

  // In flight: neither Escape, nor the overlay, nor the icon closes it, and the transfer is asked for once.
  await expect(dialog.getByRole('button', { name: 'Transfer', exact: true })).toHaveAttribute('aria-busy', 'true');
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await dialog.getByRole('button', { name: 'Close dialog' }).click({ force: true });
  await expect(dialog).toBeVisible();
  letApplyGo();

  await expect(dialog.getByRole('table', { name: 'Rows not transferred: 1' })).toContainText('Anna Bērziņa');
  await expect(dialog).toContainText('Data on failed transfers will be available soon in the Reports section.');
  expect(applyCalls).toBe(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the header shows the brand once, the provider as the provider, and keeps its height with the unread badge', async ({ page }) => {
  await page.route(`${api}/chats/unread`, (route) => answer(route, { unread: 3 }));
  await signIn(page, 'accountant@demo.local');
  await page.waitForURL('**/dashboard');
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Bonus Card', { exact: true })).toHaveCount(1);
  // SPEC section 2: the provider's name in upper case, named as the provider's.
  await expect(banner.getByText('Card provider', { exact: true })).toBeVisible();
  await expect(banner.getByText('BONUS CARD', { exact: true })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Main' });
  const messaging = nav.getByRole('link', { name: 'Messaging', exact: true });
  await expect(messaging).toContainText('3');
  const heightOf = async (name: string) => (await nav.getByRole('link', { name, exact: true }).boundingBox())?.height;
  expect(await heightOf('Messaging')).toBe(await heightOf('Dashboard'));
});

test('the footer opens terms, delivery policy and privacy policy in a new tab and links legal and contact information', async ({ page }) => {
  await page.goto('/login');
  const footer = page.getByRole('contentinfo');
  for (const name of ['Terms and conditions', 'Delivery policy', 'Privacy policy']) {
    const link = footer.getByRole('link', { name: `${name} (opens in a new tab)`, exact: true });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
  await expect(footer.getByRole('link', { name: 'Legal information', exact: true })).toHaveAttribute('href', '/terms#terms-legal');
  await expect(footer.getByRole('link', { name: 'Contact', exact: true })).toHaveAttribute('href', '/terms#terms-legal');
  await expect(footer.getByRole('link', { name: '+371 67 000 033' })).toHaveAttribute('href', /^tel:/);
  await expect(footer.getByRole('link', { name: 'support@bonus-card.example' })).toHaveAttribute('href', /^mailto:/);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the provider console folds its sections into the portal\'s menu and does not scroll sideways', async ({ page }) => {
    await signIn(page, 'admin@demo.local');
    await page.waitForURL('**/admin');
    await screenLoaded(page);
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    const sections = page.getByRole('navigation', { name: 'Console sections' });
    await expect(sections).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(sections).toBeVisible();
    await expectNoAxeViolations(page);
    await sections.getByRole('link', { name: 'Prices' }).click();
    await page.waitForURL('**/admin/prices');
    await expect(page.getByRole('heading', { level: 1, name: 'Prices' })).toBeVisible();
    // The menu folds again after a navigation.
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'no horizontal scrolling at 375 px').toBeLessThanOrEqual(0);
  });
});
