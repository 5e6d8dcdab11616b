import { pastSessionCut } from '../session-cut';
import { expect, expectNoAxeViolations, LoginPage, NavBar, signIn, test, VerifyPage } from './support/portal';

test('a user changes the password in Settings: a wrong current one is refused; the new one ends every session and works at the next sign-in', async ({ page }) => {
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
  const changedAt = Date.now();
  await page.getByRole('button', { name: 'Change password' }).click();
  // A changed password ends every session of the account, this one too, and the sign-in page says why.
  await page.waitForURL('**/login?ended=password-changed');
  await expect(page.getByText('Your password is changed, and every session of your account has ended. Sign in with your new password.')).toBeVisible();
  await expectNoAxeViolations(page);
  // The sessions ended refuse every sign-in before the next whole second: a person signing in again takes longer.
  await pastSessionCut(changedAt);
  const login = new LoginPage(page);
  await login.signIn('password@test.local', 'Changed-Pass-31');
  await new VerifyPage(page).confirm();
  await page.waitForURL('**/dashboard');
});
