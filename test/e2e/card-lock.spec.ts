import type { APIRequestContext } from '@playwright/test';
import { signInLockRules } from '@shared/cardholder';
import { allowNextCardCode, claimCardholderPhone } from '../integration/cardholder-fixtures';
import { createOwnCompany } from '../integration/company-fixtures';
import { putEmployees } from '../integration/funding-fixtures';
import { fixtureCloud } from './support/fixture-cloud';
import { englishVisitor, expect, expectNoAxeViolations, signIn, test } from './support/portal';
import { apiOrigin } from './support/test-cloud';

/**
 * Issue 30: wrong /card codes count per phone across codes; the tenth locks the phone, the employee is told on the page,
 * and the company sees the lock on the employee and may lift it.
 */
async function typeWrongCodes(request: APIRequestContext, phone: string, count: number): Promise<void> {
  const cloud = fixtureCloud();
  for (let typed = 0; typed < count; typed += 1) {
    if (typed % 5 === 0) {
      await allowNextCardCode(cloud, phone);
      expect((await request.post(`${apiOrigin()}/card/sign-in/code`, { data: { phone } })).status()).toBe(200);
    }
    expect((await request.post(`${apiOrigin()}/card/sign-in`, { data: { phone, code: '000000' } })).status()).toBeLessThan(429);
  }
}

test('the tenth wrong code locks the phone: the card page says until when, the manager sees it and lifts it, and the employee signs in', async ({ page, browser, request }) => {
  const cloud = fixtureCloud();
  const company = await createOwnCompany(cloud, { role: 'manager' });
  const [employee] = await putEmployees(cloud, company.companyId, 1, 'active', 'locked-card');
  if (!employee) throw new Error('no employee');
  await claimCardholderPhone(cloud, company.companyId, employee);
  await typeWrongCodes(request, employee.phone, signInLockRules.maxWrongCodes - 1);

  // The employee, on a phone, types the tenth wrong code.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/card');
  await allowNextCardCode(cloud, employee.phone);
  await page.getByLabel('Phone').fill(employee.phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('SMS code').fill('000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const locked = page.getByRole('alert').filter({ hasText: 'Too many wrong codes were typed for this phone. Signing in with it is locked until' });
  await expect(locked).toContainText(/until \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}\./);
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // The company's manager sees the lock on the employee, asked to be sure, lifts it.
  const manager = await englishVisitor(browser);
  try {
    await manager.page.setViewportSize({ width: 1440, height: 900 });
    await signIn(manager.page, company.email);
    await manager.page.goto(`/users/${employee.employeeId}`);
    const card = manager.page.getByRole('region', { name: 'Card' });
    await expect(card.getByText('Locked', { exact: true })).toBeVisible();
    await expect(card).toContainText(/until \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}, after too many wrong SMS codes/);
    await card.getByRole('button', { name: 'Lift the sign-in lock' }).click();
    const dialog = manager.page.getByRole('dialog', { name: `Lift the card page sign-in lock of ${employee.name} ${employee.surname}?` });
    await expect(dialog).toContainText('anyone who has the phone number can then try codes again');
    await expectNoAxeViolations(manager.page);
    await dialog.getByRole('button', { name: 'Lift the sign-in lock' }).click();
    await expect(manager.page.getByRole('status').filter({ hasText: 'The sign-in lock is lifted.' })).toBeVisible();
    await expect(card.getByText('Locked', { exact: true })).toHaveCount(0);
    await expect(manager.page.getByRole('table').first()).toContainText('Card page sign-in lock lifted');
  } finally {
    await manager.context.close();
  }

  // The employee asks for a code again: it is sent.
  await allowNextCardCode(cloud, employee.phone);
  await page.getByRole('button', { name: 'Send the code again' }).click();
  await expect(page.getByText('We sent a new code.')).toBeVisible();
});
