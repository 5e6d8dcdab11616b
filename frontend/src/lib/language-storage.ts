import { isLanguage, sessionDefaultLanguage, visitorLanguage, type Language } from '@shared/language-list';

/** SPEC section 1: the language is kept in local storage under this key. */
const storageKey = 'language';

export function getStoredLanguage(): Language | null {
  try {
    const stored = globalThis.localStorage?.getItem(storageKey);
    return isLanguage(stored) ? stored : null;
  } catch {
    // Storage can be unavailable (privacy mode, tests): behave as if nothing was stored.
    return null;
  }
}

export function storeLanguage(language: Language): void {
  try {
    globalThis.localStorage?.setItem(storageKey, language);
  } catch {
    // Not being able to remember the choice is no reason to fail the switch.
  }
}

/** Accept-Language of API calls: the stored language, else the visitor default (en). */
export function headerLanguage(): Language {
  return getStoredLanguage() ?? visitorLanguage;
}

/** First UI language: the stored one, else the session default (lv). DESIGN section 13 keeps both defaults. */
export function initialUiLanguage(): Language {
  return getStoredLanguage() ?? sessionDefaultLanguage;
}
