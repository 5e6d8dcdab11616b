import type { APIRequestContext } from '@playwright/test';
import * as z from 'zod';
import { outboxEntrySchema } from '../../infra/local/outbox';
import { demoCardholderPhone } from '../../infra/local/demo-data';
import { formatDate } from '@shared/date-format';
import { entities, keys } from '@functions/platform/keys';
import { createOwnCompany, putItems } from '../integration/company-fixtures';
import { claimCardholderPhone } from '../integration/cardholder-fixtures';
import { putEmployees, type FixtureEmployee } from '../integration/funding-fixtures';
import { employeePaymentItem } from '../integration/transaction-fixtures';
import { fixtureCloud } from './support/fixture-cloud';
import { layoutProblems } from './support/screens';
import { apiOrigin } from './support/test-cloud';
import { expect, expectNoAxeViolations, screenLoaded, signIn, test } from './support/portal';
import { userPage } from './support/users';

test.use({ viewport: { width: 375, height: 812 } });

/**
 * The 20th employee of Cēsu Flote (fleet-emp-020): seeded with an active card and app access; no other spec uses it.
 * A wrong phone fails the test, since no code would arrive.
 */
const phone = demoCardholderPhone('fleet', 19);

/** The code of the first text to `to` sent since `since`, read from the local outbox as the employee reads the SMS. */
async function textedCode(request: APIRequestContext, since: number, to = phone): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get(`${apiOrigin()}/local/outbox.json`);
      const texts = z.array(outboxEntrySchema).parse(await answer.json());
      code = texts.find((entry) => entry.channel === 'sms' && entry.to === `+${to}` && Date.parse(entry.at) >= since)?.code;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code ?? '';
}

test('an employee signs in by phone and SMS code, sees the card, blocks and unblocks it and signs out, at 375 px', async ({ page, request }) => {
  await page.goto('/card');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your card' })).toBeVisible();
  await expectNoAxeViolations(page);

  const phoneField = page.getByLabel('Phone');
  await phoneField.fill('+371 2000');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Enter the country code and the number, digits only, without a plus sign')).toBeVisible();

  await phoneField.fill(phone);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter the SMS code' })).toBeVisible();
  await expect(page.getByText(`+${phone}`, { exact: false })).toBeVisible();
  const code = await textedCode(request, since);
  await expectNoAxeViolations(page);

  const codeField = page.getByLabel('SMS code');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid code')).toBeVisible();
  await codeField.fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'My card' })).toBeVisible();
  await screenLoaded(page);
  const summary = page.getByRole('region', { name: /^Card ending \d{4}$/ });
  await expect(summary.getByText('Active', { exact: true })).toBeVisible();
  await expect(summary.getByRole('definition').first()).toHaveText(/^€[\d,]+\.\d{2}$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Card history' })).toBeVisible();
  await expectNoAxeViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no horizontal scrolling at 375 px').toBeLessThanOrEqual(0);

  // Escape leaves the card as it was.
  await page.getByRole('button', { name: 'Block card' }).click();
  const blockDialog = page.getByRole('dialog', { name: 'Block the card?' });
  await expect(blockDialog.getByText('The monthly fee is still charged while the card is blocked.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(blockDialog).toBeHidden();
  await expect(summary.getByText('Active', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Block card' }).click();
  await expectNoAxeViolations(page);
  await blockDialog.getByRole('button', { name: 'Block card' }).click();
  await expect(blockDialog).toBeHidden();
  await expect(summary.getByText('Blocked (temporarily)')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'The card is blocked.' })).toBeVisible();
  await expect(summary.getByText('The monthly fee is still charged while the card is blocked.')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Unblock card' }).click();
  const unblockDialog = page.getByRole('dialog', { name: 'Unblock the card?' });
  await unblockDialog.getByRole('button', { name: 'Unblock card' }).click();
  await expect(unblockDialog).toBeHidden();
  await expect(summary.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Block card' })).toBeVisible();

  // The session lives in this tab: a reload keeps it, signing out ends it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My card' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your card' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your card' })).toBeVisible();
});

test('the card page speaks Latvian, and its switcher changes the language', async ({ page }) => {
  await page.goto('/card');
  await page.getByLabel('Language').selectOption('lv');
  await expect(page.getByRole('heading', { level: 1, name: 'Pieslēgšanās kartei' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'lv');
  await expectNoAxeViolations(page);
  await page.getByLabel('Valoda').selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your card' })).toBeVisible();
});

/**
 * Thirty earlier fundings and four payments, one of them reversed, written straight to the table as the ledger and the
 * authorization flow leave them (her card account's legs in her statement, gsi1), each a day apart before today.
 */
async function pastHistory(companyId: string, employee: FixtureEmployee): Promise<void> {
  const dayMs = 86_400_000;
  const fundings = Array.from({ length: 30 }, (_, index) => {
    const at = new Date(Date.now() - (index + 1) * dayMs).toISOString();
    const movementId = `e2e-funding-${index}`;
    return {
      ...keys.ledgerEntry(companyId, at, movementId, 1),
      ...keys.employeeLedgerEntry(companyId, employee.employeeId, at, movementId, 1),
      entity: entities.ledgerEntry,
      companyId,
      movementId,
      kind: 'employee_funding',
      description: 'Bonus',
      employeeId: employee.employeeId,
      account: `employee:${employee.employeeId}`,
      amountCents: 5_000 + index * 100,
      at,
    };
  });
  const statuses = ['regular', 'reversed', 'regular', 'authorization'] as const;
  const payments = statuses.map((status, index) => {
    const executedAt = new Date(Date.now() - (index * 7 + 0.5) * dayMs).toISOString();
    const employeeSeq = statuses.length - index;
    return employeePaymentItem(companyId, employee, { employeeSeq, status, amountCents: -(1_299 + index), executedAt, description: `Maxima XX veikals Rīgā, Brīvības iela ${index + 1}`, merchant: 'Maxima' });
  });
  await putItems(fixtureCloud(), [...fundings, ...payments]);
}

test('a manager funds an employee, and her card page shows the money received with the date and the company, a reversed payment as returned, at 375 and 1440 px', async ({ page, browser, request }) => {
  test.slow();
  const cloud = fixtureCloud();
  const company = await createOwnCompany(cloud, { role: 'manager', availableCents: 100_000 });
  const [ilze] = (await putEmployees(cloud, company.companyId, 1, 'active', 'card-history')) as [FixtureEmployee];
  await claimCardholderPhone(cloud, company.companyId, ilze);
  await pastHistory(company.companyId, ilze);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, company.email);
  await page.goto(`/users/${ilze.employeeId}`);
  const user = userPage(page);
  await user.money.getByRole('button', { name: 'Add funds' }).click();
  await page.getByRole('dialog', { name: `Add funds to ${ilze.name} ${ilze.surname}` }).getByLabel('Amount, EUR').fill('25.50');
  await page.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm the transfer' });
  await confirm.getByRole('button', { name: 'Transfer' }).click();
  await expect(user.notice('The funds were added')).toBeVisible();

  // Her own browser, English until she chooses (Russian is not in the switcher: a stored choice shows it).
  const employeeContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await employeeContext.addInitScript(() => {
    if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', 'en');
  });
  const card = await employeeContext.newPage();
  await card.goto('/card');
  await card.getByLabel('Phone').fill(ilze.phone);
  const since = Date.now();
  await card.getByRole('button', { name: 'Send code' }).click();
  await card.getByLabel('SMS code').fill(await textedCode(request, since, ilze.phone));
  await card.getByRole('button', { name: 'Sign in' }).click();

  // Named in the language shown: English first, then Latvian and Russian.
  const history = card.getByRole('region', { name: /^(Card history|Kartes vēsture|История карты)$/ });
  const newest = history.getByRole('listitem').first();
  await expect(newest).toContainText('Money received');
  await expect(newest).toContainText(`From ${company.name}`);
  await expect(newest).toContainText(formatDate(new Date()));
  await expect(newest).toContainText('+€25.50');
  await expect(history).not.toContainText(/\d{4}-\d{2}-\d{2}/);

  const returned = history.getByRole('listitem').filter({ hasText: 'Returned' });
  await expect(returned).toHaveCount(1);
  await expect(returned).toContainText('+€13.00');
  await expect(returned).not.toContainText('-€');

  // Thirty-five lines: the first page shows twenty, the rest come below on request.
  await expect(history.getByRole('listitem')).toHaveCount(20);
  await history.getByRole('button', { name: 'Show older' }).click();
  await expect(history.getByRole('listitem')).toHaveCount(35);
  await expect(history.getByRole('button', { name: 'Show older' })).toBeHidden();
  await expectNoAxeViolations(card);

  for (const language of ['lv', 'ru'] as const) {
    if (language === 'lv') await card.getByLabel('Language').selectOption('lv');
    else {
      await card.evaluate(() => window.localStorage.setItem('language', 'ru'));
      await card.reload();
    }
    await expect(history.getByRole('listitem').filter({ hasText: language === 'lv' ? 'Atgriezts' : 'Возврат' })).toHaveCount(1);
    // Switched in the page, the history keeps the lines it showed, now in Latvian; a reload shows its first page again.
    if (language === 'ru') await history.getByRole('button', { name: 'Показать более ранние' }).click();
    await expect(history.getByRole('listitem')).toHaveCount(35);
    for (const width of [375, 1440]) {
      await card.setViewportSize({ width, height: 900 });
      expect(await layoutProblems(card), `${language} at ${width} px`).toEqual({ pageOverflow: 0, clippedRegions: [], brokenWords: [] });
    }
  }
  await employeeContext.close();
});
