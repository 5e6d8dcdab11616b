import type { APIRequestContext } from '@playwright/test';
import { emailedLinkPath, emailsTo, expect, expectNoAxeViolations, LoginPage, test, VerifyPage, visitorTest } from './support/portal';
import { english, fillAccount, latvian } from './support/sign-up';

const confirmationPath = (request: APIRequestContext, email: string) => emailedLinkPath(request, email, '/users/email/confirm');

test.describe('sign-up', () => {
  test('an empty form says what is missing, in SPEC section 5 words, and passes axe', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: english.submit }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please fix errors above' })).toBeVisible();
    await expect(page.getByText('Registration number required')).toBeVisible();
    await expect(page.getByText('To continue you need to approve Terms & Conditions')).toBeVisible();
    await expect(page.getByText('This field is required').first()).toBeVisible();
    await page.getByLabel(english.password, { exact: true }).fill('short');
    await page.getByLabel(english.passwordRepeat).fill('different');
    await page.getByRole('button', { name: english.submit }).click();
    await expect(page.getByText('Password must have at least 8 symbols')).toBeVisible();
    await expect(page.getByText('Passwords must match')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a company the register does not know, or one already in the portal, is refused on its field', async ({ page }) => {
    await page.goto('/signup');
    await fillAccount(page, english, { registrationNumber: '40003000000', email: 'unknown.company@example.lv' });
    await page.getByRole('button', { name: english.submit }).click();
    await expect(page.getByText('Company with this registration number is not found')).toBeVisible();
    await page.getByLabel(english.registrationNumber).fill('40003012345');
    await page.getByRole('button', { name: english.submit }).click();
    await expect(page.getByText('A company with this registration number already uses the portal.')).toBeVisible();
  });

  test('the e-mailed link confirms the account, and the owner signs in with the SMS code into onboarding', async ({ page, request }) => {
    await page.goto('/signup');
    await fillAccount(page, english, { registrationNumber: '40203555666', email: 'zemgale.owner@example.lv' });
    await page.getByRole('button', { name: english.submit }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
    await expect(page.getByText('zemgale.owner@example.lv')).toBeVisible();
    await expect(page.getByText('Zemgales Būve SIA')).toBeVisible();
    await expectNoAxeViolations(page);

    // Before confirming, sign-in says the e-mail is not confirmed and offers a new link.
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('zemgale.owner@example.lv', 'Signup-Pass-42');
    await expect(page.getByRole('alert')).toContainText('Your e-mail is not confirmed');
    const before = (await emailsTo(request, 'zemgale.owner@example.lv')).length;
    await page.getByRole('button', { name: 'Send a new confirmation link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'We sent a new link.' })).toBeVisible();
    expect((await emailsTo(request, 'zemgale.owner@example.lv')).length).toBe(before + 1);

    await page.goto(await confirmationPath(request, 'zemgale.owner@example.lv'));
    await expect(page.getByRole('heading', { level: 1, name: 'Your e-mail is confirmed' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(await confirmationPath(request, 'zemgale.owner@example.lv'));
    // Used again, the link says only what any spent link says (it must not tell who has a confirmed account): sign in, or ask anew.
    await expect(page.getByRole('alert')).toHaveText('This confirmation link has expired or was already used. If your e-mail is confirmed already, sign in; otherwise request a new link.');
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await login.signIn('zemgale.owner@example.lv', 'Signup-Pass-42');
    await new VerifyPage(page).confirm();
    // A new company has filled nothing in: the guard starts onboarding at its first step.
    await page.waitForURL('**/signup/general');
    // Its dates are typed DD.MM.YYYY and its documents go into drop areas; the step passes axe.
    await expect(page.getByLabel('Registration date', { exact: true })).toHaveAttribute('placeholder', 'DD.MM.YYYY');
    await expect(page.getByText('DD.MM.YYYY, e.g. 12.03.2015')).toBeVisible();
    await expect(page.getByText('Choose a file').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/dashboard');
    await page.waitForURL('**/signup/general');
  });

  test('an expired link offers a new one', async ({ page, request }) => {
    await page.goto('/signup');
    await fillAccount(page, english, { registrationNumber: '40003555777', email: 'daugava.owner@example.lv' });
    await page.getByRole('button', { name: english.submit }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
    // The e-mailed link with another code stands for a link whose code was replaced by a newer one.
    const stale = (await confirmationPath(request, 'daugava.owner@example.lv')).replace(/\.\d{6}$/, '.000000');
    await page.goto(stale);
    await expect(page.getByRole('alert')).toContainText('This confirmation link has expired or was already used.');
    await expectNoAxeViolations(page);
    await page.getByLabel('E-mail').fill('daugava.owner@example.lv');
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'We sent a new link.' })).toBeVisible();
  });
});

visitorTest('a first-time visitor signs up in Latvian', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Konta izveide' })).toBeVisible();
  await fillAccount(page, latvian, { registrationNumber: '40103555888', email: 'ventspils.owner@example.lv' });
  await page.getByRole('button', { name: latvian.submit }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pārbaudiet savu e-pastu' })).toBeVisible();
  await expect(page.getByText('Ventspils Ostas Serviss SIA')).toBeVisible();
});
