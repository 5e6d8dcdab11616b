import { expect, expectNoAxeViolations, LoginPage, screenLoaded, test } from './support/portal';
import { pastSessionCut } from '../session-cut';

/**
 * A user without a phone (Latvian profile): sign-in leads to /phone/setup, where SPEC section 5's phone rules apply;
 * the confirmed phone ends the session and the next sign-in asks for the SMS code.
 */
test('a user without a phone sets one up by SMS code and signs in again with the second factor', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('phone-setup@test.local');
  await page.waitForURL('**/phone/setup');
  // The profile's language (lv) takes over once it is loaded.
  await expect(page.getByRole('heading', { level: 1, name: 'Tālruņa iestatīšana' })).toBeVisible();
  await expect(page.getByText('Jums jāiestata tālrunis un jāpieslēdzas vēlreiz')).toBeVisible();
  await expectNoAxeViolations(page);

  // Nothing else opens before the phone is set up.
  await page.goto('/dashboard');
  await page.waitForURL('**/phone/setup');
  await screenLoaded(page);

  const phone = page.getByLabel('Tālrunis');
  const sendCode = page.getByRole('button', { name: 'Sūtīt kodu' });
  await phone.fill('+371 2999');
  await sendCode.click();
  await expect(page.getByText('Ievadiet valsts kodu un numuru tikai ar cipariem, bez plus zīmes')).toBeVisible();
  await phone.fill('37120000001');
  await sendCode.click();
  await expect(page.getByText('Tālruņa numurs jau ir aizņemts')).toBeVisible();
  await phone.fill('37129990002');
  await sendCode.click();

  await expect(page.getByText('Mēs nosūtījām 6 ciparu kodu uz +37129990002.', { exact: false })).toBeVisible();
  const code = page.getByLabel('SMS kods');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await code.fill('000000');
  await page.getByRole('button', { name: 'Apstiprināt tālruni' }).click();
  await expect(page.getByText('Nederīgs kods')).toBeVisible();
  await page.getByRole('button', { name: 'Sūtīt kodu vēlreiz' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Mēs nosūtījām jaunu kodu.' })).toBeVisible();
  await code.fill('123 456');
  await expect(code).toHaveValue('123456');
  const phoneRecorded = page.waitForResponse((response) => response.url().endsWith('/users/phone/verify') && response.ok());
  await page.getByRole('button', { name: 'Apstiprināt tālruni' }).click();
  await phoneRecorded;
  const sessionEndedAt = Date.now();

  await expect(page.getByRole('heading', { level: 1, name: 'Tālrunis ir iestatīts' })).toBeVisible();
  await expectNoAxeViolations(page);
  // Recording the phone ended the session that set it up; a sign-in in that same second would be refused too.
  await pastSessionCut(sessionEndedAt);
  await page.getByRole('link', { name: 'Uz pieslēgšanos' }).click();

  await page.waitForURL('**/login');
  await page.getByLabel('E-pasts').fill('phone-setup@test.local');
  await page.getByLabel('Parole').fill('Demo-Pass-2026');
  await page.getByRole('button', { name: 'Pieslēgties' }).click();
  await page.waitForURL('**/phone/verify');
  await page.getByLabel('SMS kods').fill('123456');
  await page.getByRole('button', { name: 'Apstiprināt' }).click();
  await page.waitForURL('**/dashboard');
});

test('the SMS code can be sent again from /phone/verify', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('second-company@test.local');
  await page.waitForURL('**/phone/verify');
  await page.getByRole('button', { name: 'Send the code again' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We sent a new code.' })).toBeVisible();
  await page.getByLabel('SMS code').fill('123456');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL('**/dashboard');
});
