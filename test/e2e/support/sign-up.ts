import type { Page } from '@playwright/test';

export interface AccountLabels {
  registrationNumber: string;
  email: string;
  phone: string;
  password: string;
  passwordRepeat: string;
  name: string;
  surname: string;
  terms: RegExp;
  submit: string;
}
export const english: AccountLabels = {
  registrationNumber: 'Company registration number',
  email: 'E-mail',
  phone: 'Mobile phone',
  password: 'Password',
  passwordRepeat: 'Repeat password',
  name: 'Name',
  surname: 'Surname',
  terms: /I accept the/,
  submit: 'Create account',
};
export const latvian: AccountLabels = {
  registrationNumber: 'Uzņēmuma reģistrācijas numurs',
  email: 'E-pasts',
  phone: 'Mobilā tālruņa numurs',
  password: 'Parole',
  passwordRepeat: 'Atkārtojiet paroli',
  name: 'Vārds',
  surname: 'Uzvārds',
  terms: /Es piekrītu/,
  submit: 'Izveidot kontu',
};

export async function fillAccount(page: Page, labels: AccountLabels, values: { registrationNumber: string; email: string }) {
  await page.getByLabel(labels.registrationNumber).fill(values.registrationNumber);
  await page.getByLabel(labels.email).fill(values.email);
  // Every owner has a phone of their own, derived from the company's number.
  await page.getByLabel(labels.phone).fill(`3712${values.registrationNumber.slice(-7)}`);
  await page.getByLabel(labels.password, { exact: true }).fill('Signup-Pass-42');
  await page.getByLabel(labels.passwordRepeat).fill('Signup-Pass-42');
  await page.getByLabel(labels.name, { exact: true }).fill('Zane');
  await page.getByLabel(labels.surname).fill('Zemgale');
  await page.getByLabel(labels.terms).check();
}
