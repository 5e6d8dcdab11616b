import { expect, NavBar, signIn, test } from './support/portal';

test.describe('route guard', () => {
  for (const path of ['/dashboard', '/transactions', '/users', '/users/abc', '/messaging', '/reporting', '/settings']) {
    test(`without a session ${path} redirects to /login`, async ({ page }) => {
      await page.goto(path);
      await page.waitForURL('**/login');
      await expect(page.getByLabel('E-mail')).toBeVisible();
    });
  }

  test('a company whose KYC is below filled is sent to its onboarding step', async ({ page }) => {
    await signIn(page, 'onboarding@demo.local');
    await page.waitForURL('**/signup/representatives');
    await page.goto('/dashboard');
    await page.waitForURL('**/signup/representatives');
    await page.goto('/transactions');
    await page.waitForURL('**/signup/representatives');
  });

  test('a provider admin without a company goes to the provider console, and company screens send them to /login', async ({ page }) => {
    await signIn(page, 'admin@demo.local');
    await page.waitForURL('**/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
    await page.goto('/users');
    await page.waitForURL('**/login');
    await expect(page.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/admin');
  });

  test('reporting shows only when the company has the reporting feature', async ({ page }) => {
    // Switching company is stored server-side: this spec owns its two-company user.
    await signIn(page, 'switcher@test.local');
    await page.waitForURL('**/dashboard');
    const nav = new NavBar(page);
    await expect(nav.link('Reporting')).toBeVisible();
    await nav.company.selectOption({ label: 'Riga Bakery SIA' });
    await expect(nav.link('Reporting')).toHaveCount(0);
    await page.goto('/reporting');
    await page.waitForURL('**/dashboard');
    await nav.company.selectOption({ label: 'Baltic Logistics SIA' });
    await expect(nav.link('Reporting')).toBeVisible();
  });
});
