import type { Language } from '@shared/language-list';
import type { Messages } from '@frontend/lib/lite-i18n';

/** One module per language (frontend/vite/entry-messages.ts): the page loads only the one it shows. */
const loaders: Record<Language, () => Promise<{ default: Messages }>> = {
  en: () => import('virtual:entry-messages/en'),
  lv: () => import('virtual:entry-messages/lv'),
  ru: () => import('virtual:entry-messages/ru'),
};

export async function loadCardMessages(language: Language): Promise<Messages> {
  return (await loaders[language]()).default;
}
