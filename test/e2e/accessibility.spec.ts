import { axeViolations, expect, expectNoAxeViolations, signIn, test } from './support/portal';

const publicPaths = [
  '/login',
  '/signup',
  '/terms',
  '/delivery-policy',
  '/phone/setup',
  '/404',
];
const protectedPaths = ['/dashboard', '/transactions', '/users', '/users/some-employee', '/messaging', '/reporting', '/settings'];

test('the check finds what it looks for: a planted image without text, low contrast and an unnamed button fail it', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) throw new Error('no main');
    main.insertAdjacentHTML('beforeend', '<img src="/favicon.svg"><p style="color:#ddd;background:#fff">Pale text</p><button type="button"></button>');
  });
  const found = (await axeViolations(page)).map((line) => line.split(':')[0]);
  expect(found).toEqual(expect.arrayContaining(['image-alt', 'color-contrast', 'button-name']));
});

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
