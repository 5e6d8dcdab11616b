import type { Locator, Page } from '@playwright/test';
import { expect, screenLoaded, signIn } from './portal';

/** The test-only company Cēsu Flote (infra/local/demo-data.ts): its people and its seeded employees. */
export const fleet = {
  manager: 'fleet-manager@test.local',
  accountant: 'fleet-accountant@test.local',
} as const;

/**
 * Seeded employees of Cēsu Flote (infra/local/seed.ts employeeItems: names, card statuses and the issuer's quirks).
 * fleet-emp-019 and fleet-emp-020 belong to the /card self-service spec and are not used here.
 */
export const seeded = {
  /** replaced_delivered and none: found by the surname they share. */
  jānisPetrova: { id: 'fleet-emp-002', name: 'Jānis Petrova' },
  artūrsPetrova: { id: 'fleet-emp-014', name: 'Artūrs Petrova' },
  /** ordered; the issuer sends no delivery for it, so it stays ordered. */
  līgaOzols: { id: 'fleet-emp-003', name: 'Līga Ozols' },
  /** suspended by the issuer: user status 'Not active'. */
  kristīneVītols: { id: 'fleet-emp-007', name: 'Kristīne Vītols' },
  /** closed: user status 'Card closed'. */
  edgarsKalniņa: { id: 'fleet-emp-008', name: 'Edgars Kalniņa' },
  /** active, with a pending authorization: its replacement is refused. */
  elīnaOzols: { id: 'fleet-emp-015', name: 'Elīna Ozols' },
  /** delivered; the sandbox issuer declines its activation. */
  annaZariņa: { id: 'fleet-emp-016', name: 'Anna Zariņa' },
  /** delivered. */
  jānisKrūmiņš: { id: 'fleet-emp-017', name: 'Jānis Krūmiņš' },
  līgaKļaviņa: { id: 'fleet-emp-018', name: 'Līga Kļaviņa' },
  /** active, and nobody changes it: a bulk activation refuses it as already active. */
  ievaKrūmiņš: { id: 'fleet-emp-005', name: 'Ieva Krūmiņš' },
} as const;

/** Signs in as one of Cēsu Flote's people and opens Users from the navigation. */
export async function openUsers(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await page.waitForURL('**/dashboard');
  await goToUsers(page);
}

/** Opens Users from the navigation of the signed-in portal and waits for its rows. */
export async function goToUsers(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users', exact: true }).click();
  await page.waitForURL('**/users');
  await usersLoaded(page);
}

/** The list's table (its scrolling region is named the same, hence the role). */
export function usersTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Users' });
}

/** The body rows of the list, once loaded (the skeleton rows are hidden from the accessibility tree). */
export function userRows(page: Page): Locator {
  return usersTable(page).locator('tbody').getByRole('row');
}

/** The list row of a full name ("Anna Zariņa"): the name cell is the row's header, the surname the cell after it. */
export function userRow(page: Page, fullName: string): Locator {
  const [name = '', ...surname] = fullName.split(' ');
  return userRows(page)
    // A greyed row's header also says why, e.g. "Edgars (card closed)".
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}( \\(.+\\))?$`) }) })
    .filter({ has: page.getByRole('cell', { name: surname.join(' '), exact: true }) });
}

/** The full names the list shows now, in its order: each row's header (the name) and the cell after it. */
export async function shownNames(page: Page): Promise<string[]> {
  return userRows(page).evaluateAll((rows) =>
    rows.map((row) => {
      const header = row.querySelector('th a');
      return `${header?.textContent ?? ''} ${header?.closest('th')?.nextElementSibling?.textContent ?? ''}`.trim();
    }),
  );
}

/**
 * Resolves once the list shows the answer to its current request: a row (skeleton rows are hidden from the
 * accessibility tree, so they never count) or the empty state.
 */
export async function usersLoaded(page: Page): Promise<void> {
  await expect(userRows(page).first().or(page.getByRole('heading', { name: 'Nothing found' }))).toBeVisible();
  await screenLoaded(page);
}

/** Chooses an action from a list row's actions menu ("Actions for Anna Zariņa" → "Activate card"). */
export async function chooseRowAction(page: Page, row: Locator, fullName: string, action: string): Promise<void> {
  await row.getByRole('button', { name: `Actions for ${fullName}`, exact: true }).click();
  await page.getByRole('menu', { name: `Actions for ${fullName}` }).getByRole('menuitem', { name: action, exact: true }).click();
}

/** A row's status badges as shown: the user's status, the card status and the app access. */
export function rowStatuses(row: Locator): Locator {
  return row.locator('.status-badge');
}

/** Searches the list and waits for it to show exactly `names` (the list sorts them by surname). */
export async function searchUsers(page: Page, search: string, names: readonly string[]): Promise<void> {
  const field = page.getByLabel('Search by name, phone or personal code');
  await field.fill(search);
  await field.press('Enter');
  await expect(page.getByText(`Users found: ${names.length}`, { exact: true })).toBeVisible();
  await expect.poll(async () => (await shownNames(page)).sort()).toEqual([...names].sort());
}

/** The definition a detail page shows for a term ("Card status" → "Active"), within a part of the page. */
export function detailValue(scope: Locator, term: string): Locator {
  return scope.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
}

/** The user page's parts. */
export function userPage(page: Page) {
  const card = page.getByRole('region', { name: 'Card', exact: true });
  const money = page.getByRole('region', { name: 'Balance and limits' });
  const person = page.getByRole('region', { name: 'Employee' });
  return {
    /** The user's status, the lead under the name. */
    status: page.getByRole('heading', { level: 1 }).locator('xpath=following-sibling::p[1]'),
    card,
    money,
    person,
    actions: page.getByRole('group', { name: 'Card and app access actions' }),
    cardStatus: detailValue(card, 'Card status'),
    cardDigits: detailValue(card, 'Card'),
    appAccess: detailValue(card, 'App access'),
    cardAccount: detailValue(card, 'Card account'),
    phone: detailValue(person, 'Phone'),
    monthlyLimit: detailValue(money, 'Monthly limit'),
    annualLimit: detailValue(money, 'Annual limit'),
    groups: detailValue(money, 'Allowed merchant categories'),
    history: page.getByRole('table', { name: 'History of changes' }),
    notice: (text: string) => page.getByRole('status').filter({ hasText: text }),
  };
}

/** Opens one user's page by its address and waits for it to show the user. */
export async function openUser(page: Page, employee: { id: string; name: string }): Promise<ReturnType<typeof userPage>> {
  await page.goto(`/users/${employee.id}`);
  await expect(page.getByRole('heading', { level: 1, name: employee.name })).toBeVisible();
  return userPage(page);
}

/**
 * Presses an action on the user page, checks its confirmation (the question, and `confirmText` when given) and
 * confirms; resolves once the confirmation has closed. The caller checks what the page then says.
 */
export async function confirmAction(page: Page, action: string, question: string, confirmText?: RegExp | string): Promise<void> {
  await userPage(page).actions.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: question });
  await expect(dialog).toBeVisible();
  if (confirmText) await expect(dialog).toContainText(confirmText);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
}

export interface NewUser {
  name: string;
  surname: string;
  phone?: string;
}

/** The Add user dialog, opened from the list. */
export async function openAddUser(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Add user', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await expect(dialog).toBeVisible();
  return dialog;
}

export async function fillNewUser(dialog: Locator, user: NewUser): Promise<void> {
  await dialog.getByLabel('Name', { exact: true }).fill(user.name);
  await dialog.getByLabel('Surname').fill(user.surname);
  await dialog.getByLabel('Phone').fill(user.phone ?? '');
}

/**
 * Adds a user through the list's dialog (confirming when there is no phone) and waits for the new user's page.
 * Answers the new employee's id, read from the address the portal opened.
 */
export async function addUser(page: Page, user: NewUser): Promise<{ id: string; name: string }> {
  const dialog = await openAddUser(page);
  await fillNewUser(dialog, user);
  await dialog.getByRole('button', { name: 'Add user' }).click();
  if (!user.phone) {
    const confirm = page.getByRole('dialog', { name: 'Add the user without a phone?' });
    await confirm.getByRole('button', { name: 'Add without phone' }).click();
  }
  const name = `${user.name} ${user.surname}`;
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(userPage(page).notice('The user was added and a card was ordered.')).toBeVisible();
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  return { id, name };
}

/**
 * A new user's card is delivered by the issuer sandbox two seconds after the order (its signed webhook event). An
 * action whose change is conditioned on the card's status waits for the delivery, as a user reloading the page
 * would, so the delivery cannot land in the middle of it.
 */
export async function waitForDelivery(page: Page): Promise<void> {
  const user = userPage(page);
  await expect(async () => {
    await page.reload();
    await expect(user.cardStatus).toContainText('Delivered', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(user.history).toContainText('Card delivered (issuer)');
}
