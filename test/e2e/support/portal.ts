import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import * as z from 'zod';
import { demoPassword } from '../../../infra/local/demo-data';
import { outboxEntrySchema } from '../../../infra/local/outbox';
import { fixedSmsCode, portProfiles } from '../../../infra/local/settings';

export { expect };

export class LoginPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;

  constructor(private readonly page: Page) {
    this.email = page.getByLabel('E-mail');
    this.password = page.getByLabel('Password');
    this.submit = page.getByRole('button', { name: 'Sign in' });
  }

  async open(): Promise<void> {
    await this.page.goto('/login');
    await expect(this.email).toBeVisible();
  }

  async signIn(email: string, password = demoPassword): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}

export class VerifyPage {
  readonly code: Locator;
  readonly submit: Locator;

  constructor(private readonly page: Page) {
    this.code = page.getByLabel('SMS code');
    this.submit = page.getByRole('button', { name: 'Confirm' });
  }

  async confirm(code = fixedSmsCode): Promise<void> {
    await this.page.waitForURL('**/phone/verify');
    await this.code.fill(code);
    await this.submit.click();
  }
}

export class NavBar {
  readonly root: Locator;

  constructor(private readonly page: Page) {
    this.root = page.getByRole('navigation', { name: 'Main' });
  }

  link(name: string): Locator {
    return this.root.getByRole('link', { name, exact: true });
  }

  get language(): Locator {
    return this.page.getByLabel('Language');
  }

  get company(): Locator {
    return this.page.getByLabel('Company');
  }

  get logout(): Locator {
    return this.page.getByRole('button', { name: 'Log out' });
  }
}

/** Signs in through the real screens: e-mail and password, then the SMS code. */
export async function signIn(page: Page, email: string, password = demoPassword): Promise<void> {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(email, password);
  await new VerifyPage(page).confirm();
}

/** The e-mails in the local outbox to an address, newest first. */
export async function emailsTo(request: APIRequestContext, email: string) {
  const answer = await request.get(`http://localhost:${portProfiles.test.api}/local/outbox.json`);
  return z.array(outboxEntrySchema).parse(await answer.json()).filter((entry) => entry.channel === 'email' && entry.to === email);
}

/** The path of the newest link to `path` (e.g. '/reset/password') e-mailed to an address, as a user would open it. */
export async function emailedLinkPath(request: APIRequestContext, email: string, path: string): Promise<string> {
  const link = (await emailsTo(request, email)).flatMap((entry) => entry.body.match(new RegExp(`${path}/\\S+`)) ?? [])[0];
  if (!link) throw new Error(`no ${path} link for ${email} in the outbox`);
  return link;
}

/** Resolves once no loading skeleton is on the page: the screen itself has rendered. */
export async function screenLoaded(page: Page): Promise<void> {
  await expect(page.getByRole('status', { name: 'Loading…' })).toHaveCount(0);
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  // A page the browser has just loaded may not have rendered yet (the portal starts after config.json and its texts);
  // every screen has its h1, which axe asks for anyway.
  await expect(page.locator('h1').first()).toBeVisible();
  await screenLoaded(page);
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * A first-time visitor sees Latvian (SPEC section 1, session default lv). Most specs read English labels, so they
 * start as a visitor who chose English before.
 */
export const test = base.extend<{ english: void }>({
  english: [
    async ({ context }, use) => {
      await context.addInitScript(() => {
        if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', 'en');
      });
      await use();
    },
    { auto: true },
  ],
});

/** A second person in the same test (their own browser context), who chose English as the specs' visitors do. */
export async function englishVisitor(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await context.addInitScript(() => window.localStorage.setItem('language', 'en'));
  return { context, page: await context.newPage() };
}

/** Without the English preset: what a first-time visitor sees. */
export const visitorTest = base;
