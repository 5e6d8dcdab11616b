import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import {
  addEmployeeBodySchema,
  bulkCardActionBodySchema,
  changePhoneBodySchema,
  employeeListQuerySchema,
  eurTextSchema,
  limitsBodySchema,
  limitsFormSchema,
  newEmployeeFieldsSchema,
  replaceCardBodySchema,
} from './employees';
import { messageCodeOf } from './validation';

/** The field codes a caller would get back, as the API's validation reports them (first problem per field). */
function fieldCodes(schema: z.ZodMiniType, value: unknown): Record<string, string> | 'valid' {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return 'valid';
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.map(String).join('.') || '_'] ??= messageCodeOf(issue);
  return fields;
}

const person = { name: 'Anna', surname: 'Bērziņa', phone: '37120000001' };

describe('adding an employee', () => {
  it('takes a name, surname and phone, trimmed, and needs no confirmation then', () => {
    expect(addEmployeeBodySchema.parse({ name: ' Anna ', surname: ' Bērziņa', phone: ' 37120000001 ' })).toEqual({
      name: 'Anna',
      surname: 'Bērziņa',
      phone: '37120000001',
      confirmWithoutPhone: false,
    });
  });

  it('requires the name and the surname, each with its own code', () => {
    expect(fieldCodes(addEmployeeBodySchema, { phone: person.phone })).toEqual({ name: 'NAME_REQUIRED', surname: 'SURNAME_REQUIRED' });
    expect(fieldCodes(addEmployeeBodySchema, { ...person, name: '   ', surname: '' })).toEqual({ name: 'NAME_REQUIRED', surname: 'SURNAME_REQUIRED' });
  });

  it('keeps names between 2 and 50 symbols and refuses a name that is not text', () => {
    expect(fieldCodes(addEmployeeBodySchema, { ...person, name: 'A' })).toEqual({ name: 'TEXT_TOO_SHORT' });
    expect(fieldCodes(addEmployeeBodySchema, { ...person, surname: 'x'.repeat(51) })).toEqual({ surname: 'NAME_TOO_LONG' });
    expect(fieldCodes(addEmployeeBodySchema, { ...person, surname: 'x'.repeat(50) })).toBe('valid');
    expect(fieldCodes(addEmployeeBodySchema, { ...person, name: 42 })).toEqual({ name: 'INVALID_VALUE' });
  });

  it('asks for a confirmation when the phone is left out (SPEC section 4)', () => {
    const withoutPhone = { name: 'Anna', surname: 'Bērziņa' };
    expect(fieldCodes(addEmployeeBodySchema, withoutPhone)).toEqual({ phone: 'PHONE_CONFIRMATION_REQUIRED' });
    expect(fieldCodes(addEmployeeBodySchema, { ...withoutPhone, phone: '  ' })).toEqual({ phone: 'PHONE_CONFIRMATION_REQUIRED' });
    expect(addEmployeeBodySchema.parse({ ...withoutPhone, phone: '', confirmWithoutPhone: true })).toEqual({ ...withoutPhone, confirmWithoutPhone: true });
  });

  it('reports the missing confirmation together with other problems, so the form shows them at once', () => {
    expect(fieldCodes(addEmployeeBodySchema, { name: '', surname: 'Bērziņa' })).toEqual({ name: 'NAME_REQUIRED', phone: 'PHONE_CONFIRMATION_REQUIRED' });
  });

  it.each([
    ['+37120000001', 'INVALID_PHONE'],
    ['371 2000 0001', 'INVALID_PHONE'],
    ['0371200000', 'INVALID_PHONE'],
    ['3712', 'INVALID_PHONE'],
    ['3712000000012345', 'INVALID_PHONE'],
  ])('refuses the phone %s (country code and number, digits only, no plus)', (phone, code) => {
    expect(fieldCodes(addEmployeeBodySchema, { ...person, phone })).toEqual({ phone: code });
  });

  it.each([['010190-12345'], ['321234-56789']])('takes the personal code %s', (personalCode) => {
    expect(addEmployeeBodySchema.parse({ ...person, personalCode }).personalCode).toBe(personalCode);
  });

  it.each([['01019012345'], ['010190-1234'], ['abcdef-12345'], ['010190 12345']])('refuses the personal code %s', (personalCode) => {
    expect(fieldCodes(addEmployeeBodySchema, { ...person, personalCode })).toEqual({ personalCode: 'INVALID_PERSONAL_CODE' });
  });

  it('takes an optional e-mail and refuses a malformed one', () => {
    expect(addEmployeeBodySchema.parse({ ...person, email: '' }).email).toBeUndefined();
    expect(addEmployeeBodySchema.parse({ ...person, email: 'anna@example.lv' }).email).toBe('anna@example.lv');
    expect(fieldCodes(addEmployeeBodySchema, { ...person, email: 'anna@' })).toEqual({ email: 'INVALID_EMAIL' });
  });

  it('checks the form fields alone without the confirmation, which the dialog asks for itself', () => {
    expect(fieldCodes(newEmployeeFieldsSchema, { name: 'Anna', surname: 'Bērziņa', phone: '', email: '', personalCode: '' })).toBe('valid');
    expect(fieldCodes(newEmployeeFieldsSchema, { name: '', surname: '', phone: '1', email: '', personalCode: '' })).toEqual({
      name: 'NAME_REQUIRED',
      surname: 'SURNAME_REQUIRED',
      phone: 'INVALID_PHONE',
    });
  });
});

describe('changing the phone', () => {
  it('requires a phone in the SPEC shape', () => {
    expect(fieldCodes(changePhoneBodySchema, {})).toEqual({ phone: 'REQUIRED' });
    expect(fieldCodes(changePhoneBodySchema, { phone: '' })).toEqual({ phone: 'REQUIRED' });
    expect(fieldCodes(changePhoneBodySchema, { phone: '+37120000001' })).toEqual({ phone: 'INVALID_PHONE' });
    expect(changePhoneBodySchema.parse({ phone: '37120000001' })).toEqual({ phone: '37120000001' });
  });
});

describe('limits', () => {
  const limits = { limitCents: 30_000, annualLimitCents: 300_000, mccGroups: ['groceries', 'fuel'] };

  it('takes positive whole cents and at least one merchant group', () => {
    expect(limitsBodySchema.parse(limits)).toEqual(limits);
    expect(limitsBodySchema.parse({ ...limits, annualLimitCents: 30_000 })).toMatchObject({ annualLimitCents: 30_000 });
  });

  it('requires each limit (SPEC: Limit required)', () => {
    expect(fieldCodes(limitsBodySchema, { mccGroups: ['fuel'] })).toEqual({ limitCents: 'LIMIT_REQUIRED', annualLimitCents: 'LIMIT_REQUIRED' });
    expect(fieldCodes(limitsBodySchema, { ...limits, limitCents: null })).toEqual({ limitCents: 'LIMIT_REQUIRED' });
  });

  it.each([
    [0, 'AMOUNT_NOT_POSITIVE'],
    [-100, 'AMOUNT_NOT_POSITIVE'],
    [10.5, 'AMOUNT_TOO_PRECISE'],
    ['100', 'NUMBER_INVALID'],
    [100_000_001, 'NUMBER_TOO_LARGE'],
  ])('refuses a monthly limit of %s with %s', (limitCents, code) => {
    expect(fieldCodes(limitsBodySchema, { ...limits, limitCents })).toMatchObject({ limitCents: code });
  });

  it('refuses an annual limit below the monthly one', () => {
    expect(fieldCodes(limitsBodySchema, { ...limits, annualLimitCents: 29_999 })).toEqual({ annualLimitCents: 'ANNUAL_LIMIT_BELOW_MONTHLY' });
  });

  it('refuses no group, an unknown group and a group named twice', () => {
    expect(fieldCodes(limitsBodySchema, { ...limits, mccGroups: [] })).toEqual({ mccGroups: 'LIST_REQUIRED' });
    expect(fieldCodes(limitsBodySchema, { ...limits, mccGroups: undefined })).toEqual({ mccGroups: 'REQUIRED' });
    expect(fieldCodes(limitsBodySchema, { ...limits, mccGroups: ['casino'] })).toEqual({ 'mccGroups.0': 'INVALID_VALUE' });
    expect(fieldCodes(limitsBodySchema, { ...limits, mccGroups: ['fuel', 'fuel'] })).toEqual({ mccGroups: 'DUPLICATE_OPTION' });
  });

  it('reads the form in euros with the same rules', () => {
    expect(limitsFormSchema.parse({ limit: '300', annualLimit: '3000.50', mccGroups: ['fuel'] })).toEqual({ limit: 30_000, annualLimit: 300_050, mccGroups: ['fuel'] });
    expect(fieldCodes(limitsFormSchema, { limit: '', annualLimit: '10', mccGroups: [] })).toEqual({ limit: 'LIMIT_REQUIRED', mccGroups: 'LIST_REQUIRED' });
    expect(fieldCodes(limitsFormSchema, { limit: '300', annualLimit: '299.99', mccGroups: ['fuel'] })).toEqual({ annualLimit: 'ANNUAL_LIMIT_BELOW_MONTHLY' });
  });
});

describe('a euro amount typed in a form', () => {
  const amount = eurTextSchema('AMOUNT_REQUIRED');

  it.each([
    ['12.5', 1250],
    ['12.50', 1250],
    [' 7 ', 700],
    ['0.01', 1],
    ['1000000', 100_000_000],
  ])('reads %s as %i cents', (text, cents) => {
    expect(amount.parse(text)).toBe(cents);
  });

  it.each([
    ['12.505', 'AMOUNT_TOO_PRECISE'],
    ['-1', 'AMOUNT_NOT_POSITIVE'],
    ['0', 'AMOUNT_NOT_POSITIVE'],
    ['abc', 'NUMBER_INVALID'],
    ['12,5', 'NUMBER_INVALID'],
    ['1e3', 'NUMBER_INVALID'],
    ['', 'AMOUNT_REQUIRED'],
    ['1000000.01', 'NUMBER_TOO_LARGE'],
  ])('refuses %s with %s', (text, code) => {
    expect(fieldCodes(amount, text)).toEqual({ _: code });
  });

  it('names the missing amount with the code it is given', () => {
    expect(fieldCodes(eurTextSchema('LIMIT_REQUIRED'), undefined)).toEqual({ _: 'LIMIT_REQUIRED' });
  });
});

describe('replacing a card', () => {
  const replacement = { reason: 'lost', address: { address: 'Brīvības iela 1', city: 'Rīga', country: 'LV', postalCode: 'LV-1010' }, expectedFeeCents: 500 };

  it('takes a reason, a delivery address and the fee the user confirmed', () => {
    expect(replaceCardBodySchema.parse(replacement)).toEqual(replacement);
  });

  it('names what is missing or wrong', () => {
    expect(fieldCodes(replaceCardBodySchema, { address: { ...replacement.address, city: '', postalCode: 'LV/1010' } })).toEqual({
      reason: 'REQUIRED',
      'address.city': 'REQUIRED',
      'address.postalCode': 'INVALID_VALUE',
      expectedFeeCents: 'REQUIRED',
    });
    expect(fieldCodes(replaceCardBodySchema, { ...replacement, reason: 'bored', expectedFeeCents: -1 })).toEqual({ reason: 'INVALID_VALUE', expectedFeeCents: 'INVALID_VALUE' });
    // The form's reason select left on its empty option.
    expect(fieldCodes(replaceCardBodySchema, { ...replacement, reason: '' })).toEqual({ reason: 'REQUIRED' });
  });
});

describe('bulk actions and the list query', () => {
  it('takes activate, block or unblock for 1 to 100 employees', () => {
    expect(fieldCodes(bulkCardActionBodySchema, { action: 'activate', employeeIds: ['a'] })).toBe('valid');
    expect(fieldCodes(bulkCardActionBodySchema, { action: 'activate', employeeIds: [] })).toEqual({ employeeIds: 'LIST_REQUIRED' });
    expect(fieldCodes(bulkCardActionBodySchema, { action: 'terminate', employeeIds: ['a'] })).toEqual({ action: 'INVALID_VALUE' });
    expect(fieldCodes(bulkCardActionBodySchema, { action: 'block', employeeIds: Array.from({ length: 101 }, (_, i) => `e${i}`) })).toEqual({ employeeIds: 'INVALID_VALUE' });
  });

  it("reads the list's query string with SPEC's page sizes and the status filters", () => {
    expect(employeeListQuerySchema.parse({})).toEqual({ page: 1, itemsPerPage: 10 });
    expect(employeeListQuerySchema.parse({ page: '2', itemsPerPage: '25', status: 'active', cardStatus: 'soft_blocked', search: ' anna ' })).toEqual({
      page: 2,
      itemsPerPage: 25,
      status: 'active',
      cardStatus: 'soft_blocked',
      search: 'anna',
    });
    expect(fieldCodes(employeeListQuerySchema, { itemsPerPage: '7' })).toEqual({ itemsPerPage: 'INVALID_OPTION' });
    expect(fieldCodes(employeeListQuerySchema, { status: 'sleeping', cardStatus: 'lost' })).toEqual({ status: 'INVALID_VALUE', cardStatus: 'INVALID_VALUE' });
  });
});
