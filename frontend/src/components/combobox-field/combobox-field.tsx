import { useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useCombobox, type UseComboboxReturnValue, type UseComboboxState, type UseComboboxStateChangeOptions } from 'downshift';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import './combobox-field.css';
import { FieldError } from '../field-error/field-error';
import { exactMatch, filterOptions, toggleValue, type ComboboxOption } from './combobox-options';

interface CommonProps {
  label: string;
  /** The form's name for the value: an invalid submit finds the field by it. */
  name: string;
  options: readonly ComboboxOption[];
  onBlur?: () => void;
  /** Already translated. */
  error?: string | undefined;
  required?: boolean;
}

interface SingleProps extends CommonProps {
  multiple?: false;
  /** The chosen option's value, '' for none. */
  value: string;
  onChange: (value: string) => void;
}

interface MultipleProps extends CommonProps {
  multiple: true;
  values: readonly string[];
  onChange: (values: string[]) => void;
}

export type ComboboxFieldProps = SingleProps | MultipleProps;

// The field's texts load with the screen that imports it, not when the field first shows (a filter panel or dialog
// opening would otherwise suspend the whole screen while they load).
void i18next.loadNamespaces('fields');

const { stateChangeTypes } = useCombobox;
const optionLabel = (option: ComboboxOption | null) => option?.label ?? '';
const optionKey = (option: ComboboxOption | null) => option?.value;
/**
 * What typing highlights: the first option of the list the new text leaves (an exact match comes first), so Enter
 * takes it. downshift would count on the list before the text changed.
 */
const firstMatchIndex = (options: readonly ComboboxOption[], typed: string | undefined) => (filterOptions(options, typed ?? '').length > 0 ? 0 : -1);

/**
 * A select with a text box (SPEC section 4), on downshift's ARIA 1.2 combobox: a click opens the list and a click
 * outside closes it; typing filters the options case-insensitively, an exact match selects, and clearing the text
 * clears the value. With `multiple`, chosen options show as removable chips and leave the list (SPEC section 5),
 * choosing toggles a value, and Backspace in the empty box removes the last chip (the chips are the field's own:
 * downshift's useMultipleSelection did not report removals with its selected items controlled).
 */
export function ComboboxField(props: ComboboxFieldProps) {
  return props.multiple ? <MultipleCombobox {...props} /> : <SingleCombobox {...props} />;
}

function SingleCombobox({ label, name, options, value, onChange, onBlur, error, required }: SingleProps) {
  const selected = useMemo(() => options.find((option) => option.value === value) ?? null, [options, value]);
  const [text, setText] = useState(optionLabel(selected));
  // What the visitor typed since the list opened; null while they only look, so the whole list shows.
  const [query, setQuery] = useState<string | null>(null);
  const items = useMemo(() => filterOptions(options, query ?? ''), [options, query]);

  const combobox = useCombobox<ComboboxOption>({
    items,
    itemToString: optionLabel,
    itemToKey: optionKey,
    selectedItem: selected,
    inputValue: text,
    stateReducer: (state: UseComboboxState<ComboboxOption>, { type, changes }: UseComboboxStateChangeOptions<ComboboxOption>) => {
      // Leaving the field keeps what was chosen (not the option under the pointer), and its label in the box.
      if (type === stateChangeTypes.InputBlur) return { ...changes, selectedItem: state.selectedItem, inputValue: optionLabel(state.selectedItem) };
      if (type === stateChangeTypes.InputChange) return { ...changes, highlightedIndex: firstMatchIndex(options, changes.inputValue) };
      return changes;
    },
    onInputValueChange: ({ inputValue, type }) => {
      setText(inputValue);
      if (type !== stateChangeTypes.InputChange) return;
      setQuery(inputValue);
      if (inputValue.trim() === '') {
        if (value !== '') onChange('');
        return;
      }
      const match = exactMatch(options, inputValue);
      if (match && match.value !== value) onChange(match.value);
    },
    onSelectedItemChange: ({ selectedItem }) => onChange(selectedItem?.value ?? ''),
    onIsOpenChange: ({ isOpen }) => {
      if (!isOpen) setQuery(null);
    },
  });

  // A value set from outside (a language change relabels the options, a saved form loads): the box follows it.
  const shown = optionLabel(selected);
  const [lastShown, setLastShown] = useState(shown);
  if (shown !== lastShown) {
    setLastShown(shown);
    if (!combobox.isOpen) setText(shown);
  }

  return (
    <ComboboxView
      label={label}
      name={name}
      error={error}
      required={required}
      combobox={combobox}
      items={items}
      selectedValues={value ? [value] : []}
      inputProps={{
        onBlur: () => {
          // downshift puts the chosen label back on leaving only while the list is open; closed (after Escape) too.
          if (!combobox.isOpen) setText(optionLabel(selected));
          onBlur?.();
        },
      }}
    />
  );
}

function MultipleCombobox({ label, name, options, values, onChange, onBlur, error, required }: MultipleProps) {
  const { t } = useTranslation(['fields', 'common']);
  const [text, setText] = useState('');
  const chosen = useMemo(
    () => values.map((value) => options.find((option) => option.value === value) ?? { value, label: value }),
    [options, values],
  );
  const items = useMemo(() => filterOptions(options.filter((option) => !values.includes(option.value)), text), [options, values, text]);

  const combobox = useCombobox<ComboboxOption>({
    items,
    itemToString: optionLabel,
    itemToKey: optionKey,
    selectedItem: null,
    inputValue: text,
    stateReducer: (state: UseComboboxState<ComboboxOption>, { type, changes }: UseComboboxStateChangeOptions<ComboboxOption>) => {
      switch (type) {
        case stateChangeTypes.InputKeyDownEnter:
        case stateChangeTypes.ItemClick:
          // Choosing one keeps the list open for the next, from the whole list again.
          return { ...changes, isOpen: true, highlightedIndex: state.highlightedIndex, inputValue: '' };
        case stateChangeTypes.InputBlur:
          return { ...changes, selectedItem: null, inputValue: '' };
        case stateChangeTypes.InputChange:
          return { ...changes, highlightedIndex: firstMatchIndex(options.filter((option) => !values.includes(option.value)), changes.inputValue) };
        default:
          return changes;
      }
    },
    onStateChange: ({ type, selectedItem }) => {
      if ((type === stateChangeTypes.InputKeyDownEnter || type === stateChangeTypes.ItemClick) && selectedItem) {
        onChange(toggleValue(values, selectedItem.value));
      }
    },
    onInputValueChange: ({ inputValue }) => setText(inputValue),
  });

  const chips =
    chosen.length > 0 ? (
      <ul className="combobox__chips" aria-label={t('common:choiceList.chosen', { label })}>
        {chosen.map((option) => (
          <li key={option.value} className="combobox__chip">
            <span>{option.label}</span>
            <button
              type="button"
              className="combobox__chip-remove"
              aria-label={t('common:choiceList.remove', { item: option.label })}
              onClick={(event) => {
                // The focus goes to the box rather than to nowhere when the chip leaves.
                event.currentTarget.closest('.combobox')?.querySelector('input')?.focus();
                onChange(values.filter((value) => value !== option.value));
              }}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    ) : null;

  return (
    <ComboboxView
      label={label}
      name={name}
      error={error}
      required={required}
      combobox={combobox}
      items={items}
      selectedValues={values}
      chips={chips}
      inputProps={{
        onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
          // Backspace in the empty box takes back the last choice.
          if (event.key === 'Backspace' && event.currentTarget.value === '' && values.length > 0) onChange(values.slice(0, -1));
        },
        onBlur: () => {
          // downshift tidies the box on leaving only while the list is open.
          if (!combobox.isOpen) setText('');
          onBlur?.();
        },
      }}
    />
  );
}

interface ViewProps {
  label: string;
  name: string;
  error: string | undefined;
  required: boolean | undefined;
  combobox: UseComboboxReturnValue<ComboboxOption>;
  items: readonly ComboboxOption[];
  selectedValues: readonly string[];
  chips?: ReactNode;
  inputProps: { onBlur: () => void; onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void };
}

function ComboboxView({ label, name, error, required, combobox, items, selectedValues, chips, inputProps }: ViewProps) {
  const { t } = useTranslation(['fields', 'common']);
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getToggleButtonProps, getMenuProps, getItemProps } = combobox;
  const labelProps = getLabelProps();
  const errorId = error ? `${labelProps.id}-error` : undefined;
  const emptyId = `${labelProps.id}-empty`;
  const empty = isOpen && items.length === 0;
  return (
    <div className="field combobox">
      <label className="field__label" {...labelProps}>
        {label}
      </label>
      {chips}
      <div className="combobox__control">
        <input
          className="field__input combobox__input"
          {...getInputProps({
            ...inputProps,
            name,
            autoComplete: 'off',
            'aria-invalid': error ? true : undefined,
            'aria-required': required ? true : undefined,
            'aria-describedby': [empty ? emptyId : undefined, errorId].filter(Boolean).join(' ') || undefined,
          })}
        />
        <button type="button" className="field__end-button combobox__toggle" aria-label={t('fields:combobox.toggle', { label })} {...getToggleButtonProps()}>
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round">
            <path d={isOpen ? 'M4 10l4-4 4 4' : 'M4 6l4 4 4-4'} />
          </svg>
        </button>
        <ul className="combobox__menu" hidden={!isOpen || items.length === 0} {...getMenuProps()}>
          {isOpen &&
            items.map((item, index) => (
              <li
                key={item.value}
                className={[
                  'combobox__option',
                  highlightedIndex === index && 'combobox__option--highlighted',
                  selectedValues.includes(item.value) && 'combobox__option--chosen',
                ]
                  .filter(Boolean)
                  .join(' ')}
                {...getItemProps({ item, index })}
              >
                {item.label}
              </li>
            ))}
        </ul>
        {/* Always in the page, so screen readers announce the text when it comes; empty while there are matches. */}
        <p id={emptyId} className={empty ? 'combobox__empty' : 'visually-hidden'} role="status">
          {empty ? t('fields:combobox.noMatches') : ''}
        </p>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
