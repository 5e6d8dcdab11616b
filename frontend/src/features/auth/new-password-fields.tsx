import type { ChangeEvent, FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@frontend/components/text-field/text-field';
import { fieldErrorText } from '@frontend/lib/error-text';
import type { NewPasswordField } from './password-reset';

interface NewPasswordFieldsProps {
  values: Record<NewPasswordField, string>;
  change: (event: ChangeEvent<HTMLInputElement>) => void;
  blur: (event: FocusEvent<HTMLInputElement>) => void;
  /** The message code of a field (useCheckedForm's errorCode). */
  errorCode: (field: NewPasswordField) => string | undefined;
}

/** A new password and its repeat, as the reset link and the invitation link ask for them. */
export function NewPasswordFields({ values, change, blur, errorCode }: NewPasswordFieldsProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const field = (name: NewPasswordField) => ({
    name,
    type: 'password',
    autoComplete: 'new-password',
    required: true,
    value: values[name],
    onChange: change,
    onBlur: blur,
    error: fieldErrorText(t, errorCode(name)),
  });
  return (
    <>
      <TextField {...field('password')} label={t('auth:reset.password')} hint={t('auth:reset.passwordHint')} />
      <TextField {...field('passwordRepeat')} label={t('auth:reset.passwordRepeat')} />
    </>
  );
}
