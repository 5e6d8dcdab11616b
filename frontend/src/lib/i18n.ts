import i18next, { type BackendModule, type i18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguage, languages, type Language } from '@shared/language-list';
import { initialUiLanguage, storeLanguage } from './language-storage';

/** One lazily loaded chunk per language and namespace: a visitor downloads only what the screen shows. */
const bundles = import.meta.glob<{ default: ResourceKey }>('../locales/*/*.json');

/** Loads `locales/<language>/<namespace>.json` on first use. */
const lazyBundles: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(language, namespace, callback) {
    const load = bundles[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function syncDocumentLanguage(language: string): void {
  // Screen readers and axe read the page language from <html lang>.
  document.documentElement.lang = language;
}

/** `namespaces`: what the first screen reads besides `common`, loaded beside it instead of after the screen asks. */
export async function initI18n(namespaces: readonly string[] = []): Promise<void> {
  i18next.on('languageChanged', syncDocumentLanguage);
  await i18next
    .use(lazyBundles)
    .use(initReactI18next)
    .init({
      lng: initialUiLanguage(),
      supportedLngs: languages,
      // Every language has every key (locales.test.ts), so no second language is loaded as a fallback.
      fallbackLng: false,
      load: 'currentOnly',
      ns: ['common', ...namespaces],
      defaultNS: 'common',
      // React escapes what it renders.
      interpolation: { escapeValue: false },
    });
  syncDocumentLanguage(i18next.language);
}

/**
 * The language the UI shows now, the one answer to that question. Components pass the `i18n` of
 * useTranslation(), so they re-render when it changes. Until i18next has settled on a language, the UI is
 * in the language it starts with.
 */
export function uiLanguage(instance: Pick<i18n, 'resolvedLanguage' | 'language'> = i18next): Language {
  const language = instance.resolvedLanguage ?? instance.language;
  return isLanguage(language) ? language : initialUiLanguage();
}

/** Remembers the language and switches the UI once its bundles are loaded. */
export async function applyLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  if (i18next.language !== language) await i18next.changeLanguage(language);
}
