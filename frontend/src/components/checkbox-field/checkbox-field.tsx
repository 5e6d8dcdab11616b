import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './checkbox-field.css';
import { FieldError } from '../field-error/field-error';

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  name: string;
  /** The label may hold a link (e.g. to the terms); activating the link does not toggle the box. */
  label: ReactNode;
  /** Already translated. */
  error?: string | undefined;
}

/** A labelled checkbox whose error is tied to it for screen readers. */
export function CheckboxField({ label, error, ...input }: CheckboxFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <div className="checkbox-field">
        <input
          {...input}
          id={id}
          type="checkbox"
          className="checkbox-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
        />
        <label className="checkbox-field__label" htmlFor={id}>
          {label}
        </label>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
