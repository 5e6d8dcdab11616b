import AxeBuilder from '@axe-core/playwright';
import { CognitoIdentityProviderClient, InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { expect, test as base, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import * as z from 'zod';
import { profileSchema } from '../../../shared/api/schemas';
import { entryPath } from '../../../frontend/src/app/route-guard/decide-guard';
import { appConfigSchema, type AppConfig } from '../../../frontend/src/lib/config';
import { demoPassword } from '../../../infra/local/demo-data';
import { outboxEntrySchema } from '../../../infra/local/outbox';
import { fixedSmsCode } from '../../../infra/local/settings';
import { apiOrigin, assertCloudRunning } from './test-cloud';

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

/**
 * Signs in through the real screens: e-mail and password, then the SMS code. The sign-in specs and a few journeys walk
 * it; every other spec signs in with `signIn`, which skips the screens it would walk again and again.
 */
export async function signInThroughScreens(page: Page, email: string, password = demoPassword): Promise<void> {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(email, password);
  await new VerifyPage(page).confirm();
}

/**
 * Signs in as the sign-in page would and opens the portal on the page it would open: Cognito's password and SMS steps
 * (the local cloud's fixed code) from the test, the tokens stored where Amplify keeps them, and the user's first page
 * (the portal's own `entryPath` of the profile) loaded. A person's sign-in is what `signInThroughScreens` tests.
 */
export async function signIn(page: Page, email: string, password = demoPassword): Promise<void> {
  const config = appConfigSchema.parse(await (await page.request.get('/config.json')).json());
  const tokens = await cognitoTokens(config, email, password);
  const profile = profileSchema.parse(await (await page.request.get(`${config.apiUrl}/users/profile`, { headers: { authorization: `Bearer ${tokens.accessToken}` } })).json());
  // Any page of the portal's origin will do to write its storage; config.json is the smallest.
  await page.goto('/config.json');
  await page.evaluate((items) => {
    for (const [key, value] of Object.entries(items)) window.localStorage.setItem(key, value);
  }, amplifyStorage(config.userPoolClientId, email, tokens));
  const entry = entryPath(profile);
  if (!entry) throw new Error(`${email} may not use the portal (the sign-in page would say why)`);
  await page.goto(entry);
}

interface CognitoTokens {
  accessToken: string;
  idToken: string;
  refreshToken: string;
}

async function cognitoTokens(config: AppConfig, email: string, password: string): Promise<CognitoTokens> {
  const cognito = new CognitoIdentityProviderClient({ region: config.region, endpoint: config.cognitoEndpoint ?? undefined, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    const first = await cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }));
    const second =
      first.ChallengeName === 'SMS_MFA'
        ? await cognito.send(new RespondToAuthChallengeCommand({ ChallengeName: 'SMS_MFA', ClientId: config.userPoolClientId, Session: first.Session, ChallengeResponses: { USERNAME: email, SMS_MFA_CODE: fixedSmsCode } }))
        : first;
    const result = second.AuthenticationResult;
    if (!result?.AccessToken || !result.IdToken || !result.RefreshToken) throw new Error(`no tokens for ${email} (challenge ${second.ChallengeName ?? 'none'})`);
    return { accessToken: result.AccessToken, idToken: result.IdToken, refreshToken: result.RefreshToken };
  } finally {
    cognito.destroy();
  }
}

/** Amplify v6's keys for a signed-in user (its TokenStore), as the sign-in page leaves them. */
function amplifyStorage(clientId: string, username: string, tokens: CognitoTokens): Record<string, string> {
  const user = `CognitoIdentityServiceProvider.${clientId}.${username}`;
  return {
    [`CognitoIdentityServiceProvider.${clientId}.LastAuthUser`]: username,
    [`${user}.accessToken`]: tokens.accessToken,
    [`${user}.idToken`]: tokens.idToken,
    [`${user}.refreshToken`]: tokens.refreshToken,
    [`${user}.clockDrift`]: '0',
    [`${user}.signInDetails`]: JSON.stringify({ loginId: username, authFlowType: 'USER_PASSWORD_AUTH' }),
  };
}

/** The e-mails in the local outbox to an address, newest first. */
export async function emailsTo(request: APIRequestContext, email: string) {
  const answer = await request.get(`${apiOrigin()}/local/outbox.json`);
  return z.array(outboxEntrySchema).parse(await answer.json()).filter((entry) => entry.channel === 'email' && entry.to === email);
}

/** The path of the newest link to `path` (e.g. '/reset/password') e-mailed to an address, as a user would open it. */
export async function emailedLinkPath(request: APIRequestContext, email: string, path: string): Promise<string> {
  const link = (await emailsTo(request, email)).flatMap((entry) => entry.body.match(new RegExp(`${path}/\\S+`)) ?? [])[0];
  if (!link) throw new Error(`no ${path} link for ${email} in the outbox`);
  return link;
}

/** The dashboard's total available: the main account as the company sees it. */
export function totalAvailable(page: Page): Locator {
  return page.locator('.dashboard-balances__list div').filter({ hasText: 'Total available' }).locator('dd');
}

/** Resolves once no loading skeleton is on the page: the screen itself has rendered. */
export async function screenLoaded(page: Page): Promise<void> {
  await expect(page.getByRole('status', { name: 'Loading…' })).toHaveCount(0);
}

/**
 * axe-core's violations on the page, one line each with the elements at fault. axe runs inside the page ("legacy
 * mode"): the default runs it per frame and then again in a new blank page to merge the frames' results, which the
 * portal, with no frames, does not need, and it costs a page per check. Only violations are gathered in full: the
 * rules and what they find are the same, and the other result types (passes, inapplicable) are never read. Together
 * a check takes a third of the time (21 checks: 23.1 s, now 8.4 s).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  // A page the browser has just loaded may not have rendered yet (the portal starts after config.json and its texts);
  // every screen has its h1, which axe asks for anyway.
  await expect(page.locator('h1').first()).toBeVisible();
  await screenLoaded(page);
  expect(await axeViolations(page), `axe violations on ${page.url()}`).toEqual([]);
}

/** Every test first finds its worker's cloud running, or fails saying why it stopped. */
const withRunningCloud = base.extend<{ runningCloud: void }>({
  runningCloud: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      assertCloudRunning();
      await use();
    },
    { auto: true },
  ],
});

/**
 * A first-time visitor sees Latvian (SPEC section 1, session default lv). Most specs read English labels, so they
 * start as a visitor who chose English before.
 */
export const test = withRunningCloud.extend<{ english: void }>({
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
export const visitorTest = withRunningCloud;
