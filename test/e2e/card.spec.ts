import type { APIRequestContext } from '@playwright/test';
import * as z from 'zod';
import { outboxEntrySchema } from '../../infra/local/outbox';
import { demoCardholderPhone } from '../../infra/local/demo-data';
import { apiOrigin } from './support/test-cloud';
import { expect, expectNoAxeViolations, screenLoaded, test } from './support/portal';

test.use({ viewport: { width: 375, height: 812 } });

/**
 * The 20th employee of Cēsu Flote (fleet-emp-020): seeded with an active card and app access; no other spec uses it.
 * A wrong phone fails the test, since no code would arrive.
 */
const phone = demoCardholderPhone('fleet', 19);

/** The code of the first text to the phone sent since `since`, read from the local outbox as the employee reads the SMS. */
async function textedCode(request: APIRequestContext, since: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get(`${apiOrigin()}/local/outbox.json`);
      const texts = z.array(outboxEntrySchema).parse(await answer.json());
      code = texts.find((entry) => entry.channel === 'sms' && entry.to === `+${phone}` && Date.parse(entry.at) >= since)?.code;
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
  await expect(page.getByRole('heading', { level: 2, name: 'Recent transactions' })).toBeVisible();
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
