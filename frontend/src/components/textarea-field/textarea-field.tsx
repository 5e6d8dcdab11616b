import { useId, type TextareaHTMLAttributes } from 'react';
import { FieldError } from '../field-error/field-error';

interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  name: string;
  /** Already translated. */
  error?: string | undefined;
}

/** A labelled multi-line input, styled and described like TextField. */
export function TextareaField({ label, error, ...textarea }: TextareaFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea {...textarea} id={id} rows={3} className="field__input" aria-invalid={error ? true : undefined} aria-describedby={errorId} />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
