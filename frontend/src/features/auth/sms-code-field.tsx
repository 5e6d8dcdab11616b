import type { ChangeEvent, FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseCode } from '@shared/auth';
import { TextField } from '@frontend/components/text-field/text-field';

interface SmsCodeFieldProps {
  value: string;
  /** Gets the event with the value already reduced to its digits. */
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: (event: FocusEvent<HTMLInputElement>) => void;
  /** Already translated. */
  error: string | undefined;
}

/**
 * The 6-digit SMS code, as the sign-in and the phone setup ask for it: offered by the phone's keyboard and its
 * one-time-code autofill, and a pasted "123 456" or "Code: 123456" keeps only its digits.
 */
export function SmsCodeField({ value, onChange, onBlur, error }: SmsCodeFieldProps) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={t('verify.code')}
      name="code"
      type="text"
      className="code-input"
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9]*"
      required
      value={value}
      onChange={(event) => {
        event.target.value = normaliseCode(event.target.value);
        onChange(event);
      }}
      onBlur={onBlur}
      error={error}
    />
  );
}
