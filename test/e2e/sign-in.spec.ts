import { isValidIban } from '@shared/iban';
import { expect, LoginPage, NavBar, signInThroughScreens, test, VerifyPage } from './support/portal';

test.describe('sign-in with the SMS second factor', () => {
  test('an accountant signs in and lands on the dashboard with the nav bar filled from the profile', async ({ page }) => {
    await signInThroughScreens(page, 'accountant@demo.local');
    await page.waitForURL('**/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    const nav = new NavBar(page);
    for (const name of ['Dashboard', 'Transactions', 'Users', 'Messaging', 'Settings', 'Reporting']) {
      await expect(nav.link(name)).toBeVisible();
    }
    await expect(nav.link('Dashboard')).toHaveAttribute('aria-current', 'page');
    // The provider name stands in upper case in the bar.
    await expect(page.getByRole('banner')).toContainText('BONUS CARD');
    const iban = page.getByTestId('top-up-iban');
    await expect(iban).toHaveText(/^LV\d{2}/);
    expect(isValidIban((await iban.textContent()) ?? '')).toBe(true);
  });

  test('the top-up IBAN can be copied from the nav bar', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInThroughScreens(page, 'accountant@demo.local');
    await page.waitForURL('**/dashboard');
    // The nav bar's (the dashboard's top-up panel has one too).
    await page.getByRole('banner').getByRole('button', { name: 'Copy IBAN' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(((await page.getByTestId('top-up-iban').textContent()) ?? '').replace(/\s/g, ''));
  });

  test('the active link follows the path prefix', async ({ page }) => {
    await signInThroughScreens(page, 'accountant@demo.local');
    await page.waitForURL('**/dashboard');
    const nav = new NavBar(page);
    await nav.link('Users').click();
    await page.waitForURL('**/users');
    await expect(nav.link('Users')).toHaveAttribute('aria-current', 'page');
    await page.goto('/users/some-employee');
    await expect(nav.link('Users')).toHaveAttribute('aria-current', 'page');
    await expect(nav.link('Dashboard')).not.toHaveAttribute('aria-current', 'page');
  });

  test('a wrong SMS code is refused with "invalid code" and the right one still works', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('accountant@demo.local');
    const verify = new VerifyPage(page);
    await verify.confirm('000000');
    await expect(page.getByRole('alert')).toContainText(/invalid code/i);
    await expect(page).toHaveURL(/\/phone\/verify$/);
    await verify.code.fill('123456');
    await verify.submit.click();
    await page.waitForURL('**/dashboard');
  });

  test('a user the provider blocked is told so after the SMS code', async ({ page }) => {
    await signInThroughScreens(page, 'blocked@test.local');
    await expect(page.getByRole('alert')).toContainText('User is blocked. Please contact support.');
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
  });

  test('signing in as someone else shows the new user, never the previous one', async ({ page }) => {
    await signInThroughScreens(page, 'accountant@demo.local');
    await page.waitForURL('**/dashboard');
    await expect(page.getByText('Welcome, Olga Ivanova')).toBeVisible();
    await signInThroughScreens(page, 'owner@demo.local');
    await page.waitForURL('**/dashboard');
    await expect(page.getByText('Welcome, Anna Bērziņa')).toBeVisible();
    await expect(new NavBar(page).company).toBeVisible();
  });

  test('a wrong password is refused with a clear message', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('accountant@demo.local', 'not-the-password');
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('logout returns to the login page and the protected pages are closed again', async ({ page }) => {
    // Logout ends this browser's session only (sessions.spec proves the other stays); this spec's user is its own all the same.
    await signInThroughScreens(page, 'logout@test.local');
    await page.waitForURL('**/dashboard');
    await new NavBar(page).logout.click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
    await expect(new LoginPage(page).email).toBeVisible();
    // Back to the page the user left is no way back in: it loads afresh and finds no session.
    await page.goBack();
    await page.waitForURL('**/login');
    await expect(new LoginPage(page).email).toBeVisible();
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
  });
});
