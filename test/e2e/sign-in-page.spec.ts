import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, LoginPage, signInThroughScreens, test, VerifyPage, visitorTest } from './support/portal';

test.use({ viewport: { width: 375, height: 812 } });

/** A mark on the page's window: still there after a step means the browser did not load another page. */
async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { sameSignInPage: true }));
}
async function isSameWindow(page: Page): Promise<boolean> {
  return page.evaluate(() => 'sameSignInPage' in window);
}

// What the page loads, and when, is checked on the build in delivery.spec.ts.
visitorTest('/login speaks Latvian first, is axe clean with no sideways scroll at 375 px, and switches language', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Pieslēgties' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'lv');
  await expectNoAxeViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no horizontal scrolling at 375 px').toBeLessThanOrEqual(0);

  await page.getByLabel('Valoda').selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // An empty submit is refused on its fields once the rules have loaded, and nothing is sent.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});

test('the SMS step is part of the sign-in page: back to the password step and forward again without loading a page', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await markWindow(page);
  await login.signIn('accountant@demo.local');
  await page.waitForURL('**/phone/verify');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm sign-in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send the code again' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await page.waitForURL('**/login');
  await expect(login.email).toBeVisible();
  await page.goBack();
  await page.waitForURL('**/phone/verify');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm sign-in' })).toBeVisible();
  expect(await isSameWindow(page)).toBe(true);

  await new VerifyPage(page).confirm();
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('someone signed in who opens /login is told who, and Continue leads to their first page', async ({ page }) => {
  await signInThroughScreens(page, 'accountant@demo.local');
  await page.waitForURL('**/dashboard');
  await page.goto('/login');
  const signedIn = page.getByRole('status').filter({ hasText: 'You are signed in as accountant@demo.local.' });
  await expect(signedIn).toBeVisible();
  await signedIn.getByRole('link', { name: 'Continue' }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // Someone else signing in here ends that session: the page no longer names it, even when the attempt fails.
  await page.goto('/login');
  await expect(signedIn).toBeVisible();
  await new LoginPage(page).signIn('owner@demo.local', 'not-the-password');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(signedIn).toBeHidden();
});

test('the sign-in addresses as the router also reads them (a trailing slash, capitals) load the sign-in page', async ({ page }) => {
  for (const path of ['/login/', '/LOGIN', '/Login']) {
    await page.goto(path);
    await page.waitForURL((url) => url.pathname === '/login');
    await expect(new LoginPage(page).email).toBeVisible();
  }
});

test('a link of the portal to sign-in loads the sign-in page', async ({ page }) => {
  await page.goto('/reset/password/request');
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await page.waitForURL('**/login');
  await expect(new LoginPage(page).email).toBeVisible();
});

for (const cut of ['the profile request', 'the portal page'] as const) {
  test(`a sign-in whose portal load is cut off (${cut}) ends busy, says so, and Confirm again goes in`, async ({ page }) => {
    let cuts = 0;
    if (cut === 'the profile request') {
      await page.route('**/users/profile', async (route) => {
        cuts += 1;
        if (cuts === 1) await route.abort('connectionreset');
        else await route.continue();
      });
    } else {
      // The visitor stops the portal's load (Esc, the browser's stop button) before it has answered: the page is held
      // back until the stop, whichever of the two comes first.
      let stopped: () => void = () => undefined;
      const stop = new Promise<void>((resolve) => (stopped = resolve));
      await page.exposeFunction('portalLoadStopped', () => {
        cuts += 1;
        stopped();
      });
      await page.route('**/dashboard', async (route) => {
        if (route.request().resourceType() === 'document' && cuts === 0) await stop;
        await route.fallback();
      });
      await page.addInitScript(() => {
        const navigation = (window as unknown as { navigation: EventTarget }).navigation;
        navigation.addEventListener('navigate', (event) => {
          const to = new URL((event as Event & { destination: { url: string } }).destination.url);
          if (to.pathname !== '/dashboard' || sessionStorage.getItem('stopped')) return;
          sessionStorage.setItem('stopped', 'yes');
          setTimeout(() => {
            window.stop();
            void (window as unknown as { portalLoadStopped: () => Promise<void> }).portalLoadStopped();
          });
        });
      });
    }
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('accountant@demo.local');
    const verify = new VerifyPage(page);
    await verify.confirm();
    await expect(page.getByRole('alert')).toHaveText('Signing in could not finish: the portal did not load. Please try again.');
    await expect(verify.submit).toBeEnabled();
    await expect(verify.submit).not.toHaveAttribute('aria-busy', 'true');
    expect(cuts).toBe(1);

    await verify.submit.click();
    await page.waitForURL('**/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });
}
