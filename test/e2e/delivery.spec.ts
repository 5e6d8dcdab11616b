import type { Page } from '@playwright/test';
import { expect, test } from './support/portal';

/**
 * The production build as the preview serves it, which is as CloudFront serves it (issue 19): compressed, hashed
 * files cached for a year, pages revalidated, and the employees' /card page and the staff's sign-in small entries of
 * their own.
 */
test.use({ viewport: { width: 375, height: 812 } });

/** The parts of the staff portal a small page must not load at first. */
const portalParts = ['vendor-i18n', 'vendor-router', 'vendor-query', 'amplify-client', 'index-'];

/**
 * Opens a page and lets it settle; the scripts it fetched, kept up to date as it goes on loading. The page loaded none
 * of `notYet` (nor the portal's parts).
 */
async function firstLoad(page: Page, path: string, notYet: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  for (const part of [...portalParts, notYet]) expect(scripts.filter((script) => script.includes(part)), part).toEqual([]);
  return scripts;
}

test("/card loads none of the portal's shell, and zod with its calls only once the employee starts typing", async ({ page }) => {
  await firstLoad(page, '/card', 'card-calls');

  const calls = page.waitForRequest((request) => request.url().includes('card-calls'));
  await page.getByRole('textbox').first().focus();
  await calls;
});

test("/login loads none of the portal's shell, and config, zod and Amplify only once the visitor focuses the form", async ({ page }) => {
  const scripts = await firstLoad(page, '/login', 'sign-in-calls');
  expect(scripts.some((script) => /\/assets\/sign-in-[\w-]+\.js$/.test(script)), scripts.join(', ')).toBe(true);

  const amplify = page.waitForRequest((request) => request.url().includes('amplify-client'));
  await page.getByLabel('E-mail').focus();
  await amplify;
  expect(scripts.filter((script) => script.includes('sign-in-calls'))).toHaveLength(1);
});

test('hashed files come compressed and cached for a year; pages come compressed and revalidated', async ({ page, request }) => {
  await page.goto('/card');
  const script = await page.locator('script[type="module"][src^="/assets/"]').first().getAttribute('src');
  expect(script).toBeTruthy();

  const asset = await request.get(script ?? '', { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(asset.status()).toBe(200);
  expect(asset.headers()['content-encoding']).toBe('br');
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['vary']).toBe('Accept-Encoding');
  expect(asset.headers()['content-type']).toMatch(/^text\/javascript/);

  const gzipped = await request.get(script ?? '', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(gzipped.headers()['content-encoding']).toBe('gzip');
  // Both decode to the same script.
  expect((await gzipped.body()).equals(await asset.body())).toBe(true);

  for (const path of ['/card', '/login', '/dashboard']) {
    const html = await request.get(path, { headers: { 'Accept-Encoding': 'br' } });
    expect(html.headers()['content-type'], path).toMatch(/^text\/html/);
    expect(html.headers()['cache-control'], path).toBe('no-cache');
  }
  // Each page is its own entry.
  expect(await (await request.get('/card')).text()).toMatch(/src="\/assets\/card-[\w-]+\.js"/);
  expect(await (await request.get('/login')).text()).toMatch(/src="\/assets\/sign-in-[\w-]+\.js"/);
  expect(await (await request.get('/dashboard')).text()).toMatch(/src="\/assets\/index-[\w-]+\.js"/);
});
