import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { dayText, rigaDateOf } from '@shared/dates';
import { expect, expectNoAxeViolations, screenLoaded, signIn, test } from './support/portal';
import { dateBox, dayAfter, dayButton, monthOf, openCalendar, typeDay } from './support/pickers';

// Baltic Logistics' accountant: the demo seed gives the company a year of card payments. Other suites never add to it
// in this run, but every expectation is read from the screen rather than from the seed's numbers.
const accountant = 'accountant@demo.local';

async function openTransactions(page: Page): Promise<void> {
  await signIn(page, accountant);
  await page.waitForURL('**/dashboard');
  await page.goto('/transactions');
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  await screenLoaded(page);
}

const table = (page: Page) => page.getByRole('table', { name: 'Card transactions' });
const rows = (page: Page) => table(page).getByRole('row').filter({ has: page.getByRole('rowheader') });

/** The count in 'Transactions: N · Total: €…', once the page's answer is there. */
async function totalCount(page: Page): Promise<number> {
  const total = page.getByText(/^Transactions: \d+ · Total: /);
  await expect(total).toBeVisible();
  return Number(/Transactions: (\d+)/.exec((await total.textContent()) ?? '')?.[1]);
}

test('the list pages by 10 with its total, narrows by period, group, search and dates, and passes axe', async ({ page }) => {
  await openTransactions(page);
  const all = await totalCount(page);
  expect(all).toBeGreaterThan(100);
  await expect(rows(page)).toHaveCount(10);
  await expect(table(page).getByText(/^(Pending|Processed|Reversed)$/).first()).toBeVisible();
  await expectNoAxeViolations(page);

  const pagination = page.getByRole('navigation', { name: 'Pages' });
  const firstOfPage1 = await rows(page).first().textContent();
  await pagination.getByRole('button', { name: 'Next page' }).click();
  await expect(pagination.getByRole('button', { name: `Page 2 of ${Math.ceil(all / 10)}` })).toHaveAttribute('aria-current', 'page');
  await expect(rows(page)).toHaveCount(10);
  expect(await rows(page).first().textContent()).not.toBe(firstOfPage1);

  await page.getByRole('radio', { name: '1 month' }).check();
  await expect(pagination.getByRole('button', { name: /^Page 1 of/ })).toHaveAttribute('aria-current', 'page');
  const month = await totalCount(page);
  expect(month).toBeLessThan(all);
  await page.getByRole('radio', { name: '12 months' }).check();
  await expect.poll(() => totalCount(page)).toBe(all);

  await page.getByRole('button', { name: /^Filters/ }).click();
  const panel = page.getByRole('dialog', { name: 'Filters' });
  await panel.getByRole('checkbox', { name: 'Transport' }).check();
  // No day after today: the calendar offers none (nor a next month), and one typed is refused on the field.
  const today = rigaDateOf(new Date());
  const calendar = await openCalendar(panel, 'To');
  await expect(dayButton(calendar, today)).toBeEnabled();
  await expect(calendar.getByRole('button', { name: 'Next' })).toBeDisabled();
  // Today is the last day tile that can be picked. Not "tomorrow's tile is disabled": when today ends the view's last
  // week (a Sunday at a month's end), tomorrow has no tile.
  const enabledDays = calendar.getByRole('button', { name: /^\d{1,2} \p{L}+ \d{4}$/u, disabled: false });
  await expect(enabledDays.last().and(dayButton(calendar, today))).toHaveCount(1);
  await expectNoAxeViolations(page);
  // Escape closes the calendar, not the filter panel around it.
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(panel).toBeVisible();
  await typeDay(panel, 'To', dayAfter(today));
  await dateBox(panel, 'To').blur();
  await expect(panel.getByText(`The date cannot be after ${dayText(today)}`)).toBeVisible();
  await dateBox(panel, 'To').fill('');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('button', { name: /^Filters/ })).toContainText('1');
  await expect.poll(() => totalCount(page)).toBeLessThan(all);
  for (const row of await rows(page).all()) await expect(row).toContainText('Transport');

  await page.getByRole('button', { name: /^Filters/ }).click();
  await panel.getByRole('button', { name: 'Reset' }).click();
  await expect.poll(() => totalCount(page)).toBe(all);

  const name = ((await rows(page).first().getByRole('rowheader').textContent()) ?? '').trim();
  const surname = name.split(' ').at(-1) ?? name;
  await page.getByLabel('Search by name, surname, personal code or phone').fill(surname);
  await expect.poll(() => totalCount(page)).toBeLessThan(all);
  for (const row of await rows(page).all()) await expect(row.getByRole('rowheader')).toContainText(surname);
  await page.getByLabel('Search by name, surname, personal code or phone').fill('Nobody Anywhere');
  await expect(page.getByRole('heading', { name: 'Nothing found' })).toBeVisible();
  await page.getByLabel('Search by name, surname, personal code or phone').fill('');
  await expect.poll(() => totalCount(page)).toBe(all);

  // A range of one day in the past.
  // From picked in the calendar, up to the century view and down again (SPEC section 9); To typed as DD.MM.YYYY.
  const day = rigaDateOf(new Date(Date.now() - 40 * 86_400_000));
  await page.getByRole('button', { name: /^Filters/ }).click();
  const from = await openCalendar(panel, 'From');
  const wider = from.getByRole('button', { name: /: show a wider view/ });
  await wider.click();
  await wider.click();
  await wider.click();
  await expect(wider).toBeDisabled();
  await expectNoAxeViolations(page);
  const year = Number(day.slice(0, 4));
  const decade = year - ((year + 9) % 10);
  await from.getByRole('button', { name: `${decade} – ${decade + 9}`, exact: true }).click();
  await from.getByRole('button', { name: String(year), exact: true }).click();
  await from.getByRole('button', { name: monthOf(day), exact: true }).click();
  await dayButton(from, day).click();
  await expect(from).toBeHidden();
  await expect(dateBox(panel, 'From')).toHaveValue(dayText(day));
  await typeDay(panel, 'To', day);
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(() => totalCount(page)).toBeLessThan(month);
  for (const row of await rows(page).all()) await expect(row).toContainText(dayText(day));
});

test('the CSV download counts down, polls, downloads the file and says it started', async ({ page }) => {
  await openTransactions(page);
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('status').filter({ hasText: /^Download started: transactions-\d{4}-\d{2}-\d{2}\.csv$/ })).toBeVisible({ timeout: 20_000 });
  const file = await downloaded;
  expect(file.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const path = await file.path();
  const text = readFileSync(path, 'utf8');
  expect(text.startsWith('\uFEFFEmployee,Amount (EUR),Executed,Processed,Description,Merchant category code,Merchant ID,Reference,Beneficiary,Remitter,Status\r\n')).toBe(true);
  expect(text.split('\r\n').filter(Boolean).length).toBeGreaterThan(100);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('at 375 px the list and its filters are usable and pass axe', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openTransactions(page);
  await expect(rows(page)).toHaveCount(10);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('at 375 px the total reads "Total: €…" on one line and Download CSV keeps clear of the search', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openTransactions(page);
  await totalCount(page);
  // The label's first letter and the sum's last one sit on the same line.
  const tops = await page.getByText(/^Total: /).evaluate((element) => {
    const text = element.firstChild;
    if (!text) return null;
    const range = document.createRange();
    range.setStart(text, 0);
    range.setEnd(text, 1);
    const first = range.getBoundingClientRect().top;
    const length = text.textContent?.length ?? 0;
    range.setStart(text, length - 1);
    range.setEnd(text, length);
    return { first, last: range.getBoundingClientRect().top };
  });
  expect(tops).not.toBeNull();
  expect(Math.abs((tops?.first ?? 0) - (tops?.last ?? 100)), 'the total and its label share a line').toBeLessThanOrEqual(4);

  const download = await page.getByRole('button', { name: 'Download CSV' }).boundingBox();
  const label = await page.locator('label', { hasText: 'Search by name' }).boundingBox();
  if (!download || !label) throw new Error('the button or the label is not shown');
  const apart = download.y + download.height <= label.y || label.y + label.height <= download.y || download.x + download.width <= label.x || label.x + label.width <= download.x;
  expect(apart, 'Download CSV does not overlap the search label').toBe(true);
  // The filter block stays compact: the list starts within the first screen.
  const firstRow = await rows(page).first().boundingBox();
  expect(firstRow?.y ?? Infinity).toBeLessThan(812);
});
