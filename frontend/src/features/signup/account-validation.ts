import type { FormikErrors } from 'formik';
import { signupSchema } from '@shared/account';
import { zodValidate } from '@frontend/lib/form-validation';

/** The sign-up form's values: the schema's fields but the language, which the UI adds when it sends them. */
export interface AccountValues {
  registrationNumber: string;
  email: string;
  phone: string;
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
  'phone',
  'password',
  'passwordRepeat',
  'name',
  'surname',
  'termsAccepted',
] as const satisfies readonly AccountField[];

export const emptyAccount: AccountValues = {
  registrationNumber: '',
  email: '',
  phone: '',
  password: '',
  passwordRepeat: '',
  name: '',
  surname: '',
  termsAccepted: false,
};

/** The shared sign-up schema's messages; 'Passwords must match' shows as soon as both passwords are typed. */
export const validateAccount: (values: AccountValues) => FormikErrors<AccountValues> = zodValidate<AccountValues>(signupSchema);

