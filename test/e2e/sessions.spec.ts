import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from '@playwright/test';
import { appConfigSchema } from '../../frontend/src/lib/config';
import { createOwnCompany } from '../integration/company-fixtures';
import { pastSessionCut } from '../session-cut';
import { fixtureCloud } from './support/fixture-cloud';
import { englishVisitor, expect, expectNoAxeViolations, LoginPage, NavBar, signIn, signInThroughScreens, test, totalAvailable } from './support/portal';

/**
 * Issue 30: signing out ends this browser's session only; "Sign out on all devices" ends them all (DESIGN section 6).
 * One person, two browsers (contexts), each with its own session.
 */

/** The refresh token Amplify keeps for this page's session. */
function refreshTokenOf(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const key = Object.keys(window.localStorage).find((name) => name.endsWith('.refreshToken'));
    return key ? window.localStorage.getItem(key) : null;
  });
}

/** Whether Cognito still mints tokens from a refresh token, as Amplify asks it when an access token runs out. */
async function cognitoRefreshes(page: Page, refreshToken: string): Promise<boolean> {
  const config = appConfigSchema.parse(await (await page.request.get('/config.json')).json());
  const cognito = new CognitoIdentityProviderClient({ region: config.region, endpoint: config.cognitoEndpoint ?? undefined, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    await cognito.send(new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: config.userPoolClientId, AuthParameters: { REFRESH_TOKEN: refreshToken } }));
    return true;
  } catch {
    return false;
  } finally {
    cognito.destroy();
  }
}

test('logging out in one browser leaves the other signed in, and signing in again at once works', async ({ page, browser }) => {
  const owner = await createOwnCompany(fixtureCloud(), { availableCents: 12_345 });
  await signIn(page, owner.email);
  await page.waitForURL('**/dashboard');
  const phone = await englishVisitor(browser);
  try {
    await signIn(phone.page, owner.email);
    await phone.page.waitForURL('**/dashboard');

    const revokedToken = await refreshTokenOf(page);
    expect(revokedToken).not.toBeNull();
    await new NavBar(page).logout.click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
    // The browser revoked its refresh token with Cognito: nobody mints tokens from it any more.
    expect(await cognitoRefreshes(page, revokedToken ?? '')).toBe(false);

    // The other browser still works: its session was not this one.
    await phone.page.reload();
    await expect(totalAvailable(phone.page)).toHaveText('€123.45');
    expect(await cognitoRefreshes(phone.page, (await refreshTokenOf(phone.page)) ?? '')).toBe(true);

    // At once, no waiting for a clock to pass.
    await signInThroughScreens(page, owner.email);
    await page.waitForURL('**/dashboard');
    await expect(totalAvailable(page)).toHaveText('€123.45');
  } finally {
    await phone.context.close();
  }
});

test('"Sign out on all devices" in Settings asks first, then ends every session: this browser and the other', async ({ page, browser }) => {
  const owner = await createOwnCompany(fixtureCloud(), { availableCents: 500 });
  await signIn(page, owner.email);
  await page.waitForURL('**/dashboard');
  const laptop = await englishVisitor(browser);
  try {
    await signIn(laptop.page, owner.email);
    await laptop.page.waitForURL('**/dashboard');

    await new NavBar(page).link('Settings').click();
    const sessions = page.getByRole('region', { name: 'Signed-in devices' });
    await expect(sessions).toContainText('ends the session of this browser only');
    await sessions.getByRole('button', { name: 'Sign out on all devices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out on all devices?' });
    await expect(dialog).toContainText('this one included');
    await expectNoAxeViolations(page);
    // Cancelled, nothing ends.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await laptop.page.reload();
    await expect(totalAvailable(laptop.page)).toHaveText('€5.00');

    await sessions.getByRole('button', { name: 'Sign out on all devices' }).click();
    await dialog.getByRole('button', { name: 'Sign out on all devices' }).click();
    await page.waitForURL('**/login?ended=all-devices');
    // After the answer: the function takes its cut from its own clock while handling the request.
    const endedAt = Date.now();
    await expect(page.getByText('You are signed out on all devices. Sign in again to continue.')).toBeVisible();

    // The other browser's next request is refused, and it lands on the sign-in page.
    await laptop.page.reload();
    await laptop.page.waitForURL('**/login');
    await expect(new LoginPage(laptop.page).email).toBeVisible();

    await pastSessionCut(endedAt);
    await signInThroughScreens(page, owner.email);
    await page.waitForURL('**/dashboard');
  } finally {
    await laptop.context.close();
  }
});
