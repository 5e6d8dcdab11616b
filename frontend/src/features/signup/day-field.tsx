import type { ChangeEvent } from 'react';
import { dayText, parseDayText } from '@shared/dates';
import { TextField } from '@frontend/components/text-field/text-field';

interface DayFieldProps {
  name: string;
  label: string;
  /** The form's value: a YYYY-MM-DD day once what was typed names one, else the text as typed. */
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** Already translated. */
  error: string | undefined;
  hint: string;
  placeholder: string;
  required: boolean;
}

/** What the field shows for a form value: a real YYYY-MM-DD day as DD.MM.YYYY, anything else as it was typed. */
export function shownDay(value: string): string {
  return parseDayText(value) === value ? dayText(value) : value;
}

/**
 * A day typed as DD.MM.YYYY, the way the portal shows dates (SPEC section 1); the API keeps YYYY-MM-DD. The form
 * holds the day as YYYY-MM-DD as soon as the text names a real one, and the text itself until then, so the
 * shared schema checks it as the server does and a half-typed day says 'use DD.MM.YYYY' instead of 'required'.
 */
export function DayField({ value, onChange, ...field }: DayFieldProps) {
  return (
    <TextField
      {...field}
      value={shownDay(value)}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(parseDayText(event.target.value) ?? event.target.value)}
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
    />
  );
}
