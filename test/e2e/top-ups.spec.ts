import { randomUUID } from 'node:crypto';
import { ibanOf } from '@shared/iban';
import { paymentReferenceOf } from '@shared/top-ups';
import { englishVisitor, expect, expectNoAxeViolations, screenLoaded, signIn, test, totalAvailable } from './support/portal';

// Liepājas Komanda (test-only, seeded on the test ports): no other spec reads its balance, so the credit here moves
// only what this spec checks, and it reads the amount before it acts instead of assuming one.
const company = { name: 'Liepājas Komanda SIA', registrationNumber: '40103556002', owner: 'team@test.local' };
const header = 'Bank transaction ID,Booking date,Amount,Currency,Payer name,Payer IBAN,Beneficiary IBAN,Reference';
const collectionIban = ibanOf('LV', 'BCRD0000000000001');

/** "€1,234.56" as shown (en-GB), read back as cents. */
const centsOf = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);

test('an admin imports a statement, assigns its unmatched line, and the company sees the money on its dashboard', async ({ page, browser }) => {
  const owner = await englishVisitor(browser);
  await signIn(owner.page, company.owner);
  await owner.page.waitForURL('**/dashboard');
  await expect(owner.page.getByTestId('dashboard-top-up-reference')).toHaveText(paymentReferenceOf(company.registrationNumber).replace(/(.{4})/g, '$1 ').trim());
  // The amount, not its loading placeholder.
  await expect(totalAvailable(owner.page)).toHaveText(/€/);
  const before = centsOf((await totalAvailable(owner.page).textContent()) ?? '');

  const id = `E2E-${randomUUID()}`;
  const payer = `Unknown Payer ${id.slice(4, 12)}`;
  const statement = [header, `${id},2026-03-02,12.34,EUR,${payer},,${collectionIban},no reference`, `${id}-bad,2026-03-02,1.234,EUR,${payer},,${collectionIban},`].join('\r\n');

  await signIn(page, 'admin@demo.local');
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Top-ups' }).click();
  await page.waitForURL('**/admin/top-ups');
  await screenLoaded(page);
  await expectNoAxeViolations(page);

  await page.getByLabel('Bank statement (CSV)').setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(statement) });
  await page.getByRole('button', { name: 'Import statement' }).click();
  const confirm = page.getByRole('dialog', { name: 'Import this statement?' });
  await confirm.getByRole('button', { name: 'Import and credit' }).click();
  const results = page.getByRole('table', { name: 'Lines of statement.csv' });
  await expect(results.getByRole('row').filter({ hasText: id }).first()).toContainText('Unmatched');
  await expect(results.getByRole('row').filter({ hasText: `${id}-bad` })).toContainText('Amount: Use at most two decimals');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: `Assign €12.34 from ${payer}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign a transfer' });
  await dialog.getByLabel('Company name or registration number').fill('Liepājas');
  await dialog.getByRole('radio', { name: new RegExp(company.name) }).check();
  await expect(dialog).toContainText(`€12.34 will be credited to ${company.name}'s main account.`);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Credit the company' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Credited to ${company.name} (assigned by hand)` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Assign €12.34 from ${payer}` })).toHaveCount(0);

  await owner.page.reload();
  await expect.poll(async () => centsOf((await totalAvailable(owner.page).textContent()) ?? '')).toBe(before + 1_234);
  await owner.context.close();
});

test('company users are kept out of /admin/top-ups', async ({ page }) => {
  await signIn(page, company.owner);
  await page.waitForURL('**/dashboard');
  await page.goto('/admin/top-ups');
  await expect(page).not.toHaveURL(/\/admin\/top-ups/);
});
