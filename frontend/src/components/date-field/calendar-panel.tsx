import { useEffect, useRef } from 'react';
import Calendar from 'react-calendar';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/languages';
import { intlLocale } from '@shared/money';
import './calendar-panel.css';
import { dateOfDay, dayOfDate } from './day-input';

export interface CalendarPanelProps {
  /** YYYY-MM-DD, '' for none. */
  value: string;
  min: string | undefined;
  max: string;
  language: Language;
  onPick: (day: string) => void;
}

/**
 * react-calendar as SPEC section 9 has it: from the century view down to a month's days, nothing after `max`
 * (today). Its own module, so the library loads only when a calendar first opens (DateField's React.lazy).
 */
export default function CalendarPanel({ value, min, max, language, onPick }: CalendarPanelProps) {
  const { t } = useTranslation('fields');
  const ref = useRef<HTMLDivElement>(null);
  const selected = value ? dateOfDay(value) : null;
  const maxDate = dateOfDay(max);

  // The keyboard starts on the chosen day, else today, else the first day that can be chosen.
  useEffect(() => {
    const tiles = ref.current?.querySelectorAll<HTMLButtonElement>('.react-calendar__tile:not(:disabled)') ?? [];
    const first = [...tiles];
    (first.find((tile) => tile.classList.contains('react-calendar__tile--active')) ?? first.find((tile) => tile.classList.contains('react-calendar__tile--now')) ?? first[0])?.focus();
  }, []);

  return (
    <div ref={ref}>
      <Calendar
        className="calendar"
        value={selected}
        defaultActiveStartDate={selected ?? (maxDate < new Date() ? maxDate : undefined)}
        onChange={(next) => {
          if (next instanceof Date) onPick(dayOfDate(next));
        }}
        minDetail="century"
        maxDetail="month"
        maxDate={maxDate}
        minDate={min ? dateOfDay(min) : undefined}
        locale={intlLocale[language]}
        prev2Label={null}
        next2Label={null}
        prevAriaLabel={t('dateField.previous')}
        nextAriaLabel={t('dateField.next')}
        // The header button goes up a view; its name starts with what it shows (axe: label-content-name-mismatch).
        navigationLabel={({ label }) => (
          <>
            {label}
            <span className="visually-hidden">: {t('dateField.wider')}</span>
          </>
        )}
        navigationAriaLive="polite"
        prevLabel={<Chevron path="M10 3 5 8l5 5" />}
        nextLabel={<Chevron path="m6 3 5 5-5 5" />}
      />
    </div>
  );
}

function Chevron({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round">
      <path d={path} />
    </svg>
  );
}
