import { expect, test } from './support/portal';

test.describe('public pages', () => {
  test('an unknown path shows the not-found page with a button to the homepage', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to homepage' }).click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
    await expect(page.getByLabel('E-mail')).toBeVisible();
  });

  test('/404 is the not-found page too', async ({ page }) => {
    await page.goto('/404');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('the footer carries the legal and contact facts, and terms and delivery policy open in a new tab', async ({ page }) => {
    await page.goto('/login');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(/Registration No\./);
    await expect(footer).toContainText(/licence No\. 33/);
    await expect(footer).toContainText(String(new Date().getFullYear()));
    const privacy = footer.getByRole('link', { name: /Privacy policy/ });
    await expect(privacy).toHaveAttribute('target', '_blank');
    await expect(privacy).toHaveAttribute('rel', /noopener/);
    // SPEC section 2: the documents open in a new tab; the page with the footer stays.
    const [terms] = await Promise.all([page.waitForEvent('popup'), footer.getByRole('link', { name: 'Terms and conditions' }).click()]);
    await terms.waitForURL('**/terms');
    await expect(terms.getByRole('heading', { level: 1, name: /terms/i })).toBeVisible();
    const [delivery] = await Promise.all([terms.waitForEvent('popup'), terms.getByRole('contentinfo').getByRole('link', { name: 'Delivery policy' }).click()]);
    await delivery.waitForURL('**/delivery-policy');
    await expect(delivery.getByRole('heading', { level: 1, name: /delivery/i })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the sign-up steps belong to a signed-in company: a visitor is sent to sign in', async ({ page }) => {
    await page.goto('/signup/nonsense');
    await page.waitForURL('**/login');
    await page.goto('/signup/owners');
    await page.waitForURL('**/login');
  });
});

test('a screen that fails to render shows the general error placeholder with a link to /', async ({ page }) => {
  // The terms screen's code never arrives, as on a flaky network after a deploy.
  await page.route(/\/assets\/terms-screen-[\w-]+\.js$/, (route) => route.abort('failed'));
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  const home = page.getByRole('link', { name: 'Go to homepage' });
  await expect(home).toHaveAttribute('href', '/');
  await page.unroute(/\/assets\/terms-screen-[\w-]+\.js$/);
  await home.click();
  await expect(page.getByLabel('E-mail')).toBeVisible();
});
