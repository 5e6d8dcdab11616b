import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { csvLine } from '@shared/csv';
import { parseCsv } from '@shared/funding';
import { createOwnCompany, joinCompany, type OwnCompany } from '../integration/company-fixtures';
import { putEmployees, type FixtureEmployee } from '../integration/funding-fixtures';
import { fixtureCloud } from './support/fixture-cloud';
import { englishVisitor, expect, expectNoAxeViolations, NavBar, signIn, test, totalAvailable } from './support/portal';
import { detailValue, goToUsers, userPage } from './support/users';

/**
 * Dual approval (issue 35): an owner requires a second person's approval above €500; a manager's €600 funding then
 * waits (nothing moves), the manager cannot decide it, the owner approves it and the employee is paid once. A request
 * made under a rule changed since can only be rejected; a rejected request moves nothing, and its requester reads why
 * under Decided.
 */

interface Team {
  company: OwnCompany;
  /** A manager of the same company (their own company besides, which they switch away from). */
  manager: OwnCompany;
  employee: FixtureEmployee;
}

const fullName = (employee: FixtureEmployee) => `${employee.name} ${employee.surname}`;

async function companyWithManager(prefix: string): Promise<Team> {
  const company = await createOwnCompany(fixtureCloud(), { role: 'owner', availableCents: 100_000 });
  const manager = await createOwnCompany(fixtureCloud());
  await joinCompany(fixtureCloud(), manager.userId, company.companyId, 'manager');
  const [employee] = await putEmployees(fixtureCloud(), company.companyId, 1, 'active', prefix);
  if (!employee) throw new Error('no employee');
  return { company, manager, employee };
}

/** The owner's Settings > Approvals: €500 and Save, confirmed. */
async function requireApprovalAbove500(page: Page, team: Team): Promise<void> {
  await signIn(page, team.company.email);
  await page.waitForURL('**/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings', exact: true }).click();
  await page.waitForURL('**/settings');
  const section = page.getByRole('region', { name: 'Approvals' });
  await expect(section).toContainText('No approval is needed: everything is done at once.');
  // No rule, no change: the navigation has no Approvals link until the owner sets one.
  const approvalsLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Approvals/ });
  await expect(approvalsLink).toHaveCount(0);
  await section.getByLabel('Approval needed above, EUR').fill('500');
  await section.getByRole('button', { name: 'Save', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Save these approval rules?' });
  await expect(confirm).toContainText("Fundings above €500.00 need a second person's approval.");
  await expect(confirm).toContainText('A request expires if nobody decides it within 7 days.');
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Save the rules' }).click();
  await expect(confirm).toBeHidden();
  await expect(section.getByRole('status')).toHaveText('Saved: the approval rules above now apply.');
  await expect(section).toContainText("Fundings above €500.00 need a second person's approval.");
  await expect(approvalsLink).toHaveCount(1);
  await expectNoAxeViolations(page);
}

/** The manager, in their own browser, signed in and working in the owner's company. */
async function managerInCompany(browser: Browser, team: Team) {
  const visitor = await englishVisitor(browser);
  const { page } = visitor;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, team.manager.email);
  await page.waitForURL('**/dashboard');
  const nav = new NavBar(page);
  await nav.company.selectOption({ label: team.company.name });
  await expect(nav.company).toHaveValue(new RegExp(team.company.companyId));
  return visitor;
}

/** The manager, in their own browser and in the owner's company, sends a funding that waits. */
async function managerSendsForApproval(browser: Browser, team: Team, amount: string, amountText: string) {
  const visitor = await managerInCompany(browser, team);
  const { page } = visitor;

  await page.goto(`/users/${team.employee.employeeId}`);
  await expect(page.getByRole('heading', { level: 1, name: fullName(team.employee) })).toBeVisible();
  const user = userPage(page);
  const balance = detailValue(user.money, 'Balance');
  await expect(balance).toHaveText('€0.00');
  await user.money.getByRole('button', { name: 'Add funds' }).click();
  const amountDialog = page.getByRole('dialog', { name: `Add funds to ${fullName(team.employee)}` });
  await amountDialog.getByLabel('Amount, EUR').fill(amount);
  await amountDialog.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send for approval' });
  await expect(confirm).toContainText(`Send the funding of ${amountText} to ${fullName(team.employee)} for approval?`);
  await expect(confirm).toContainText('this one will wait for an owner or another manager, and nothing moves until one of them approves it');
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Send for approval' }).click();

  const sent = page.getByRole('dialog', { name: 'Sent for approval' });
  await expect(sent).toContainText(`The funding of ${amountText} to ${fullName(team.employee)} waits for an owner or another manager to approve it.`);
  await expect(sent).not.toContainText('The funds were added');
  await expectNoAxeViolations(page);
  await sent.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(sent).toBeHidden();
  // Nothing moved: the card's balance is what it was.
  await expect(balance).toHaveText('€0.00');
  return { ...visitor, balance };
}

test('above the rule a manager\'s funding waits; the manager cannot approve it, the owner does, and the employee is paid once', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const team = await companyWithManager('appr');
  await requireApprovalAbove500(page, team);

  const manager = await managerSendsForApproval(browser, team, '600', '€600.00');
  try {
    // The requester's own request waits for someone else: no Approve, no Reject, and why.
    await manager.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals', exact: true }).click();
    await manager.page.waitForURL('**/approvals');
    const waiting = manager.page.getByRole('table', { name: 'Requests waiting for approval' });
    const own = waiting.getByRole('row').filter({ hasText: fullName(team.employee) });
    await expect(own).toContainText('€600.00');
    await expect(own).toContainText('Waits for an owner or another manager');
    await expect(own.getByRole('button', { name: /^(Approve|Reject)\b/ })).toHaveCount(0);
    await expectNoAxeViolations(manager.page);

    // The owner: the dashboard says a request waits, the navigation counts it for screen readers.
    await page.goto('/dashboard');
    const notice = page.getByRole('region', { name: 'Needs your attention' }).getByRole('note').filter({ hasText: '1 request waits for your approval.' });
    await expect(notice).toBeVisible();
    const approvalsLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals', exact: true });
    await expect(approvalsLink).toHaveAccessibleDescription('1 waiting');
    // At 375 px the links fold into the menu, the badge beside its link, nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(approvalsLink).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await expectNoAxeViolations(page);
    await approvalsLink.click();
    await page.waitForURL('**/approvals');
    await page.setViewportSize({ width: 1440, height: 900 });

    const row = page.getByRole('table', { name: 'Requests waiting for approval' }).getByRole('row').filter({ hasText: fullName(team.employee) });
    await expect(row).toContainText(team.manager.fullName);
    await expect(row).toContainText("€600.00");
    await expectNoAxeViolations(page);
    await row.getByRole('button', { name: /^Approve\b/ }).click();
    const approve = page.getByRole('dialog', { name: 'Approve the funding' });
    await expect(approve).toContainText(`€600.00 will be moved from the main account to ${fullName(team.employee)}'s card now.`);
    await expectNoAxeViolations(page);
    await approve.getByRole('button', { name: 'Approve and transfer' }).click();
    await expect(approve).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Approved: €600.00 was transferred from the main account.' })).toBeVisible();
    await expect(page.getByText('Nothing waits for approval')).toBeVisible();
    await expect(approvalsLink).not.toHaveAccessibleDescription('1 waiting');

    await page.getByRole('link', { name: 'Decided', exact: true }).click();
    const decided = page.getByRole('table', { name: 'Decided requests' }).getByRole('row').filter({ hasText: fullName(team.employee) });
    await expect(decided).toContainText('Approved');
    await expect(decided).toContainText(team.company.fullName);

    // Paid once: the card €600.00, the main account €1,000.00 less €600.00.
    await page.goto(`/users/${team.employee.employeeId}`);
    await expect(detailValue(userPage(page).money, 'Balance')).toHaveText('€600.00');
    await page.goto('/dashboard');
    await expect(totalAvailable(page)).toHaveText('€400.00');
    await manager.page.goto(`/users/${team.employee.employeeId}`);
    await expect(detailValue(userPage(manager.page).money, 'Balance')).toHaveText('€600.00');
  } finally {
    await manager.context.close();
  }
});

test('a request made under a rule changed since can only be rejected; rejected, it moves nothing, and its requester reads it under Decided with the comment', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const team = await companyWithManager('rej');
  await requireApprovalAbove500(page, team);
  const manager = await managerSendsForApproval(browser, team, '700', '€700.00');
  try {
    // The owner raises the amount after the request: what was asked under €500 can no longer be approved as it was.
    const section = page.getByRole('region', { name: 'Approvals' });
    await section.getByLabel('Approval needed above, EUR').fill('600');
    await section.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog', { name: 'Save these approval rules?' }).getByRole('button', { name: 'Save the rules' }).click();
    await expect(section.getByRole('status')).toHaveText('Saved: the approval rules above now apply.');

    await page.goto('/approvals');
    const row = page.getByRole('table', { name: 'Requests waiting for approval' }).getByRole('row').filter({ hasText: fullName(team.employee) });
    await expect(row).toContainText('Rules changed since: reject it and ask again');
    await expect(row.getByRole('button', { name: /^Approve\b/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await row.getByRole('button', { name: /^Reject\b/ }).click();
    const reject = page.getByRole('dialog', { name: 'Reject the request' });
    // The requester reads why: the comment is required.
    await reject.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(reject.getByText('This field is required')).toBeVisible();
    await expectNoAxeViolations(page);
    await reject.getByLabel('Why it is rejected').fill('Not in this month\'s budget');
    await reject.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(reject).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Rejected: nothing was transferred.' })).toBeVisible();

    await manager.page.goto('/approvals');
    await manager.page.getByRole('link', { name: 'Decided', exact: true }).click();
    const decided = manager.page.getByRole('table', { name: 'Decided requests' }).getByRole('row').filter({ hasText: fullName(team.employee) });
    await expect(decided).toContainText('Rejected');
    await expect(decided).toContainText('€700.00');
    // The comment is in the row's detail (a row is one line).
    await decided.getByRole('button', { name: /^Details of / }).click();
    await expect(manager.page.getByRole('table', { name: 'Decided requests' })).toContainText("Not in this month's budget");
    await expectNoAxeViolations(manager.page);

    await manager.page.goto(`/users/${team.employee.employeeId}`);
    await expect(detailValue(userPage(manager.page).money, 'Balance')).toHaveText('€0.00');
    await page.goto('/dashboard');
    await expect(totalAvailable(page)).toHaveText('€1,000.00');
  } finally {
    await manager.context.close();
  }
});

test('a funding file above the rule waits whole: nothing moves until the owner approves it, then every row is paid once', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const team = await companyWithManager('file');
  await requireApprovalAbove500(page, team);
  const manager = await managerInCompany(browser, team);
  try {
    await goToUsers(manager.page);
    const download = manager.page.waitForEvent('download');
    await manager.page.getByRole('button', { name: 'Download template' }).click();
    const [header = [], ...rows] = parseCsv(readFileSync(await (await download).path(), 'utf8')) ?? [];
    const content = [header, ...rows.map((row) => [...row.slice(0, -1), row[0] === team.employee.employeeId ? '600.00' : ''])].map((row) => csvLine(row)).join('');
    await manager.page.getByRole('button', { name: 'Add funds by CSV' }).click();
    const dialog = manager.page.getByRole('dialog', { name: 'Add funds by CSV' });
    await dialog.getByLabel('CSV file').setInputFiles({ name: 'december-bonus.csv', mimeType: 'text/csv', buffer: Buffer.from(content) });
    await dialog.getByRole('button', { name: 'Check the file' }).click();
    // Said before the click: the file waits whole, nothing moves.
    await expect(dialog).toContainText("The total is above the company's approval amount: the file will wait whole for an owner or another manager to approve it");
    await expectNoAxeViolations(manager.page);
    await dialog.getByRole('button', { name: 'Send for approval' }).click();
    await expect(dialog.getByRole('status')).toContainText("The file's €600.00 to 1 user waits for an owner or another manager to approve it.");
    await expectNoAxeViolations(manager.page);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await manager.page.goto(`/users/${team.employee.employeeId}`);
    await expect(detailValue(userPage(manager.page).money, 'Balance')).toHaveText('€0.00');

    await page.goto('/approvals');
    const row = page.getByRole('table', { name: 'Requests waiting for approval' }).getByRole('row').filter({ hasText: 'december-bonus.csv' });
    await expect(row).toContainText('€600.00');
    await expect(row).toContainText(team.manager.fullName);
    await row.getByRole('button', { name: /^Approve\b/ }).click();
    const approve = page.getByRole('dialog', { name: 'Approve the funding file' });
    await expect(approve).toContainText('€600.00 will be set aside from the main account now and paid to 1 user (december-bonus.csv) within a few minutes');
    await expectNoAxeViolations(page);
    await approve.getByRole('button', { name: 'Approve and transfer' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Approved: €600.00 is set aside and being paid.' })).toBeVisible();

    // The funding worker pays it from what the approval set aside: the card once, the account once.
    await page.goto(`/users/${team.employee.employeeId}`);
    await expect(async () => {
      await page.reload();
      await expect(detailValue(userPage(page).money, 'Balance')).toHaveText('€600.00', { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await page.goto('/dashboard');
    await expect(totalAvailable(page)).toHaveText('€400.00');
  } finally {
    await manager.context.close();
  }
});
