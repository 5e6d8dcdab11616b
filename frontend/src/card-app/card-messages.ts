import type { Language } from '@shared/language-list';
import type { Messages } from '@frontend/lib/lite-i18n';
import latvian from 'virtual:entry-messages/card/lv';

/**
 * One module per language (frontend/vite/entry-messages.ts): the page loads only the one it shows. Latvian, the
 * session default (most employees never change it), comes with the page itself, which saves its first paint a round
 * trip; the others load when chosen or stored.
 */
const loaders: Record<Language, () => Promise<Messages>> = {
  en: async () => (await import('virtual:entry-messages/card/en')).default,
  lv: () => Promise.resolve(latvian),
  ru: async () => (await import('virtual:entry-messages/card/ru')).default,
};

export function loadCardMessages(language: Language): Promise<Messages> {
  return loaders[language]();
}
