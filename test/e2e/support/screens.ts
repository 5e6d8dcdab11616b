import type { BrowserContext, Page } from '@playwright/test';
import { languageSchema, type Language } from '../../../shared/languages';
import { pageEntries, pageOfPath } from '../../../shared/page-entries';
import { paths } from '../../../shared/routes';
import { expect, signIn } from './portal';

/** The widths every screen must read at (issue 16): a phone, a tablet, a small laptop, a desktop. */
export const layoutWidths = [375, 768, 1024, 1440] as const;

/** One screen to visit: where it is, and how a list's first row gives the path of a detail screen. */
export interface ScreenVisit {
  name: string;
  /** A path, or a list path whose first link starting with `linkPrefix` leads to the screen (a user, an application). */
  path: string;
  linkPrefix?: string;
}

/** Who walks which screens: a visitor, each company role, a company in onboarding and the provider admin. */
export interface ScreenTour {
  name: string;
  signInAs?: string;
  screens: readonly ScreenVisit[];
  /**
   * Each screen loaded afresh, where the next screen is the same component as the one before (the sign-up steps keep
   * their heading): a visit inside the loaded portal would find no new heading to wait for.
   */
  loadEachScreen?: true;
}

const companyScreens: readonly ScreenVisit[] = [
  { name: 'dashboard', path: paths.dashboard },
  { name: 'transactions', path: paths.transactions },
  { name: 'users', path: paths.users },
  { name: 'user', path: paths.users, linkPrefix: '/users/' },
  { name: 'messaging', path: paths.messaging },
  { name: 'reporting', path: paths.reporting },
  { name: 'settings', path: paths.settings },
  { name: 'activity', path: paths.activity },
];

/** Reporting > Invoices (issue 34): owners and accountants only, so not in every company role's tour. */
const invoiceScreens: readonly ScreenVisit[] = [{ name: 'reporting-invoices', path: paths.reportingInvoices }];

/**
 * The screens with lists, read by the owner of the heavy company (heavy-company.ts) in the heavy layout check and
 * `npm run screenshots -- --heavy`: every list full, every name as long as the forms take.
 */
export const heavyScreens: readonly ScreenVisit[] = [
  // Messaging lists chats the heavy company has none of.
  ...companyScreens.filter((screen) => screen.name !== 'messaging'),
  { name: 'integrations', path: paths.integrations },
  { name: 'funding-schedules', path: paths.fundingSchedules },
];

/** The tour of the heavy company's owner (seeded by the caller, whose e-mail it signs in with). */
export function heavyTour(ownerEmail: string): ScreenTour {
  return { name: 'heavy', signInAs: ownerEmail, screens: heavyScreens };
}

const signupSteps = ['general', 'representatives', 'owners', 'true_beneficiary', 'political_importance', 'financial_information'];

export const screenTours: readonly ScreenTour[] = [
  {
    name: 'visitor',
    screens: [
      { name: 'login', path: paths.login },
      { name: 'signup', path: paths.signup },
      { name: 'reset-request', path: paths.resetRequest },
      { name: 'reset', path: '/reset/password/not-a-real-token' },
      { name: 'email-confirm', path: '/users/email/confirm/not-a-real-token' },
      { name: 'phone-setup', path: paths.phoneSetup },
      { name: 'terms', path: paths.terms },
      { name: 'delivery-policy', path: paths.deliveryPolicy },
      { name: 'card', path: paths.card },
      { name: 'not-found', path: paths.notFound },
    ],
  },
  { name: 'owner', signInAs: 'owner@demo.local', screens: [...companyScreens, ...invoiceScreens] },
  { name: 'manager', signInAs: 'manager@demo.local', screens: companyScreens },
  { name: 'accountant', signInAs: 'accountant@demo.local', screens: [...companyScreens, ...invoiceScreens] },
  {
    name: 'onboarding',
    signInAs: 'onboarding@demo.local',
    screens: signupSteps.map((step) => ({ name: `signup-${step}`, path: `/signup/${step}` })),
    loadEachScreen: true,
  },
  { name: 'pending', signInAs: 'pending@demo.local', screens: [{ name: 'pending-approval', path: paths.dashboard }] },
  {
    name: 'admin',
    signInAs: 'admin@demo.local',
    screens: [
      { name: 'admin-applications', path: paths.admin },
      { name: 'admin-application', path: paths.admin, linkPrefix: '/admin/applications/' },
      { name: 'admin-prices', path: paths.adminPrices },
      { name: 'admin-top-ups', path: paths.adminTopUps },
      { name: 'admin-invoices', path: paths.adminInvoices },
      { name: 'admin-messaging', path: paths.adminMessaging },
    ],
  },
];

/**
 * Shows a tour's screens in a language: a visitor's stored choice, or for a signed-in tour the profile the browser
 * receives, rewritten here, so that signing in still reads English labels and no demo user's saved language changes.
 * `showLanguage` then changes it in the page as the switcher does; the language it saves is answered here and never
 * reaches the server (and ru, which the switcher offers only to a profile that holds it, is reachable the same way).
 * Call it after the English default has been stored.
 */
export async function showScreensIn(context: BrowserContext, tour: ScreenTour, language: Language): Promise<void> {
  if (!tour.signInAs) {
    // Once per tab: a later choice (showLanguage) is the stored one from then on.
    await context.addInitScript((chosen) => {
      if (window.sessionStorage.getItem('layout-language-set')) return;
      window.sessionStorage.setItem('layout-language-set', 'yes');
      window.localStorage.setItem('language', chosen);
    }, language);
    return;
  }
  let shown = language;
  await context.route(
    (url) => url.pathname.endsWith('/users/language'),
    async (route) => {
      if (route.request().method() !== 'PATCH') return route.fallback();
      shown = languageSchema.parse((route.request().postDataJSON() as { language?: unknown }).language);
      // The portal's API is another origin: the answer made here carries the CORS headers the real one would.
      const origin = route.request().headers().origin ?? '*';
      return route.fulfill({ json: { language: shown }, headers: { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' } });
    },
  );
  await context.route(
    (url) => url.pathname.endsWith('/users/profile'),
    async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const response = await route.fetch();
      if (!response.ok()) return route.fulfill({ response });
      const profile = (await response.json()) as Record<string, unknown>;
      return route.fulfill({ response, json: { ...profile, language: shown } });
    },
  );
}

/**
 * Changes the language of the screen shown, as its language switcher does (the portal's, or a small page's), and waits
 * until the screen reads it with its data. The switcher offers ru only to a profile that holds it: that option is
 * lent to the select for the choice. A page without a switcher is loaded again with the language stored.
 */
export async function showLanguage(page: Page, language: Language): Promise<void> {
  if ((await page.locator('html').getAttribute('lang')) === language) return;
  const switched = await page.evaluate((chosen) => {
    const select = document.querySelector<HTMLSelectElement>('.language-switcher select');
    if (!select) {
      window.localStorage.setItem('language', chosen);
      return false;
    }
    // A profile in ru sees ru among the options; until the page shows it, the option is lent for the choice.
    const lent = [...select.options].some((option) => option.value === chosen) ? null : select.appendChild(new Option(chosen, chosen));
    select.value = chosen;
    select.dispatchEvent(new Event('change', { bubbles: true }));
    lent?.remove();
    return true;
  }, language);
  if (!switched) await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await screenSettled(page);
}

/** Signs in for a tour; a visitor stays signed out. */
export async function startTour(page: Page, tour: ScreenTour): Promise<void> {
  if (!tour.signInAs) return;
  await signIn(page, tour.signInAs);
  await page.waitForURL((url) => !url.pathname.startsWith('/phone/'));
}

/** Opens a screen and waits until it has rendered: no skeleton, no page loader, fonts laid out. */
export async function openScreen(page: Page, screen: ScreenVisit, tour?: ScreenTour): Promise<void> {
  if (tour?.loadEachScreen) await page.goto(screen.path);
  else await visit(page, screen.path);
  if (screen.linkPrefix) {
    const link = page.locator(`main a[href^="${screen.linkPrefix}"]`).first();
    await link.waitFor();
    const href = await link.getAttribute('href');
    if (!href) throw new Error(`no link to ${screen.linkPrefix}… on ${screen.path}`);
    await visit(page, href);
  }
  await screenSettled(page);
}

async function screenSettled(page: Page): Promise<void> {
  await page.locator('main, [role="main"]').first().waitFor();
  // The layout is read with the data, not the loaders, whatever the language: no skeleton (the page loader, a list's
  // rows) and nothing aria-busy (a status badge's aria-busy is work on the server, a report being made: it may last).
  await expect(page.locator('.skeleton')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('[aria-busy="true"]:not(.status-badge)')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
}

/**
 * Goes to `path` as a person following a link does: inside the portal already loaded, its router shows the screen (a
 * full load of the portal for every screen was most of the layout check's time); any other page is loaded. The
 * headings of the screen left are marked first, and the new screen counts as shown once a heading without the mark is
 * (a screen of another component always brings its own heading).
 */
async function visit(page: Page, path: string): Promise<void> {
  const here = page.url().startsWith('http') ? new URL(page.url()).pathname : null;
  if (here === null || pageOfPath(here) !== pageEntries.portal || pageOfPath(path) !== pageEntries.portal || here === path) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    for (const heading of document.querySelectorAll('h1')) heading.setAttribute('data-left-screen', '');
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await page.locator('h1:not([data-left-screen])').first().waitFor();
}

/** Where a screen does not fit: the screen, width and language, and what is wrong there. */
export interface ScreenCheck {
  at: string;
  problems: LayoutProblems;
}

/**
 * Reads the screen shown in each language at each width and answers where it does not fit (nothing when it fits
 * everywhere). It starts with the language shown, and each language's widths start at the width the last one ended
 * at, so no language is switched or window resized more than needed.
 */
export async function screenLayoutProblems(page: Page, screen: ScreenVisit, languages: readonly Language[], widths: readonly number[]): Promise<ScreenCheck[]> {
  const shown = await page.locator('html').getAttribute('lang');
  const order = [...languages].sort((a, b) => Number(b === shown) - Number(a === shown));
  const found: ScreenCheck[] = [];
  for (const language of order) {
    await showLanguage(page, language);
    const ordered = page.viewportSize()?.width === widths.at(-1) ? [...widths].reverse() : widths;
    for (const width of ordered) {
      await page.setViewportSize({ width, height: 900 });
      // The layout settles within a frame of the resize; reading it then is reading what the user sees.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const problems = await layoutProblems(page);
      if (problems.pageOverflow > 0 || problems.clippedRegions.length > 0 || problems.brokenWords.length > 0) found.push({ at: `${screen.name} at ${width} px in ${language}`, problems });
    }
  }
  return found;
}

/** What is wrong with the layout the page shows now; empty when it reads well. */
export interface LayoutProblems {
  /** How many px the page is wider than the window (0 when it does not scroll sideways). */
  pageOverflow: number;
  /**
   * Scrolling regions (tables) whose content is wider than they are, and boxes whose own text runs out of them (into
   * what stands beside), with by how much.
   */
  clippedRegions: string[];
  /** Words broken across two lines, with the element they are in. */
  brokenWords: string[];
}

/**
 * Reads the layout in the page itself. A word is one run of letters and digits (hyphens, slashes, '@' and dots
 * may break, as a browser's own line breaking does); it is broken when its text spans two line boxes.
 */
export async function layoutProblems(page: Page): Promise<LayoutProblems> {
  return page.evaluate(() => {
    const describe = (element: Element): string => {
      const id = element.id ? `#${element.id}` : '';
      const classes = typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
      return `${element.tagName.toLowerCase()}${id}${classes}`;
    };
    const visible = (element: Element): boolean => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none';
    };
    const clippedRegions: string[] = [];
    const hasText = (element: Element) => [...element.childNodes].some((child) => child.nodeType === Node.TEXT_NODE && (child.textContent ?? '').trim() !== '');
    for (const element of document.querySelectorAll('body *')) {
      const style = getComputedStyle(element);
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      // Text that runs out of its box into the next one (a term into its value): a box that lets it show, holding it.
      const spills = style.overflowX === 'visible' && style.display !== 'inline' && style.display !== 'contents' && hasText(element);
      if ((!scrolls && !spills) || !visible(element)) continue;
      const excess = element.scrollWidth - element.clientWidth;
      if (excess > 1) clippedRegions.push(`${spills ? 'text runs out of ' : ''}${describe(element)} +${excess}px`);
    }
    const brokenWords: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !visible(parent) || parent.closest('.visually-hidden, [aria-hidden="true"], script, style')) continue;
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/[\p{L}\p{N}]{2,}/gu)) {
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) brokenWords.push(`"${match[0]}" in ${describe(parent)}`);
      }
    }
    return {
      pageOverflow: Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
      clippedRegions,
      brokenWords: [...new Set(brokenWords)],
    };
  });
}
