import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchMaxLength } from '@shared/lists';
import { TextField } from '../text-field/text-field';

/** Long enough to finish a word, short enough that the list feels live. */
export const searchDelayMs = 300;

interface SearchFieldProps {
  /** The search the list shows now. */
  value: string;
  /** Called once typing pauses (or at once on Enter) with the trimmed text. */
  onSearch: (search: string) => void;
  /** Defaults to "Search"; a screen may say what is searched ("Search by name or e-mail"). Already translated. */
  label?: string;
}

/**
 * The list's search box. It reports what was typed after a pause, not on every key, so typing a name costs one
 * request instead of one per letter; which answer is shown is the query's business, not the field's.
 */
export function SearchField({ value, onSearch, label }: SearchFieldProps) {
  const { t } = useTranslation('common');
  const [text, setText] = useState(value);
  // The search may change from outside (a screen's "clear search" link): the field follows, unless it already
  // holds that text with spaces around it.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value !== text.trim()) setText(value);
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const report = (next: string) => {
    clearTimeout(timer.current);
    onSearch(next.trim());
  };
  return (
    <div className="search-field">
      <TextField
        type="search"
        name="search"
        label={label ?? t('table.search')}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={searchMaxLength}
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => onSearch(next.trim()), searchDelayMs);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            report(text);
          }
        }}
      />
    </div>
  );
}
