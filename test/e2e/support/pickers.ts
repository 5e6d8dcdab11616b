import type { Locator, Page } from '@playwright/test';
import { dayText } from '@shared/dates';
import { expect } from './portal';

/** A country field and the like (components/combobox-field): a combobox named by its label. */
export const combobox = (scope: Page | Locator, label: string) => scope.getByRole('combobox', { name: label, exact: true });

/** The options a combobox's list shows now. */
export const listOptions = (scope: Page | Locator, label: string) => scope.getByRole('listbox', { name: label, exact: true }).getByRole('option');

/** Chooses an option of a one-value combobox by typing its whole label: an exact match selects it (SPEC section 4). */
export async function chooseOption(scope: Page | Locator, label: string, option: string): Promise<void> {
  const box = combobox(scope, label);
  await box.fill(option);
  await expect(box).toHaveValue(option);
  // The list stays open on what was typed until the field is left; Escape closes it and keeps the choice.
  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
}

/** Adds an option to a multi-select combobox: typing filters, Enter takes the first match, which shows as a chip. */
export async function addOption(scope: Page | Locator, label: string, option: string): Promise<void> {
  const box = combobox(scope, label);
  await box.fill(option);
  await box.press('Enter');
  await expect(scope.getByRole('list', { name: `${label}: chosen`, exact: true }).getByRole('button', { name: `Remove ${option}` })).toBeVisible();
  await box.press('Escape');
}

/** A date field's text box (components/date-field), which shows and takes DD.MM.YYYY. */
export const dateBox = (scope: Page | Locator, label: string) => scope.getByRole('textbox', { name: label, exact: true });

/** Types a YYYY-MM-DD day into a date field the way a person does, DD.MM.YYYY. */
export async function typeDay(scope: Page | Locator, label: string, day: string): Promise<void> {
  await dateBox(scope, label).fill(dayText(day));
}

/** Opens a date field's calendar and answers it. */
export async function openCalendar(scope: Page | Locator, label: string): Promise<Locator> {
  await scope.getByRole('button', { name: `Choose ${label} in a calendar` }).click();
  const calendar = scope.getByRole('dialog', { name: `Calendar: ${label}` });
  await expect(calendar.getByRole('button', { name: 'Next' })).toBeVisible();
  return calendar;
}

/** A day's button in an English calendar, named like "25 November 2026". */
export const dayButton = (calendar: Locator, day: string) =>
  calendar.getByRole('button', {
    name: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`)),
    exact: true,
  });

/** A month's button in an English calendar's year view, named like "November 2026". */
export const monthOf = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** The YYYY-MM-DD day after a day. */
export const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
