import { expect, expectNoAxeViolations, signIn, test } from './support/portal';

const publicPaths = [
  '/login',
  '/signup',
  '/terms',
  '/delivery-policy',
  '/phone/setup',
  '/404',
];
const protectedPaths = ['/dashboard', '/transactions', '/users', '/users/some-employee', '/messaging', '/reporting', '/settings'];

test.describe('axe-core finds no violations', () => {
  for (const path of publicPaths) {
    test(`on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('on a confirmation link that is not valid, once its answer is shown', async ({ page }) => {
    await page.goto('/users/email/confirm/some-token');
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('on the SMS code page', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill('accountant@demo.local');
    await page.getByLabel('Password').fill('Demo-Pass-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/phone/verify');
    await page.getByLabel('SMS code').waitFor();
    await expectNoAxeViolations(page);
  });

  test('on every protected page, signed in', async ({ page }) => {
    await signIn(page, 'accountant@demo.local');
    await page.waitForURL('**/dashboard');
    for (const path of protectedPaths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
});
