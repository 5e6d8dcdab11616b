import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { languageNames, languageSchema, switcherLanguages, type Language } from '@shared/languages';
import { uiLanguage } from '@frontend/lib/i18n';
import { useSession } from '@frontend/lib/session/session-context';
import './language-switcher.css';

/**
 * SPEC section 1: offers en and lv. A profile may hold ru; then ru is shown as the current value but
 * cannot be chosen again from here.
 */
export function LanguageSwitcher({ tone = 'light', compactOnNarrow = false }: { tone?: 'light' | 'dark'; compactOnNarrow?: boolean }) {
  const { t, i18n } = useTranslation('common');
  const { changeLanguage } = useSession();
  const id = useId();
  const current = uiLanguage(i18n);
  const offered: readonly Language[] = switcherLanguages;
  const options = offered.includes(current) ? offered : [...offered, current];

  return (
    <div className={`language-switcher language-switcher--${tone}${compactOnNarrow ? ' language-switcher--compact-narrow' : ''}`}>
      <label className="language-switcher__label" htmlFor={id}>
        {t('language.label')}
      </label>
      <select
        id={id}
        className="select select--compact"
        value={current}
        onChange={(event) => {
          const chosen = languageSchema.safeParse(event.target.value);
          if (chosen.success) changeLanguage(chosen.data);
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
