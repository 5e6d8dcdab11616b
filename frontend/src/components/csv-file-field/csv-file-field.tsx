import { useId, type ChangeEvent, type ReactNode } from 'react';

/**
 * A CSV file to upload (a funding file, an employee import, a bank statement): its label, the picker, an optional hint
 * (the columns) and the field's message, each named in the picker's aria-describedby. The file is read by the caller.
 */
export function CsvFileField({ label, hint, error, onChange }: { label: string; hint?: ReactNode; error: string | undefined; onChange: (event: ChangeEvent<HTMLInputElement>) => void }) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter((id) => id !== null).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input id={inputId} type="file" accept=".csv,text/csv" aria-invalid={error ? true : undefined} aria-describedby={describedBy || undefined} onChange={onChange} />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
