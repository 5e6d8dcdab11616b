import type { APIRequestContext } from '@playwright/test';
import { apiOrigin } from './support/test-cloud';
import { pastSessionCut } from '../session-cut';
import { emailedLinkPath, emailsTo, expect, expectNoAxeViolations, LoginPage, test, VerifyPage } from './support/portal';

const resetPath = (request: APIRequestContext, email: string) => emailedLinkPath(request, email, '/reset/password');

test('a user resets the password by the e-mailed link and signs in with the new one; the link works once', async ({ page, request }) => {
  // This user's password changes, and its sessions end: no other spec signs in with it.
  await page.goto('/reset/password/request');
  await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('E-mail').fill('reset@test.local');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account with reset@test.local exists, we sent it a link to set a new password')).toBeVisible();

  const link = await resetPath(request, 'reset@test.local');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('New password', { exact: true }).fill('Fresh-Password-7');
  await page.getByLabel('Repeat new password').fill('Fresh-Password-8');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await page.getByLabel('Repeat new password').fill('Fresh-Password-7');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your password is changed' })).toBeVisible();
  // The reset ended the account's sessions: a sign-in within the same second is refused by design.
  await pastSessionCut(Date.now());

  await page.getByRole('link', { name: 'Sign in' }).click();
  const login = new LoginPage(page);
  await login.signIn('reset@test.local', 'Fresh-Password-7');
  await new VerifyPage(page).confirm();
  await page.waitForURL('**/dashboard');

  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Another-Password-9');
  await page.getByLabel('Repeat new password').fill('Another-Password-9');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('This password reset link has expired or was already used.');
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
});

test('a malformed e-mail is refused on its field, and a link that cannot be read says so at once', async ({ page }) => {
  await page.goto('/reset/password/request');
  await page.getByLabel('E-mail').fill('not-an-e-mail');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
  await page.goto('/reset/password/some-token');
  await expect(page.getByRole('alert')).toContainText('This password reset link is not valid.');
  await expectNoAxeViolations(page);
});

test('a reset asked for an e-mail not confirmed yet is answered as any other, and the confirmation link arrives again', async ({ page, request }) => {
  const signup = await request.post(`${apiOrigin()}/signup`, {
    data: {
      registrationNumber: '40003555111',
      email: 'gauja.unconfirmed@example.lv',
      phone: '37123555111',
      password: 'Gauja-Pass-1',
      passwordRepeat: 'Gauja-Pass-1',
      name: 'Gints',
      surname: 'Gauja',
      termsAccepted: true,
    },
  });
  expect(signup.status()).toBe(200);
  const confirmations = async () => (await emailsTo(request, 'gauja.unconfirmed@example.lv')).filter((entry) => entry.body.includes('/users/email/confirm/')).length;
  const before = await confirmations();
  await page.goto('/reset/password/request');
  await page.getByLabel('E-mail').fill('gauja.unconfirmed@example.lv');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'If an account with gauja.unconfirmed@example.lv exists, we sent it a link to set a new password, or a new confirmation link if the address is not confirmed yet. The link works once.',
  );
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect.poll(confirmations).toBe(before + 1);
  await expectNoAxeViolations(page);
});
