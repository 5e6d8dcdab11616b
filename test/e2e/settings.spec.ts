import { pastSessionCut } from '../session-cut';
import { expect, expectNoAxeViolations, LoginPage, NavBar, signIn, test, VerifyPage } from './support/portal';

test('a user changes the password in Settings: a wrong current one is refused, the new one works at the next sign-in', async ({ page }) => {
  // This user's password changes: no other spec signs in with it.
  await signIn(page, 'password@test.local');
  await page.waitForURL('**/dashboard');
  await new NavBar(page).link('Settings').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Change password' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill('Changed-Pass-31');
  await page.getByLabel('Repeat new password').fill('Changed-Pass-31');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is not right')).toBeVisible();

  await page.getByLabel('Current password').fill('Demo-Pass-2026');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password is changed.' })).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');

  await new NavBar(page).logout.click();
  // The session ends (POST /logout answered) and the portal goes to its root.
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
  // Logging out refuses every token issued before the next whole second: a sign-in within it would be refused.
  await pastSessionCut(Date.now());
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('password@test.local', 'Changed-Pass-31');
  await new VerifyPage(page).confirm();
  await page.waitForURL('**/dashboard');
});
