import { describe, expect, it } from 'vitest';
import { emptyAccount, validateAccount, type AccountValues } from './account-validation';

const valid: AccountValues = {
  registrationNumber: '40003012345',
  email: 'anna@example.lv',
  phone: '37120001234',
  password: 'correct horse',
  passwordRepeat: 'correct horse',
  name: 'Anna',
  surname: 'Bērziņa',
  termsAccepted: true,
};

describe('validateAccount', () => {
  it('accepts a complete form', () => {
    expect(validateAccount(valid)).toEqual({});
  });

  it('gives each empty field the message of SPEC section 5', () => {
    expect(validateAccount(emptyAccount)).toEqual({
      registrationNumber: 'REGISTRATION_NUMBER_REQUIRED',
      email: 'REQUIRED',
      phone: 'REQUIRED',
      password: 'REQUIRED',
      passwordRepeat: 'REQUIRED',
      name: 'REQUIRED',
      surname: 'REQUIRED',
      termsAccepted: 'TERMS_REQUIRED',
    });
  });

  it('checks the register number, e-mail, password length and name lengths', () => {
    expect(
      validateAccount({ ...valid, registrationNumber: '4000301234', email: 'anna@', password: 'short', passwordRepeat: 'short', name: 'A', surname: 'B'.repeat(51) }),
    ).toEqual({
      registrationNumber: 'INVALID_REGISTRATION_NUMBER',
      email: 'INVALID_EMAIL',
      password: 'PASSWORD_TOO_SHORT',
      name: 'TEXT_TOO_SHORT',
      surname: 'NAME_TOO_LONG',
    });
  });

  it('says the passwords differ even while other fields are still wrong', () => {
    expect(validateAccount({ ...emptyAccount, password: 'correct horse', passwordRepeat: 'correct hose' }).passwordRepeat).toBe(
      'PASSWORDS_DO_NOT_MATCH',
    );
    expect(validateAccount({ ...valid, passwordRepeat: 'correct hose' })).toEqual({ passwordRepeat: 'PASSWORDS_DO_NOT_MATCH' });
  });

  it('asks for the repeat before comparing it', () => {
    expect(validateAccount({ ...valid, passwordRepeat: '' })).toEqual({ passwordRepeat: 'REQUIRED' });
  });

  it('trims the texts as the server does', () => {
    expect(validateAccount({ ...valid, registrationNumber: ' 40003012345 ', name: '  ' })).toEqual({ name: 'REQUIRED' });
  });
});
