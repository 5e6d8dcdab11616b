import type { FormikErrors } from 'formik';
import { signupSchema } from '@shared/auth';
import { zodValidate } from '@frontend/lib/form-validation';

/** The sign-up form's values: the schema's fields but the language, which the UI adds when it sends them. */
export interface AccountValues {
  registrationNumber: string;
  email: string;
  password: string;
  passwordRepeat: string;
  name: string;
  surname: string;
  termsAccepted: boolean;
}

export type AccountField = keyof AccountValues;

/** The fields in the order the form shows them: the first invalid one takes the focus. */
export const accountFields = [
  'registrationNumber',
  'email',
  'password',
  'passwordRepeat',
  'name',
  'surname',
  'termsAccepted',
] as const satisfies readonly AccountField[];

export const emptyAccount: AccountValues = {
  registrationNumber: '',
  email: '',
  password: '',
  passwordRepeat: '',
  name: '',
  surname: '',
  termsAccepted: false,
};

const schemaErrors = zodValidate<AccountValues>(signupSchema);

/**
 * The shared sign-up schema's messages, plus 'Passwords must match' as soon as both passwords are typed. zod
 * checks the match only once every other field is valid, and a form should not hold that message back.
 */
export function validateAccount(values: AccountValues): FormikErrors<AccountValues> {
  const errors = schemaErrors(values);
  if (!errors.passwordRepeat && values.passwordRepeat !== '' && values.password !== values.passwordRepeat) {
    errors.passwordRepeat = 'PASSWORDS_DO_NOT_MATCH';
  }
  return errors;
}

/** The first field, in form order, that has a message. */
export function firstInvalidField(errors: Partial<Record<AccountField, unknown>>): AccountField | undefined {
  return accountFields.find((field) => Boolean(errors[field]));
}
