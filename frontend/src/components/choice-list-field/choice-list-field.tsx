import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import './choice-list-field.css';
import { FieldError } from '../field-error/field-error';

interface ChoiceListFieldProps {
  label: string;
  name: string;
  values: readonly string[];
  options: readonly { value: string; label: string }[];
  onChange: (values: string[]) => void;
  onBlur?: () => void;
  /** Already translated. */
  error?: string | undefined;
}

/**
 * Several choices from a list (SPEC section 5): a chosen option leaves the list and shows as a chip, and returns
 * to the list when its chip is removed.
 */
export function ChoiceListField({ label, name, values, options, onChange, onBlur, error }: ChoiceListFieldProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const labelOf = (value: string) => options.find((option) => option.value === value)?.label ?? value;
  const remaining = options.filter((option) => !values.includes(option.value));
  return (
    <div className="field choice-list">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {values.length > 0 && (
        <ul className="choice-list__chosen" aria-label={t('choiceList.chosen', { label })}>
          {values.map((value) => (
            <li key={value} className="choice-list__chip">
              <span>{labelOf(value)}</span>
              <button
                type="button"
                className="choice-list__remove"
                aria-label={t('choiceList.remove', { item: labelOf(value) })}
                onClick={() => onChange(values.filter((each) => each !== value))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <select
        id={id}
        name={name}
        className="field__input"
        value=""
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        onBlur={onBlur}
        onChange={(event) => {
          if (event.target.value) onChange([...values, event.target.value]);
        }}
      >
        <option value="">{t('choiceList.add')}</option>
        {remaining.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
