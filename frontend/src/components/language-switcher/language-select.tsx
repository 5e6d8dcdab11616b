import { useId } from 'react';
import { isLanguage, languageNames, switcherLanguages, type Language } from '@shared/language-list';
import './language-switcher.css';

interface LanguageSelectProps {
  /** "Language", already translated. */
  label: string;
  current: Language;
  onChange: (language: Language) => void;
  tone?: 'light' | 'dark';
  compactOnNarrow?: boolean;
}

/**
 * SPEC section 1: offers en and lv. A profile may hold ru; then ru is shown as the current value but cannot be chosen
 * again from here. The view alone: the portal's LanguageSwitcher and the /card page each say what a change does.
 */
export function LanguageSelect({ label, current, onChange, tone = 'light', compactOnNarrow = false }: LanguageSelectProps) {
  const id = useId();
  const offered: readonly Language[] = switcherLanguages;
  const options = offered.includes(current) ? offered : [...offered, current];
  return (
    <div className={`language-switcher language-switcher--${tone}${compactOnNarrow ? ' language-switcher--compact-narrow' : ''}`}>
      <label className="language-switcher__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="select select--compact"
        value={current}
        onChange={(event) => {
          if (isLanguage(event.target.value)) onChange(event.target.value);
        }}
      >
        {options.map((language) => (
          <option key={language} value={language} lang={language} disabled={!offered.includes(language)}>
            {languageNames[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
