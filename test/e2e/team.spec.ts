import type { Page } from '@playwright/test';
import { emailedLinkPath, englishVisitor, expect, expectNoAxeViolations, LoginPage, NavBar, signIn, test, VerifyPage } from './support/portal';
import { pastSessionCut } from '../session-cut';

const owner = 'team@test.local';

async function openTeam(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await page.waitForURL('**/dashboard');
  // team-manager's profile is Latvian: the navigation follows it.
  await page.getByRole('link', { name: email === 'team-manager@test.local' ? 'Iestatījumi' : 'Settings', exact: true }).click();
  await page.waitForURL('**/settings');
}

/** Fills Settings > Team's invitation form and sends it. */
async function invite(page: Page, person: { email: string; name: string; surname: string; role?: 'owner' | 'manager' | 'accountant' }) {
  const form = page.getByRole('form', { name: 'Invite a colleague' });
  await form.getByLabel('E-mail').fill(person.email);
  await form.getByLabel('Name', { exact: true }).fill(person.name);
  await form.getByLabel('Surname').fill(person.surname);
  if (person.role) await form.getByLabel('Role').selectOption(person.role);
  await form.getByRole('button', { name: 'Send invitation' }).click();
}

function row(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: false }) });
}

test.describe.configure({ mode: 'serial' });

test('an owner invites, changes roles, cannot demote the last owner, and removes after confirming', async ({ page }) => {
  await openTeam(page, owner);
  await expect(page.getByRole('heading', { level: 2, name: 'Team' })).toBeVisible();
  await expect(row(page, 'Toms Team')).toContainText('Owner');
  await expect(row(page, 'Marija Team')).toBeVisible();
  await expectNoAxeViolations(page);

  const inviteForm = page.getByRole('form', { name: 'Invite a colleague' });
  await inviteForm.getByRole('button', { name: 'Send invitation' }).click();
  await expect(inviteForm.getByText('This field is required').first()).toBeVisible();

  await invite(page, { email: 'team-manager@test.local', name: 'Marija', surname: 'Team' });
  await expect(inviteForm.getByText('This person is already a member of the company')).toBeVisible();

  await invite(page, { email: 'elza.kolege@example.lv', name: 'Elza', surname: 'Kolēģe', role: 'manager' });
  await expect(page.getByRole('status').filter({ hasText: 'We sent an invitation to elza.kolege@example.lv.' })).toBeVisible();
  await expect(row(page, 'Elza Kolēģe')).toContainText('Invited');
  await expect(inviteForm.getByLabel('E-mail')).toHaveValue('');

  // The only owner is offered neither another role nor removal, and the section says why.
  const ownRole = page.getByLabel('Role of Toms Team');
  await expect(ownRole.getByRole('option', { name: 'Manager' })).toBeDisabled();
  await expect(ownRole.getByRole('option', { name: 'Accountant' })).toBeDisabled();
  await expect(ownRole).toHaveAccessibleDescription(/The company needs at least one owner. Make someone else an owner first./);
  await expect(page.getByText('The company needs at least one owner. Make someone else an owner first.')).toBeVisible();
  // The only owner's row offers nothing to do: no Remove in an actions menu.
  await expect(page.getByRole('button', { name: 'Actions for Toms Team' })).toHaveCount(0);
  await expect(row(page, 'Toms Team')).toContainText('Only owner');
  await expect(ownRole).toHaveValue('owner');

  await page.getByLabel('Role of Marija Team').selectOption('accountant');
  await expect(page.getByRole('status').filter({ hasText: 'Marija Team is now Accountant.' })).toBeVisible();

  await page.getByRole('button', { name: 'Actions for Elza Kolēģe' }).click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove from the team?' });
  await expect(dialog).toContainText('elza.kolege@example.lv');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Elza Kolēģe')).toBeVisible();
  await page.getByRole('button', { name: 'Actions for Elza Kolēģe' }).click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(row(page, 'Elza Kolēģe')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Elza Kolēģe was removed from the team.' })).toBeVisible();
});

test('a manager sees the team but cannot change it (in Latvian)', async ({ page }) => {
  await openTeam(page, 'team-manager@test.local');
  await expect(page.getByRole('heading', { level: 2, name: 'Komanda' })).toBeVisible();
  await expect(page.getByText('Komandu var mainīt tikai īpašnieks.')).toBeVisible();
  await expect(row(page, 'Toms Team')).toContainText('Īpašnieks');
  await expect(page.getByRole('form', { name: 'Uzaicināt kolēģi' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Noņemt/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('an invited person sets a password through the link, sets up a phone and signs in to the company', async ({ page, browser, request }) => {
  await openTeam(page, owner);
  await invite(page, { email: 'nils.jaunais@example.lv', name: 'Nils', surname: 'Jaunais', role: 'accountant' });
  await expect(row(page, 'Nils Jaunais')).toContainText('Invited');

  const link = await emailedLinkPath(request, 'nils.jaunais@example.lv', '/invitation');
  const { context: invitee, page: inviteePage } = await englishVisitor(browser);
  await inviteePage.goto(link);
  await expect(inviteePage.getByRole('heading', { level: 1, name: 'Set up your portal account' })).toBeVisible();
  await expect(inviteePage.getByText('nils.jaunais@example.lv')).toBeVisible();
  await expectNoAxeViolations(inviteePage);
  await inviteePage.getByLabel('New password', { exact: true }).fill('Nils-Pass-2026');
  await inviteePage.getByLabel('Repeat new password').fill('Nils-Pass-2027');
  await inviteePage.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(inviteePage.getByText('Passwords must match')).toBeVisible();
  await inviteePage.getByLabel('Repeat new password').fill('Nils-Pass-2026');
  await inviteePage.getByRole('button', { name: 'Set password and continue' }).click();

  await inviteePage.waitForURL('**/phone/setup');
  await inviteePage.getByLabel('Phone').fill('37129990003');
  await inviteePage.getByRole('button', { name: 'Send code' }).click();
  await inviteePage.getByLabel('SMS code').fill('123456');
  const phoneRecorded = inviteePage.waitForResponse((response) => response.url().endsWith('/users/phone/verify') && response.ok());
  await inviteePage.getByRole('button', { name: 'Confirm phone' }).click();
  await phoneRecorded;
  // Recording the phone ended the session that set it up; a sign-in in that same second would be refused too.
  await pastSessionCut(Date.now());
  await inviteePage.getByRole('link', { name: 'Go to sign in' }).click();
  const login = new LoginPage(inviteePage);
  await login.signIn('nils.jaunais@example.lv', 'Nils-Pass-2026');
  await new VerifyPage(inviteePage).confirm();
  await inviteePage.waitForURL('**/dashboard');
  await expect(inviteePage.getByRole('main')).toContainText('Liepājas Komanda SIA');
  await invitee.close();

  // The link worked once.
  const { context: again, page: againPage } = await englishVisitor(browser);
  await againPage.goto(link);
  await againPage.getByLabel('New password', { exact: true }).fill('Other-Pass-2026');
  await againPage.getByLabel('Repeat new password').fill('Other-Pass-2026');
  await againPage.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(againPage.getByText('This invitation link has expired or was already used.', { exact: false })).toBeVisible();
  await again.close();

  await page.reload();
  await expect(row(page, 'Nils Jaunais')).toContainText('Active');
});

test('an existing user invited by a second company finds it in the client switcher', async ({ page, browser }) => {
  await openTeam(page, owner);
  await invite(page, { email: 'second-company@test.local', name: 'Sintija', surname: 'Second', role: 'manager' });
  await expect(page.getByRole('status').filter({ hasText: 'Sintija Second already had an account and now has access to this company.' })).toBeVisible();
  await expect(row(page, 'Sintija Second')).toContainText('Active');

  const { context: colleague, page: colleaguePage } = await englishVisitor(browser);
  await signIn(colleaguePage, 'second-company@test.local');
  await colleaguePage.waitForURL('**/dashboard');
  const switcher = new NavBar(colleaguePage).company;
  await expect(switcher.getByRole('option', { name: 'Liepājas Komanda SIA' })).toHaveCount(1);
  await switcher.selectOption({ label: 'Liepājas Komanda SIA' });
  await colleaguePage.waitForURL('**/dashboard');
  await expect(switcher).toHaveValue(/company-team/);
  await colleague.close();
});
