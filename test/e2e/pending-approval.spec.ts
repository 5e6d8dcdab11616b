import { expect, expectNoAxeViolations, signIn, test } from './support/portal';

test('a company whose onboarding awaits approval sees where its application stands (in Latvian)', async ({ page }) => {
  await signIn(page, 'pending@demo.local');
  await page.waitForURL('**/signup/financial_information');
  await expect(page.getByText('Paldies! Jūsu pieteikums ir iesniegts.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Rīgas Dārzi SIA: jūsu pieteikums tiek izskatīts' })).toBeVisible();
  await expect(page.getByText('Kad uzņēmums būs apstiprināts, mēs jums nosūtīsim e-pastu.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  // Nothing else opens before approval: the guard keeps the company on its application.
  await page.goto('/dashboard');
  await page.waitForURL('**/signup/financial_information');
});
