import { useId, type SelectHTMLAttributes } from 'react';
import { FieldError } from '../field-error/field-error';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  name: string;
  options: readonly { value: string; label: string }[];
  /** Already translated. */
  error?: string | undefined;
}

/** A labelled select whose error is tied to it for screen readers, styled like TextField. */
export function SelectField({ label, error, options, ...select }: SelectFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select {...select} id={id} className="field__input" aria-invalid={error ? true : undefined} aria-describedby={errorId}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
