import { expect, NavBar, signIn, test, visitorTest } from './support/portal';

test.describe('client switch', () => {
  test('switching company changes the nav bar: IBAN, features and the company shown', async ({ page }) => {
    await signIn(page, 'owner@demo.local');
    await page.waitForURL('**/dashboard');
    const nav = new NavBar(page);
    const iban = page.getByTestId('top-up-iban').first();
    const balticIban = await iban.textContent();
    await expect(nav.company).toHaveValue(/company-baltic/);

    await nav.company.selectOption({ label: 'Riga Bakery SIA' });
    await expect(nav.company).toHaveValue(/company-bakery/);
    await expect(iban).not.toHaveText(balticIban ?? '');
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.reload();
    await expect(nav.company).toHaveValue(/company-bakery/);
    await nav.company.selectOption({ label: 'Baltic Logistics SIA' });
    await expect(iban).toHaveText(balticIban ?? '');
  });
});

test.describe('language', () => {
  test('the profile language is used after sign-in, and switching changes the texts and the lang attribute', async ({ page }) => {
    // The manager's profile says lv.
    await signIn(page, 'manager@demo.local');
    await page.waitForURL('**/dashboard');
    await expect(page.locator('html')).toHaveAttribute('lang', 'lv');
    await expect(page.getByRole('heading', { level: 1, name: 'Pārskats' })).toBeVisible();

    await page.getByLabel('Valoda').selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(new NavBar(page).link('Transactions')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.getByLabel('Language').selectOption('lv');
    await expect(page.locator('html')).toHaveAttribute('lang', 'lv');
  });

  test('the switcher offers English and Latvian only', async ({ page }) => {
    await page.goto('/login');
    const options = page.getByLabel('Language').locator('option');
    await expect(options).toHaveText(['English', 'Latviešu']);
    await expect(options.nth(0)).toHaveAttribute('value', 'en');
    await expect(options.nth(1)).toHaveAttribute('value', 'lv');
  });
});

visitorTest('a first-time visitor sees the portal in Latvian, the session default', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'lv');
  await expect(page.getByLabel('E-pasts')).toBeVisible();
});
