import { lazy, Suspense, useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { dayText, rigaDateOf } from '@shared/dates';
import { uiLanguage } from '@frontend/lib/i18n';
import './date-field.css';
import { FieldError } from '../field-error/field-error';
import { checkDayText } from './day-input';

// The field's texts load with the screen that imports it, not when the field first shows (a filter panel or dialog
// opening would otherwise suspend the whole screen while they load).
void i18next.loadNamespaces('fields');

// react-calendar and its styles load when a calendar first opens, not with the screen.
const CalendarPanel = lazy(() => import('./calendar-panel'));

export interface DateFieldProps {
  label: string;
  /** The form's name for the value: an invalid submit finds the field by it. */
  name: string;
  /** YYYY-MM-DD, as on the wire; '' for none. */
  value: string;
  /** YYYY-MM-DD of the day the text names, or '' while it names none allowed (the field then says why). */
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  /** The first and last days that can be typed or picked; `max` is today for the portal's periods (SPEC section 2). */
  min?: string | undefined;
  max: string;
  /** Narrower bounds for the calendar only (a range's other end), so a typed reversed range meets the form's own message. */
  calendarMin?: string | undefined;
  calendarMax?: string | undefined;
  /** Already translated. */
  error?: string | undefined;
  required?: boolean;
}

/**
 * A day, typed as DD.MM.YYYY (SPEC section 1) or picked in a calendar popover that goes from the century view down
 * to a month (SPEC section 9) and offers no day after `max`. The popover closes on Escape, a click outside it, and
 * when the focus leaves the field.
 */
export function DateField({ label, name, value, onChange, onBlur, min, max, calendarMin = min, calendarMax = max, error, required }: DateFieldProps) {
  const { t, i18n } = useTranslation('fields');
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(dayText(value));
  // The text's own problem shows once the visitor left the box or pressed Enter, not while they type.
  const [showCheck, setShowCheck] = useState(false);
  const check = checkDayText(text, { min, max });

  // A value set from outside (Reset, a form's first values): the text follows it, unless the text already says it.
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    if (value !== check.value) {
      setText(dayText(value));
      setShowCheck(false);
    }
  }

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const type = (next: string) => {
    setText(next);
    setShowCheck(false);
    const checked = checkDayText(next, { min, max });
    if (checked.value !== value) onChange(checked.value);
  };

  const pick = (day: string) => {
    setText(dayText(day));
    setShowCheck(false);
    setOpen(false);
    if (day !== value) onChange(day);
    inputRef.current?.focus();
  };

  const bound = check.error === 'afterMax' ? max : check.error === 'beforeMin' ? min : undefined;
  const ownError = showCheck && check.error ? t(`dateField.${check.error}`, { date: dayText(bound ?? '') }) : undefined;
  const shownError = ownError ?? error;
  const hintId = `${id}-hint`;
  const errorId = shownError ? `${id}-error` : undefined;
  const popoverId = `${id}-calendar`;

  return (
    <div
      ref={rootRef}
      className="field date-field"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          // Closes the calendar only, not a filter panel or dialog around it.
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (open && event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="date-field__control">
        <input
          ref={inputRef}
          id={id}
          name={name}
          className="field__input date-field__input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('dateField.format')}
          required={required}
          value={text}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
          onChange={(event) => type(event.target.value)}
          onBlur={(event) => {
            setShowCheck(true);
            // "7.3.2026" reads back as "07.03.2026" once the box is left.
            if (check.value && !check.error) setText(dayText(check.value));
            onBlur?.(event);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && check.error) {
              // A day the box does not hold is not sent with the form: say why instead.
              event.preventDefault();
              setShowCheck(true);
            }
          }}
        />
        <button
          ref={buttonRef}
          type="button"
          className="field__end-button date-field__toggle"
          aria-label={t('dateField.open', { label })}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? popoverId : undefined}
          onClick={() => setOpen((current) => !current)}
        >
          <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
            <rect x="3" y="4.5" width="14" height="12.5" rx="2" />
            <path d="M3 8.5h14M7 2.5v4M13 2.5v4" />
          </svg>
        </button>
      </div>
      <p id={hintId} className="visually-hidden">
        {t('dateField.hint')}
      </p>
      {open && (
        <div id={popoverId} className="date-field__popover" role="dialog" aria-label={t('dateField.calendar', { label })}>
          <Suspense fallback={<div className="date-field__loading" />}>
            <CalendarPanel value={check.error ? '' : check.value} min={calendarMin} max={calendarMax} language={uiLanguage(i18n)} onPick={pick} />
          </Suspense>
        </div>
      )}
      <FieldError id={errorId} message={shownError} />
    </div>
  );
}

interface RangeEnd {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  error?: string | undefined;
}

/**
 * A from/to pair of DateFields (SPEC section 2's date range picker): no day after `max` (today), and each end's
 * calendar offers only the days on its side of the other end.
 */
export function DateRangeField({ legend, from, to, min, max, required }: { legend: string; from: RangeEnd; to: RangeEnd; min?: string; max: string; required?: boolean }) {
  return (
    <fieldset className="date-range">
      <legend>{legend}</legend>
      <DateField {...from} min={min} max={max} calendarMax={to.value && to.value < max ? to.value : max} required={required} />
      <DateField {...to} min={min} max={max} calendarMin={from.value && (!min || from.value > min) ? from.value : min} required={required} />
    </fieldset>
  );
}

/**
 * A list's date range in its filter panel (SPEC section 2): the panel's draft `dateFrom` and `dateTo`, no day after
 * today. The texts are the list's own.
 */
export function FilterDateRange<Draft extends { dateFrom: string; dateTo: string }>({ draft, onChange, legend, fromLabel, toLabel }: { draft: Draft; onChange: (draft: Draft) => void; legend: string; fromLabel: string; toLabel: string }) {
  return (
    <DateRangeField
      legend={legend}
      max={rigaDateOf(new Date())}
      from={{ name: 'dateFrom', label: fromLabel, value: draft.dateFrom, onChange: (dateFrom) => onChange({ ...draft, dateFrom }) }}
      to={{ name: 'dateTo', label: toLabel, value: draft.dateTo, onChange: (dateTo) => onChange({ ...draft, dateTo }) }}
    />
  );
}
