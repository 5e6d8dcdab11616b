import { createContext, useContext, type ReactNode } from 'react';
import type { Language } from '@shared/language-list';

/** Messages of one language: namespace -> nested keys -> text, as in locales/<language>/<namespace>.json. */
export type Messages = Readonly<Record<string, unknown>>;

export interface TranslateOptions {
  /** Shown when no key is found. */
  defaultValue?: string;
  /** Picks the plural form `<key>_<rule>` (i18next's suffixes) when the messages have one. */
  count?: number;
  [value: string]: unknown;
}

/**
 * The part of i18next's `t` the shared helpers use (errorCodeText, fieldErrorText), so they take either: a key
 * `namespace:path.to.text` (or `path` in the default namespace), or a list tried in order, with `{{name}}` filled in.
 */
export interface Translate {
  (key: string | string[]): string;
  (key: string | string[], options: TranslateOptions): string;
}

export interface LiteTranslation {
  language: Language;
  t: Translate;
}

function lookUp(messages: Messages, key: string, defaultNamespace: string): string | undefined {
  const split = key.indexOf(':');
  const namespace = split === -1 ? defaultNamespace : key.slice(0, split);
  let node: unknown = messages[namespace];
  for (const part of (split === -1 ? key : key.slice(split + 1)).split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * i18next's lookup and interpolation for a page that cannot afford i18next (the employees' /card page, on a phone):
 * one language's messages, already loaded. A missing key reads as its default value, else as the key itself, as
 * i18next shows it.
 */
export function createTranslate(language: Language, messages: Messages, defaultNamespace: string): Translate {
  const plurals = new Intl.PluralRules(language);
  return (key: string | string[], options: TranslateOptions = {}) => {
    const keys = typeof key === 'string' ? [key] : key;
    let text: string | undefined;
    for (const candidate of keys) {
      if (typeof options.count === 'number') text = lookUp(messages, `${candidate}_${plurals.select(options.count)}`, defaultNamespace);
      text ??= lookUp(messages, candidate, defaultNamespace);
      if (text !== undefined) break;
    }
    text ??= options.defaultValue ?? keys[keys.length - 1] ?? '';
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
      const value = options[name];
      return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
    });
  };
}

const LiteTranslationContext = createContext<LiteTranslation | null>(null);

export function LiteTranslationProvider({ value, children }: { value: LiteTranslation; children: ReactNode }) {
  return <LiteTranslationContext.Provider value={value}>{children}</LiteTranslationContext.Provider>;
}

/** The page's language and `t`; a new value (the language switched) re-renders every screen that reads it. */
export function useLiteTranslation(): LiteTranslation {
  const value = useContext(LiteTranslationContext);
  if (!value) throw new Error('useLiteTranslation() outside LiteTranslationProvider');
  return value;
}
