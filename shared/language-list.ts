/**
 * The portal's languages, without zod (shared/languages.ts adds the schema): the /card page reads them before zod is
 * loaded, and a module that both its first paint and its later calls import would carry zod into the first paint.
 */
export const languages = ['en', 'lv', 'ru'] as const;
export type Language = (typeof languages)[number];
/** languageSchema's check without zod, for code that runs before zod is loaded (the /card page's start). */
export function isLanguage(value: unknown): value is Language {
  return (languages as readonly unknown[]).includes(value);
}

/** Each language named in itself, as a switcher shows it. */
export const languageNames: Readonly<Record<Language, string>> = { en: 'English', lv: 'Latviešu', ru: 'Русский' };

/** The switcher offers only these (SPEC section 1); a profile may still hold ru. */
export const switcherLanguages = ['en', 'lv'] as const satisfies readonly Language[];

/** Default language of request headers for a visitor (SPEC section 1). */
export const visitorLanguage: Language = 'en';
/** Default language of a new session (SPEC section 1; docs/decisions.md). */
export const sessionDefaultLanguage: Language = 'lv';

/** SPEC section 1: the setter accepts LV, EN or RU in any case and falls back to en otherwise. */
export function normaliseLanguage(value: unknown): Language {
  if (typeof value !== 'string') return 'en';
  const lower = value.trim().toLowerCase();
  return (languages as readonly string[]).includes(lower) ? (lower as Language) : 'en';
}
