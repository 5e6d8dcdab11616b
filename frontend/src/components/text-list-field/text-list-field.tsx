import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import './text-list-field.css';
import { FieldError } from '../field-error/field-error';

interface TextListFieldProps {
  label: string;
  name: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  onBlur?: (index: number) => void;
  /** Already translated: the list's own message, and each item's. */
  error?: string | undefined;
  itemError?: (index: number) => string | undefined;
}

/** A list of texts, each required (SPEC section 5), with a line added or removed at a time. */
export function TextListField({ label, name, values, onChange, onBlur, error, itemError }: TextListFieldProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset className="field text-list" aria-describedby={errorId}>
      <legend className="field__label">{label}</legend>
      {values.map((value, index) => {
        const message = itemError?.(index);
        const itemId = `${id}-${index}`;
        return (
          <div key={index} className="text-list__item">
            <div className="text-list__input">
              <input
                id={itemId}
                name={`${name}.${index}`}
                className="field__input"
                value={value}
                aria-label={t('textList.item', { label, number: index + 1 })}
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? `${itemId}-error` : undefined}
                onChange={(event) => onChange(values.map((each, position) => (position === index ? event.target.value : each)))}
                onBlur={() => onBlur?.(index)}
              />
              <FieldError id={`${itemId}-error`} message={message} />
            </div>
            {values.length > 1 && (
              <button
                type="button"
                className="button button--secondary button--small"
                aria-label={t('textList.remove', { label, number: index + 1 })}
                onClick={() => onChange(values.filter((_, position) => position !== index))}
              >
                {t('textList.removeShort')}
              </button>
            )}
          </div>
        );
      })}
      <button type="button" className="button button--secondary button--small" onClick={() => onChange([...values, ''])}>
        {t('textList.add')}
      </button>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
