import type { Language } from '@shared/language-list';
import type { Messages } from '@frontend/lib/lite-i18n';
import latvian from 'virtual:entry-messages/sign-in/lv';

/**
 * One module per language (frontend/vite/entry-messages.ts), as on the /card page: Latvian, the session default, comes
 * with the page's own script; the others load when stored or chosen.
 */
const loaders: Record<Language, () => Promise<Messages>> = {
  en: async () => (await import('virtual:entry-messages/sign-in/en')).default,
  lv: () => Promise.resolve(latvian),
  ru: async () => (await import('virtual:entry-messages/sign-in/ru')).default,
};

export function loadSignInMessages(language: Language): Promise<Messages> {
  return loaders[language]();
}
