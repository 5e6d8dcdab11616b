import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/portal';
import {
  addUser,
  chooseRowAction,
  confirmAction,
  fillNewUser,
  fleet,
  openAddUser,
  openUser,
  openUsers,
  rowStatuses,
  searchUsers,
  seeded,
  shownNames,
  userPage,
  userRow,
  userRows,
  usersLoaded,
  usersTable,
  waitForDelivery,
} from './support/users';

/**
 * The Users screens of SPEC section 2 against Cēsu Flote, the test-only company. The list's checks only read
 * seeded employees nobody changes (or, for the greyed rows, whatever a filter finds); every test that changes an
 * employee owns it: a user it adds through the UI, or a seeded one where the state needs the card issuer (a
 * delivered card, the issuer's refusal, a pending authorization). Bulk refusals use seeded employees they leave as
 * they were. Fresh users' phones are this spec's own (3712611…). fleet-emp-019 and -020 belong to the /card spec.
 *
 * Since no test depends on another, the file's tests are shared out between the workers (each on its own cloud, with
 * its own seeded Cēsu Flote): the longest spec, run last in file order, no longer leaves one worker idle at the end.
 */
test.describe.configure({ mode: 'parallel' });

const widths = [1440, 375] as const;

/** The user page's section of actions that cannot be undone (close card, terminate product), apart from the others. */
const irreversibleActions = (page: Page) => page.getByRole('region', { name: 'Irreversible actions' });

/** axe-core on what the page shows now, at both widths; the viewport is set back afterwards. */
async function expectNoAxeViolationsAtWidths(page: Page): Promise<void> {
  const before = page.viewportSize();
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
  if (before) await page.setViewportSize(before);
}

async function applyFilters(page: Page, filters: { 'User status'?: string; 'Card status'?: string }): Promise<void> {
  await page.getByRole('button', { name: /^Filters/ }).click();
  const panel = page.getByRole('dialog', { name: 'Filters' });
  for (const [label, option] of Object.entries(filters)) await panel.getByLabel(label).selectOption({ label: option });
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel).toBeHidden();
}

/** A card's last digits as the user page shows them ("•••• 1234"). */
const cardDigits = /^•••• \d{4}$/;

test.describe('the list', () => {
  test('search narrows the rows by surname and by phone', async ({ page }) => {
    await openUsers(page, fleet.manager);
    await expect(page.getByText(/^Users found: \d+$/)).toBeVisible();

    await searchUsers(page, 'Petrova', [seeded.jānisPetrova.name, seeded.artūrsPetrova.name]);
    // Kristīne Vītols's phone (infra/local/seed.ts demoCardholderPhone: 371 29, Cēsu Flote's digit 9, her number 7).
    await searchUsers(page, '37129900007', [seeded.kristīneVītols.name]);
    await expect(userRow(page, seeded.kristīneVītols.name)).toContainText('37129900007');

    await searchUsers(page, 'Nobody-by-this-name', []);
    await expect(page.getByRole('heading', { name: 'Nothing found' })).toBeVisible();
  });

  test('the filter badge counts the applied filters and Reset clears them; closed and not-active users are greyed', async ({ page }) => {
    await openUsers(page, fleet.manager);
    const filtersButton = page.getByRole('button', { name: /^Filters/ });
    await expect(filtersButton).toHaveAccessibleName('Filters');

    await applyFilters(page, { 'User status': 'Not active', 'Card status': 'Suspended' });
    await expect(filtersButton).toHaveAccessibleName(/^Filters\s*, active: 2$/);
    await expect(filtersButton.locator('.filter-popover__badge')).toHaveText('2');
    await expect.poll(() => shownNames(page)).toEqual([seeded.kristīneVītols.name]);
    await expect(userRow(page, seeded.kristīneVītols.name)).toHaveClass(/data-table__row--muted/);
    await expect(userRow(page, seeded.kristīneVītols.name).getByRole('rowheader')).toHaveAccessibleName('Kristīne (not active)');

    // A draft that is not applied does not count.
    await filtersButton.click();
    await page.getByRole('dialog', { name: 'Filters' }).getByLabel('Card status').selectOption({ label: 'All' });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Filters' })).toBeHidden();
    await expect(filtersButton).toHaveAccessibleName(/^Filters\s*, active: 2$/);

    await applyFilters(page, { 'Card status': 'All' });
    await expect(filtersButton).toHaveAccessibleName(/^Filters\s*, active: 1$/);

    await filtersButton.click();
    await page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: 'Reset' }).click();
    await expect(filtersButton).toHaveAccessibleName('Filters');
    await expect(filtersButton.locator('.filter-popover__badge')).toHaveCount(0);
    await usersLoaded(page);
    await expect(userRows(page)).toHaveCount(10);

    // Every user whose card is closed is greyed, and says so to a screen reader; active users are not.
    await applyFilters(page, { 'User status': 'Card closed' });
    await expect(userRow(page, seeded.edgarsKalniņa.name)).toBeVisible();
    for (const row of await userRows(page).all()) {
      await expect(row).toHaveClass(/data-table__row--muted/);
      await expect(row.getByRole('rowheader')).toHaveAccessibleName(/\(card closed\)$/);
    }
    await applyFilters(page, { 'User status': 'Active' });
    await expect(userRow(page, seeded.edgarsKalniņa.name)).toBeHidden();
    await expect(userRows(page).first()).toBeVisible();
    for (const row of await userRows(page).all()) await expect(row).not.toHaveClass(/data-table__row--muted/);
  });

  test('page size, pagination and the header checkbox with its dash', async ({ page }) => {
    await openUsers(page, fleet.manager);
    const total = Number((await page.getByText(/^Users found: \d+$/).innerText()).replace(/\D/g, ''));
    expect(total, 'Cēsu Flote has its 20 seeded users at least').toBeGreaterThanOrEqual(20);
    const pages = Math.ceil(total / 10);
    await expect(userRows(page)).toHaveCount(10);

    const pagination = page.getByRole('navigation', { name: 'Pages' });
    await expect(pagination.getByRole('button', { name: `Page 1 of ${pages}` })).toHaveAttribute('aria-current', 'page');
    await expect(pagination.getByRole('button', { name: 'Previous page' })).toHaveAttribute('aria-disabled', 'true');
    const firstPage = await shownNames(page);
    await pagination.getByRole('button', { name: 'Next page' }).click();
    await expect(pagination.getByRole('button', { name: `Page 2 of ${pages}` })).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => shownNames(page)).toHaveLength(Math.min(10, total - 10));
    const secondPage = await shownNames(page);
    expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
    await pagination.getByRole('button', { name: 'First page' }).click();
    await expect(pagination.getByRole('button', { name: `Page 1 of ${pages}` })).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => shownNames(page)).toEqual(firstPage);

    // The header checkbox selects the page; unticking one row leaves a dash, which clears the selection.
    const table = usersTable(page);
    await table.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    const header = table.getByRole('columnheader').getByRole('checkbox');
    await expect(header).toBeChecked();
    await expect(header).toHaveAccessibleName('Clear selection');
    await expect(page.getByRole('status').filter({ hasText: 'Selected: 10' })).toBeVisible();
    for (const box of await userRows(page).getByRole('checkbox').all()) await expect(box).toBeChecked();
    await userRows(page).first().getByRole('checkbox').uncheck();
    await expect(header).toBeChecked({ indeterminate: true });
    await expect(page.getByRole('status').filter({ hasText: 'Selected: 9' })).toBeVisible();
    await header.click();
    await expect(header).not.toBeChecked();
    await expect(header).toHaveJSProperty('indeterminate', false);
    await expect(header).toHaveAccessibleName('Select all rows on this page');
    await expect(userRows(page).getByRole('checkbox', { checked: true })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Actions for the selected rows' })).toBeHidden();

    // 25 rows a page: more rows, fewer pages.
    await page.getByLabel('Rows per page').selectOption('25');
    await expect.poll(() => shownNames(page)).toHaveLength(Math.min(25, total));
    if (total <= 25) await expect(pagination).toBeHidden();
    else await expect(pagination.getByRole('button', { name: `Page 1 of ${Math.ceil(total / 25)}` })).toHaveAttribute('aria-current', 'page');
  });
});

test('an accountant sees users and a user but is offered no action', async ({ page }) => {
  await openUsers(page, fleet.accountant);
  await expect(page.getByText('Your employees, their cards and app access. Your role can view them; managers and owners make changes.')).toBeVisible();
  await expect(userRows(page)).toHaveCount(10);
  await expect(page.getByRole('button', { name: 'Add user' })).toHaveCount(0);
  await expect(usersTable(page).getByRole('checkbox')).toHaveCount(0);
  // Each row still opens its details; no row offers an actions menu.
  await expect(usersTable(page).getByRole('button', { name: /^Actions for / })).toHaveCount(0);
  await expect(usersTable(page).getByRole('button', { name: /^Details of / })).toHaveCount(10);
  await expectNoAxeViolationsAtWidths(page);

  // An active card: a manager would be offered to block, replace, close or terminate it and to block app access.
  const user = await openUser(page, seeded.ievaKrūmiņš);
  await expect(page.getByText('Your role can view this user; managers and owners make changes.')).toBeVisible();
  await expect(user.cardStatus).toContainText('Active');
  await expect(user.appAccess).toHaveText('Active');
  await expect(user.actions).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
  await expectNoAxeViolationsAtWidths(page);
});

test('a manager adds users with and without a phone; a missing name and a taken phone are refused on their fields', async ({ page }) => {
  await openUsers(page, fleet.manager);
  let dialog = await openAddUser(page);
  await expectNoAxeViolationsAtWidths(page);

  // The name is missing: refused before anything is sent.
  await fillNewUser(dialog, { name: '', surname: 'Bezvārda', phone: '37126110001' });
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveAccessibleDescription('Name required');
  await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
  await expect(dialog.getByRole('alert')).toHaveText('Please fix errors above');

  // With a phone: added at once, with a card ordered.
  await fillNewUser(dialog, { name: 'Rūta', surname: 'Ar-Telefonu', phone: '37126110001' });
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rūta Ar-Telefonu' })).toBeVisible();
  const user = userPage(page);
  await expect(user.notice('The user was added and a card was ordered.')).toBeVisible();
  await expect(user.phone).toHaveText('37126110001');
  await expect(user.cardDigits).toHaveText(cardDigits);
  await expect(user.history).toContainText('User added, card ordered');
  await expect(user.history).toContainText('Frīda Fleet (company user)');
  // The notice was for the adding; a reload shows the user without it.
  await page.reload();
  await expect(user.phone).toHaveText('37126110001');
  await expect(user.notice('The user was added and a card was ordered.')).toHaveCount(0);

  // The same phone again is refused on the phone field.
  await page.getByRole('link', { name: 'Back to users' }).click();
  await usersLoaded(page);
  dialog = await openAddUser(page);
  await fillNewUser(dialog, { name: 'Otra', surname: 'Ar-Telefonu', phone: '37126110001' });
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await expect(dialog.getByLabel('Phone')).toHaveAccessibleDescription(/A user with the provided phone already exists/);
  await expect(dialog.getByLabel('Phone')).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await searchUsers(page, 'Ar-Telefonu', ['Rūta Ar-Telefonu']);

  // Without a phone the manager confirms first; Back returns to the filled form.
  dialog = await openAddUser(page);
  await fillNewUser(dialog, { name: 'Pēteris', surname: 'Bez-Telefona' });
  await dialog.getByRole('button', { name: 'Add user' }).click();
  const confirm = page.getByRole('dialog', { name: 'Add the user without a phone?' });
  await expect(confirm).toContainText('Without a phone the employee cannot sign in to the card page or receive SMS codes.');
  await expectNoAxeViolationsAtWidths(page);
  await confirm.getByRole('button', { name: 'Back' }).click();
  await expect(dialog.getByLabel('Surname')).toHaveValue('Bez-Telefona');
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await confirm.getByRole('button', { name: 'Add without phone' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pēteris Bez-Telefona' })).toBeVisible();
  await expect(user.notice('The user was added and a card was ordered.')).toBeVisible();
  await expect(user.phone).toHaveText('—');
  await expect(user.cardDigits).toHaveText(cardDigits);
  const added = user.history.getByRole('row').filter({ hasText: 'User added, card ordered' });
  await expect(added.getByRole('cell').last()).toHaveText('Card: — → Ordered');
});

test.describe('card actions on the user page', () => {
  test('a delivered card is activated, blocked with the monthly fee said, unblocked, then replaced for the fee', async ({ page }) => {
    await openUsers(page, fleet.manager);
    const user = await openUser(page, seeded.jānisKrūmiņš);
    await expect(user.cardStatus).toContainText('Delivered');
    await expect(user.cardAccount).toHaveText('Inactive');
    await expectNoAxeViolationsAtWidths(page);

    await confirmAction(page, 'Activate card', 'Activate the card of Jānis Krūmiņš?', 'The employee can start paying with the card.');
    await expect(user.notice('The card is active.')).toBeVisible();
    await expect(user.cardStatus).toContainText('Active');
    await expect(user.cardStatus).toContainText(/Changed by company user on \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    await expect(user.cardAccount).toHaveText('Active');
    await expect(user.status).toHaveText('Active');
    await expect(user.history).toContainText('Card activated');
    await expect(user.actions.getByRole('button', { name: 'Activate card' })).toHaveCount(0);

    await user.actions.getByRole('button', { name: 'Block card', exact: true }).click();
    const blockQuestion = page.getByRole('dialog', { name: 'Block the card of Jānis Krūmiņš?' });
    await expect(blockQuestion).toContainText('The monthly fee is still charged while the card is blocked.');
    await expectNoAxeViolationsAtWidths(page);
    await blockQuestion.getByRole('button', { name: 'Block card' }).click();
    await expect(user.notice('The card is blocked. The monthly fee is still charged.')).toBeVisible();
    await expect(user.cardStatus).toContainText('Blocked (temporarily)');
    await expect(user.history).toContainText('Card blocked');

    await confirmAction(page, 'Unblock card', 'Unblock the card of Jānis Krūmiņš?', 'The card can be used again.');
    await expect(user.notice('The card is unblocked.')).toBeVisible();
    await expect(user.cardStatus).toContainText('Active');

    // Replace: the reason and the address, then the fee from the price list, confirmed.
    const oldDigits = await user.cardDigits.innerText();
    await user.actions.getByRole('button', { name: 'Replace card' }).click();
    const replace = page.getByRole('dialog', { name: 'Replace card' });
    await expect(replace).toContainText('The replacement fee is €5.00');
    await replace.getByRole('button', { name: 'Continue' }).click();
    await expect(replace.getByLabel('Reason')).toBeFocused();
    await replace.getByLabel('Reason').selectOption({ label: 'Lost' });
    await replace.getByLabel('Delivery address').fill('Rīgas iela 1');
    await replace.getByLabel('City').fill('Cēsis');
    await replace.getByLabel('Postal code').fill('LV-4101');
    await expect(replace.getByLabel('Country')).toHaveValue('LV');
    await expectNoAxeViolationsAtWidths(page);
    await replace.getByRole('button', { name: 'Continue' }).click();
    await expect(replace).toContainText('the replacement fee of €5.00 will be deducted from the company’s main account');
    await expect(replace).toContainText('Rīgas iela 1, Cēsis, LV-4101, Latvia');
    await expectNoAxeViolationsAtWidths(page);
    await replace.getByRole('button', { name: 'Replace and pay €5.00' }).click();
    await expect(replace).toBeHidden();
    await expect(user.notice('A replacement card was ordered and the fee was charged.')).toBeVisible();
    await expect(user.cardStatus).toContainText('Replacement ordered');
    await expect(user.cardDigits).toHaveText(cardDigits);
    await expect(user.cardDigits).not.toHaveText(oldDigits);
    await expect(user.history).toContainText('Card replaced');
  });

  test('an activation the issuer declines says so, and the card stays delivered', async ({ page }) => {
    await openUsers(page, fleet.manager);
    // Inline, from the list: the result modal gives the reason.
    await searchUsers(page, seeded.annaZariņa.name, [seeded.annaZariņa.name]);
    await chooseRowAction(page, userRow(page, seeded.annaZariņa.name), seeded.annaZariņa.name, 'Activate card');
    const question = page.getByRole('dialog', { name: 'Activate the selected cards?' });
    await question.getByRole('button', { name: 'Activate cards', exact: true }).click();
    const result = page.getByRole('dialog', { name: 'Cards activation status' });
    await expect(result.getByRole('status')).toHaveText('Done: 0. Not done: 1.');
    await expect(result.getByRole('listitem')).toHaveText([/Anna Zariņa\s*Error during activation/]);
    await result.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(rowStatuses(userRow(page, seeded.annaZariņa.name))).toHaveText(['New', 'Delivered', 'Not set up']);

    const user = await openUser(page, seeded.annaZariņa);
    await expect(user.cardStatus).toContainText('Delivered');
    await confirmAction(page, 'Activate card', 'Activate the card of Anna Zariņa?');
    await expect(page.getByRole('alert')).toHaveText('Error during activation');
    await expect(user.cardStatus).toContainText('Delivered');
    await expect(user.cardAccount).toHaveText('Inactive');
    await expect(user.actions.getByRole('button', { name: 'Activate card' })).toBeEnabled();
    await expectNoAxeViolationsAtWidths(page);
    await page.reload();
    await expect(user.cardStatus).toContainText('Delivered');
  });

  test('a replacement is refused while authorizations are pending', async ({ page }) => {
    await openUsers(page, fleet.manager);
    const user = await openUser(page, seeded.elīnaOzols);
    await expect(user.cardStatus).toContainText('Active');
    const digits = await user.cardDigits.innerText();
    await user.actions.getByRole('button', { name: 'Replace card' }).click();
    const replace = page.getByRole('dialog', { name: 'Replace card' });
    await expect(replace.getByRole('alert')).toHaveText('Card cannot be replaced right now due to active authorizations.');
    await replace.getByLabel('Reason').selectOption({ label: 'Damaged' });
    await replace.getByLabel('Delivery address').fill('Lenču iela 5');
    await replace.getByLabel('City').fill('Cēsis');
    await replace.getByLabel('Postal code').fill('LV-4101');
    await replace.getByRole('button', { name: 'Continue' }).click();
    await replace.getByRole('button', { name: 'Replace and pay €5.00' }).click();
    await expect(replace.getByRole('alert')).toHaveText('Card cannot be replaced right now due to active authorizations.');
    await replace.getByRole('button', { name: 'Back' }).click();
    await replace.getByRole('button', { name: 'Cancel' }).click();
    await expect(replace).toBeHidden();
    await expect(user.cardStatus).toContainText('Active');
    await expect(user.cardDigits).toHaveText(digits);
  });

  test('a card is closed for good', async ({ page }) => {
    await openUsers(page, fleet.manager);
    await addUser(page, { name: 'Klāvs', surname: 'Slēgtais', phone: '37126110002' });
    const user = userPage(page);
    await waitForDelivery(page);
    // Closing is not among the everyday actions: it sits apart, with what it ends said beside it.
    await expect(user.actions.getByRole('button', { name: 'Close card' })).toHaveCount(0);
    const close = irreversibleActions(page).getByRole('button', { name: 'Close card', exact: true });
    await expect(close).toHaveAccessibleDescription(/The card can never be used again/);
    await close.click();
    const question = page.getByRole('dialog', { name: 'Close the card of Klāvs Slēgtais for good?' });
    await expect(question).toContainText('A closed card can never be used again.');
    await question.getByRole('button', { name: 'Close card', exact: true }).click();
    await expect(question).toBeHidden();
    await expect(user.notice('The card is closed.')).toBeVisible();
    await expect(user.cardStatus).toContainText('Closed');
    await expect(user.status).toHaveText('Card closed');
    await expect(page.getByRole('main').getByRole('button', { name: 'Close card' })).toHaveCount(0);
    // The product stays: a replacement can be ordered, and it can still be terminated.
    await expect(user.actions.getByRole('button', { name: 'Replace card' })).toBeVisible();
    await expect(irreversibleActions(page).getByRole('button', { name: 'Terminate product' })).toBeVisible();
    await expect(user.history).toContainText('Card closed');
  });

  test('a product is terminated: card and app access end, nothing more is offered', async ({ page }) => {
    await openUsers(page, fleet.manager);
    await addUser(page, { name: 'Tenis', surname: 'Beidzamais', phone: '37126110003' });
    const user = userPage(page);
    await waitForDelivery(page);
    await irreversibleActions(page).getByRole('button', { name: 'Terminate product' }).click();
    const question = page.getByRole('dialog', { name: 'Terminate the product of Tenis Beidzamais?' });
    await expect(question).toContainText('stops the monthly maintenance fee');
    await expectNoAxeViolationsAtWidths(page);
    await question.getByRole('button', { name: 'Terminate product' }).click();
    await expect(user.notice('The product is terminated. The card balance went back to the main account.')).toBeVisible();
    await expect(user.cardStatus).toContainText('Terminated');
    await expect(user.appAccess).toHaveText('Removed');
    await expect(user.cardAccount).toHaveText('Inactive');
    await expect(user.actions).toHaveCount(0);
    await expect(irreversibleActions(page)).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('button', { name: /Edit limit|Change phone/ })).toHaveCount(0);
    await page.reload();
    await expect(user.cardStatus).toContainText('Terminated');
    await expect(user.actions).toHaveCount(0);
    await expect(irreversibleActions(page)).toHaveCount(0);
  });
});

test('app access is blocked and unblocked; the phone and the limits are changed', async ({ page }) => {
  await openUsers(page, fleet.manager);
  await addUser(page, { name: 'Dace', surname: 'Mainīgā', phone: '37126110004' });
  const user = userPage(page);
  await waitForDelivery(page);
  await expect(user.appAccess).toHaveText('Not set up');

  await confirmAction(page, 'Block app access', 'Block the app access of Dace Mainīgā?', 'The card itself keeps working.');
  await expect(user.notice('App access is blocked.')).toBeVisible();
  await expect(user.appAccess).toHaveText('Blocked');
  await confirmAction(page, 'Unblock app access', 'Unblock the app access of Dace Mainīgā?');
  await expect(user.notice('App access is unblocked.')).toBeVisible();
  await expect(user.appAccess).toHaveText('Active');
  await expect(user.history).toContainText('App access: Blocked → Active');

  // Phone: the same number and a taken one are refused, a new one is saved.
  await page.getByRole('button', { name: 'Change phone' }).click();
  const phone = page.getByRole('dialog', { name: 'Change phone' });
  await expect(phone.getByLabel('Phone')).toHaveValue('37126110004');
  await phone.getByRole('button', { name: 'Save phone' }).click();
  await expect(phone.getByLabel('Phone')).toHaveAccessibleDescription(/Entered same phone number/);
  await expectNoAxeViolationsAtWidths(page);
  // Kristīne Vītols's phone: taken by another user.
  await phone.getByLabel('Phone').fill('37129900007');
  await phone.getByRole('button', { name: 'Save phone' }).click();
  await expect(phone.getByLabel('Phone')).toHaveAccessibleDescription(/Phone number is taken/);
  await phone.getByLabel('Phone').fill('37126110005');
  await phone.getByRole('button', { name: 'Save phone' }).click();
  await expect(phone).toBeHidden();
  await expect(user.notice('The phone was changed.')).toBeVisible();
  await expect(user.phone).toHaveText('37126110005');
  await expect(user.history).toContainText('Phone: 37126110004 → 37126110005');

  // Limits: an empty monthly limit is refused; new limits and groups are saved and shown.
  await expect(user.monthlyLimit).toHaveText('€500.00');
  await page.getByRole('button', { name: 'Edit limit' }).click();
  const limits = page.getByRole('dialog', { name: 'Edit limit' });
  await limits.getByLabel('Monthly limit').fill('');
  await limits.getByRole('button', { name: 'Save limits' }).click();
  await expect(limits.getByLabel('Monthly limit')).toHaveAccessibleDescription(/Limit required/);
  await expect(limits.getByRole('alert')).toHaveText('Please fix errors above');
  await expectNoAxeViolationsAtWidths(page);
  await limits.getByLabel('Monthly limit').fill('300.50');
  await limits.getByLabel('Annual limit').fill('3000');
  await limits.getByLabel('Fuel').uncheck();
  await limits.getByLabel('Leisure and sport').uncheck();
  await limits.getByRole('button', { name: 'Save limits' }).click();
  await expect(limits).toBeHidden();
  await expect(user.notice('The limits were saved.')).toBeVisible();
  await expect(user.monthlyLimit).toHaveText('€300.50');
  await expect(user.annualLimit).toHaveText('€3,000.00');
  await expect(user.groups).toHaveText('Groceries, Restaurants and cafés, Transport, Health and pharmacy, Education and books');
  await page.reload();
  await expect(user.monthlyLimit).toHaveText('€300.50');
});

test('bulk activation, blocking and unblocking list per user the new card status or why not', async ({ page }) => {
  await openUsers(page, fleet.manager);
  await page.getByLabel('Rows per page').selectOption('100');
  const chosen = [seeded.līgaKļaviņa, seeded.līgaOzols, seeded.edgarsKalniņa, seeded.ievaKrūmiņš];
  for (const employee of chosen) await expect(userRow(page, employee.name)).toBeVisible();
  await expect(rowStatuses(userRow(page, seeded.līgaKļaviņa.name))).toHaveText(['New', 'Delivered', 'Not set up']);
  for (const employee of chosen) await usersTable(page).getByRole('checkbox', { name: `Select ${employee.name}`, exact: true }).check();
  await expect(page.getByRole('status').filter({ hasText: 'Selected: 4' })).toBeVisible();

  await page.getByRole('group', { name: 'Actions for the selected rows' }).getByRole('button', { name: 'Activate cards', exact: true }).click();
  const question = page.getByRole('dialog', { name: 'Activate the selected cards?' });
  await expect(question).toContainText('Cards of the selected users (4) that have been delivered will be activated.');
  await expectNoAxeViolationsAtWidths(page);
  await question.getByRole('button', { name: 'Activate cards', exact: true }).click();

  const result = page.getByRole('dialog', { name: 'Cards activation status' });
  await expect(result.getByRole('status')).toHaveText('Done: 1. Not done: 3.');
  const entries = result.getByRole('listitem');
  await expect(entries).toHaveCount(4);
  await expect(entries.filter({ hasText: 'Līga Kļaviņa' })).toContainText('Active');
  await expect(entries.filter({ hasText: 'Līga Ozols' })).toContainText('No active card');
  await expect(entries.filter({ hasText: 'Edgars Kalniņa' })).toContainText('User not existing or not active');
  await expect(entries.filter({ hasText: 'Ieva Krūmiņš' })).toContainText('The card is already active');
  await expectNoAxeViolationsAtWidths(page);
  await result.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(result).toBeHidden();

  await expect(page.getByRole('group', { name: 'Actions for the selected rows' })).toBeHidden();
  await expect(rowStatuses(userRow(page, seeded.līgaKļaviņa.name))).toHaveText(['Active', 'Active', 'Not set up']);
  await expect(rowStatuses(userRow(page, seeded.līgaOzols.name))).toHaveText(['New', 'Ordered', 'Not set up']);
  await expect(rowStatuses(userRow(page, seeded.edgarsKalniņa.name))).toHaveText(['Card closed', 'Closed', /.+/]);
  await expect(rowStatuses(userRow(page, seeded.ievaKrūmiņš.name))).toHaveText(['Active', 'Active', 'Active']);

  // Block and unblock in bulk: the confirmation says the monthly fee is still charged; a card that is not active is
  // listed with the reason.
  const bulkActions = page.getByRole('group', { name: 'Actions for the selected rows' });
  const table = usersTable(page);
  await table.getByRole('checkbox', { name: `Select ${seeded.līgaKļaviņa.name}`, exact: true }).check();
  await table.getByRole('checkbox', { name: `Select ${seeded.līgaOzols.name}`, exact: true }).check();
  await bulkActions.getByRole('button', { name: 'Block cards', exact: true }).click();
  const blockQuestion = page.getByRole('dialog', { name: 'Block the selected cards?' });
  await expect(blockQuestion).toContainText('The monthly fee is still charged while a card is blocked.');
  await blockQuestion.getByRole('button', { name: 'Block cards', exact: true }).click();
  const blocked = page.getByRole('dialog', { name: 'Cards blocking status' });
  await expect(blocked.getByRole('status')).toHaveText('Done: 1. Not done: 1.');
  await expect(blocked.getByRole('listitem').filter({ hasText: 'Līga Kļaviņa' })).toContainText('Blocked (temporarily)');
  await expect(blocked.getByRole('listitem').filter({ hasText: 'Līga Ozols' })).toContainText('This action is not possible for the card in its current status');
  await blocked.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(rowStatuses(userRow(page, seeded.līgaKļaviņa.name))).toHaveText(['Not active', 'Blocked (temporarily)', 'Not set up']);
  await expect(userRow(page, seeded.līgaKļaviņa.name)).toHaveClass(/data-table__row--muted/);

  await table.getByRole('checkbox', { name: `Select ${seeded.līgaKļaviņa.name}`, exact: true }).check();
  await bulkActions.getByRole('button', { name: 'Unblock cards', exact: true }).click();
  await page.getByRole('dialog', { name: 'Unblock the selected cards?' }).getByRole('button', { name: 'Unblock cards', exact: true }).click();
  const unblocked = page.getByRole('dialog', { name: 'Cards unblocking status' });
  await expect(unblocked.getByRole('status')).toHaveText('Done: 1. Not done: 0.');
  await expect(unblocked.getByRole('listitem')).toHaveText([/Līga Kļaviņa\s*Active/]);
  await unblocked.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(userRow(page, seeded.līgaKļaviņa.name)).not.toHaveClass(/data-table__row--muted/);
  await expect(rowStatuses(userRow(page, seeded.līgaKļaviņa.name))).toHaveText(['Active', 'Active', 'Not set up']);
});

test('axe-core finds no violations on the list with its filter panel, at 1440 and 375 px', async ({ page }) => {
  await openUsers(page, fleet.manager);
  await expectNoAxeViolationsAtWidths(page);
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
  await expectNoAxeViolationsAtWidths(page);
  await page.keyboard.press('Escape');
  await usersTable(page).getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  await expect(page.getByRole('group', { name: 'Actions for the selected rows' })).toBeVisible();
  await expectNoAxeViolationsAtWidths(page);
});
