import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './filter-popover.css';
import { CheckboxField } from '../checkbox-field/checkbox-field';
import { SelectField } from '../select-field/select-field';
import { TextField } from '../text-field/text-field';
import { countActiveFilters, type FilterShape } from './filter-values';

interface FilterOption {
  value: string;
  /** Already translated. */
  label: string;
}

type KeysHolding<Filters, Value> = { [Key in keyof Filters]-?: Filters[Key] extends Value | undefined ? Key : never }[keyof Filters] & string;

/** A field of the popover, tied to a key of the filters that holds the matching kind of value. */
export type FilterField<Filters> =
  /** One choice; an "All" option (the empty value) comes first. */
  | { kind: 'select'; id: KeysHolding<Filters, string>; label: string; options: readonly FilterOption[] }
  | { kind: 'text'; id: KeysHolding<Filters, string>; label: string; inputMode?: 'text' | 'tel' | 'numeric' | 'email'; maxLength?: number }
  /** Several choices, as a group of checkboxes. */
  | { kind: 'checkboxes'; id: KeysHolding<Filters, readonly string[]>; label: string; options: readonly FilterOption[] };

interface FilterPopoverProps<Filters> {
  /** The filters the list applies now; the badge counts these, not what is being edited. */
  values: Filters;
  /** What Reset applies. */
  emptyValues: Filters;
  onApply: (values: Filters) => void;
  fields?: readonly FilterField<Filters>[];
  /** Fields the config cannot describe (a date range), editing the same draft; shown after `fields`. */
  children?: (draft: Filters, change: (draft: Filters) => void) => ReactNode;
  /** Which edge of the button the panel lines up with on wide screens: 'end' for a button at the right. */
  align?: 'start' | 'end';
}

/**
 * The list's filter button and its panel (SPEC section 2). Changes are a draft until Apply: closing the panel
 * (Escape, a click outside, Tab out of it) drops them, and the badge counts only what was applied.
 */
export function FilterPopover<Filters extends FilterShape<Filters>>({ values, emptyValues, onApply, fields = [], children, align = 'start' }: FilterPopoverProps<Filters>) {
  const { t } = useTranslation('common');
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  // The draft exists only while the panel is open; opening starts it from the applied values.
  const [draft, setDraft] = useState<Filters | null>(null);
  const open = draft !== null;
  const count = countActiveFilters(values);

  const close = (giveFocusBack: boolean) => {
    setDraft(null);
    if (giveFocusBack) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
    const closeOutside = (event: PointerEvent) => {
      // The user went somewhere else on purpose: leave the focus where they put it.
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setDraft(null);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const apply = (next: Filters) => {
    onApply(next);
    close(true);
  };

  return (
    <div
      ref={rootRef}
      className={`filter-popover filter-popover--${align}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          // Also keeps a surrounding dialog from closing with the popover.
          event.preventDefault();
          event.stopPropagation();
          close(true);
        }
      }}
      onBlur={(event) => {
        if (open && event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) setDraft(null);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="button button--secondary filter-popover__toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close(false) : setDraft(values))}
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round">
          <path d="M2 4h12M4.5 8h7M7 12h2" />
        </svg>
        {t('table.filters')}
        {count > 0 && (
          <>
            <span className="filter-popover__badge" aria-hidden="true">
              {count}
            </span>
            <span className="visually-hidden">, {t('table.activeFilters', { count })}</span>
          </>
        )}
      </button>
      {draft !== null && (
        <div ref={panelRef} id={panelId} className="filter-popover__panel" role="dialog" aria-label={t('table.filters')}>
          <form
            noValidate
            onSubmit={(event: FormEvent) => {
              event.preventDefault();
              apply(draft);
            }}
          >
            {fields.map((field) => (
              <FilterFieldInput key={field.id} field={field} draft={draft} onChange={setDraft} />
            ))}
            {children?.(draft, setDraft)}
            <div className="filter-popover__actions">
              <button type="button" className="button button--secondary button--small" onClick={() => apply(emptyValues)}>
                {t('table.reset')}
              </button>
              <button type="submit" className="button button--small">
                {t('table.apply')}
              </button>
            </div>
          </form>
        </div>
      )}
    </div>
  );
}

function FilterFieldInput<Filters extends FilterShape<Filters>>({ field, draft, onChange }: { field: FilterField<Filters>; draft: Filters; onChange: (draft: Filters) => void }) {
  const { t } = useTranslation('common');
  const set = (value: string | readonly string[]) => onChange({ ...draft, [field.id]: value });
  switch (field.kind) {
    case 'select':
      return (
        <SelectField
          name={field.id}
          label={field.label}
          options={[{ value: '', label: t('table.all') }, ...field.options]}
          value={textOf(draft[field.id])}
          onChange={(event) => set(event.target.value)}
        />
      );
    case 'text':
      return (
        <TextField
          name={field.id}
          label={field.label}
          inputMode={field.inputMode}
          maxLength={field.maxLength}
          autoComplete="off"
          value={textOf(draft[field.id])}
          onChange={(event) => set(event.target.value)}
        />
      );
    case 'checkboxes': {
      const chosen = listOf(draft[field.id]);
      return (
        <fieldset className="filter-popover__choices">
          <legend className="field__label">{field.label}</legend>
          {field.options.map((option) => (
            <CheckboxField
              key={option.value}
              name={`${field.id}-${option.value}`}
              label={option.label}
              checked={chosen.includes(option.value)}
              onChange={(event) => set(event.target.checked ? [...chosen, option.value] : chosen.filter((value) => value !== option.value))}
            />
          ))}
        </fieldset>
      );
    }
  }
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function listOf(value: unknown): readonly string[] {
  return Array.isArray(value) ? value.filter((each): each is string => typeof each === 'string') : [];
}
