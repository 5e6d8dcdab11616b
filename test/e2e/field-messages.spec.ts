import type { Locator, Page } from '@playwright/test';
import { createOwnCompany } from '../integration/company-fixtures';
import { putEmployees } from '../integration/funding-fixtures';
import { fixtureCloud } from './support/fixture-cloud';
import { expect, LoginPage, signIn, test } from './support/portal';
import { userPage } from './support/users';

/**
 * A field's message shows when the field is left, but never moves a button away from under a pressed pointer (the
 * press left the field, the release would land elsewhere and the click would be lost), and never for a field the
 * visitor did not leave (its dialog closed around it).
 */

/** Presses and releases the mouse where `target` is now: a click whose release lands wherever the page then has. */
async function pressWhereItIsNow(page: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('the target is not shown');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.up();
}

for (const width of [375, 1440]) {
  test(`a mouse click on Sign in right after typing an invalid e-mail submits the form (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const login = new LoginPage(page);
    await login.open();
    // The form's rules load when it takes the focus, with the page's settings: once those are here, they are too.
    const rulesLoaded = page.waitForResponse('**/config.json');
    await login.password.fill('some password');
    await rulesLoaded;
    await login.email.fill('not-an-e-mail');
    await pressWhereItIsNow(page, login.submit);
    // The submit ran: it checked every field and gave the focus to the one to fix.
    await expect(login.email).toBeFocused();
    await expect(login.email).toHaveAccessibleDescription('Enter a valid e-mail address');

    // Corrected, the same kind of click signs in.
    await login.email.fill('accountant@demo.local');
    await pressWhereItIsNow(page, login.submit);
    await expect(page.getByRole('alert')).toHaveText('Wrong e-mail or password');
  });
}

test('Add funds opens without a message, also when its dialog is closed and shown again at once (as StrictMode does under npm start)', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const company = await createOwnCompany(fixtureCloud(), { role: 'manager', availableCents: 100_000 });
  const [employee] = await putEmployees(fixtureCloud(), company.companyId, 1, 'active', 'blur');
  if (!employee) throw new Error('no employee');
  await signIn(page, company.email);
  await page.waitForURL('**/dashboard');
  await page.goto(`/users/${employee.employeeId}`);
  await userPage(page).money.getByRole('button', { name: 'Add funds' }).click();
  const dialog = page.getByRole('dialog', { name: `Add funds to ${employee.name} ${employee.surname}` });
  const amount = dialog.getByLabel('Amount, EUR');
  await expect(amount).toBeFocused();
  // React's StrictMode (npm start) unmounts and mounts again a dialog that mounts open: the browser closes it, taking
  // the focus from its field, and shows it again.
  await dialog.evaluate((element: HTMLDialogElement) => {
    element.close();
    element.showModal();
  });
  await expect(amount).toBeFocused();
  await expect(dialog).toContainText('Available on the main account: €1,000.00');
  await expect(dialog.getByText('Amount required')).toHaveCount(0);
  await expect(amount).not.toHaveAttribute('aria-invalid', 'true');

  // Leaving the field still says what is wrong, and a click on Continue right after typing still submits.
  await amount.fill('12.345');
  await pressWhereItIsNow(page, dialog.getByRole('button', { name: 'Continue' }));
  await expect(amount).toBeFocused();
  await expect(amount).toHaveAccessibleDescription(/Use at most two decimals/);
  await amount.fill('25');
  await pressWhereItIsNow(page, dialog.getByRole('button', { name: 'Continue' }));
  await expect(page.getByRole('dialog', { name: 'Confirm the transfer' })).toBeVisible();
});
