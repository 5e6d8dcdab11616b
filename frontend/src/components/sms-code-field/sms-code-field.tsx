import type { ChangeEvent, FocusEvent } from 'react';
import { normaliseCode } from '@shared/sms-code';
import { TextField } from '../text-field/text-field';
import './sms-code-field.css';

interface SmsCodeFieldProps {
  /** Already translated. */
  label: string;
  value: string;
  /** Gets the event with the value already reduced to its digits. */
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: (event: FocusEvent<HTMLInputElement>) => void;
  /** Already translated. */
  error: string | undefined;
}

/**
 * The 6-digit SMS code, as the sign-in, the phone setup and an employee's /card sign-in ask for it: offered by the phone's keyboard and its
 * one-time-code autofill, and a pasted "123 456" or "Code: 123456" keeps only its digits.
 */
export function SmsCodeField({ label, value, onChange, onBlur, error }: SmsCodeFieldProps) {
  return (
    <TextField
      label={label}
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
