import { createOwnCompany, joinCompany, leaveCompany } from '../integration/company-fixtures';
import { putEmployees, type FixtureEmployee } from '../integration/funding-fixtures';
import { fixtureCloud } from './support/fixture-cloud';
import { expect, expectNoAxeViolations, NavBar, signIn, test, totalAvailable } from './support/portal';
import { chooseRowAction, goToUsers, shownNames, userRow, usersLoaded } from './support/users';

/**
 * Issue 30: the company a tab shows is the company it acts on (DESIGN section 6). One person works for two companies of
 * their own (exact amounts), in two tabs of one browser.
 */
const fullName = (employee: FixtureEmployee) => `${employee.name} ${employee.surname}`;

test('two tabs on two companies each list, fund and refresh their own; a tab whose company was taken away says so and offers the other', async ({ context, page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const cloud = fixtureCloud();
  const [first, second] = await Promise.all([createOwnCompany(cloud, { availableCents: 100_000 }), createOwnCompany(cloud, { availableCents: 50_000 })]);
  await joinCompany(cloud, first.userId, second.companyId, 'manager');
  const [[ours], [theirs]] = (await Promise.all([putEmployees(cloud, first.companyId, 1, 'active', 'tab-one'), putEmployees(cloud, second.companyId, 1, 'active', 'tab-two')])) as [
    [FixtureEmployee],
    [FixtureEmployee],
  ];

  await signIn(page, first.email);
  await page.waitForURL('**/dashboard');
  const nav = new NavBar(page);
  await expect(nav.company).toHaveValue(first.companyId);

  // A second tab opens on the last company, then switches to the other one.
  const other = await context.newPage();
  await other.goto('/dashboard');
  const otherNav = new NavBar(other);
  await expect(otherNav.company).toHaveValue(first.companyId);
  await otherNav.company.selectOption({ label: second.name });
  await expect(otherNav.company).toHaveValue(second.companyId);
  await expect(totalAvailable(other)).toHaveText('€500.00');

  // The first tab still shows its company, and funds in it.
  await expect(nav.company).toHaveValue(first.companyId);
  await goToUsers(page);
  expect(await shownNames(page)).toEqual([fullName(ours)]);
  await chooseRowAction(page, userRow(page, fullName(ours)), fullName(ours), 'Add funds');
  const amount = page.getByRole('dialog', { name: `Add funds to ${fullName(ours)}` });
  await expect(amount).toContainText('Available on the main account: €1,000.00');
  await amount.getByLabel('Amount, EUR').fill('40');
  await amount.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('dialog', { name: 'Confirm the transfer' }).getByRole('button', { name: 'Transfer' }).click();
  await expect(page.getByRole('status').filter({ hasText: `The funds were added to ${fullName(ours)}` })).toBeVisible();

  // Refreshed, each tab shows its own company: the money moved in the first only.
  await other.reload();
  await expect(otherNav.company).toHaveValue(second.companyId);
  await expect(totalAvailable(other)).toHaveText('€500.00');
  await goToUsers(other);
  expect(await shownNames(other)).toEqual([fullName(theirs)]);
  await page.reload();
  await expect(nav.company).toHaveValue(first.companyId);
  await usersLoaded(page);
  expect(await shownNames(page)).toEqual([fullName(ours)]);
  await page.goto('/dashboard');
  await expect(totalAvailable(page)).toHaveText('€960.00');

  // The second company takes this person off its team: that tab shows nothing of it, and offers the first company.
  await leaveCompany(cloud, first.userId, second.companyId);
  await other.reload();
  await expect(other.getByRole('heading', { level: 1, name: 'You no longer have access to this company' })).toBeVisible();
  await expect(other.getByText(`You are no longer a member of ${second.name}`)).toBeVisible();
  await expect(other.getByText('€500.00')).toHaveCount(0);
  await expectNoAxeViolations(other);
  await other.getByRole('button', { name: first.name }).click();
  await other.waitForURL('**/dashboard');
  await expect(otherNav.company).toHaveCount(0);
  await expect(totalAvailable(other)).toHaveText('€960.00');
  // The first tab never noticed.
  await expect(totalAvailable(page)).toHaveText('€960.00');
});
