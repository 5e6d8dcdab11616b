import { useId } from 'react';
import './radio-group-field.css';
import { FieldError } from '../field-error/field-error';

interface RadioGroupFieldProps {
  label: string;
  name: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Already translated. */
  error?: string | undefined;
}

/** One choice of a few, as a fieldset whose legend is the question. */
export function RadioGroupField({ label, name, value, options, onChange, onBlur, error }: RadioGroupFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset className="field radio-group" aria-describedby={errorId} aria-invalid={error ? true : undefined}>
      <legend className="field__label">{label}</legend>
      <div className="radio-group__options">
        {options.map((option) => (
          <label key={option.value} className="radio-group__option">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              onBlur={onBlur}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
