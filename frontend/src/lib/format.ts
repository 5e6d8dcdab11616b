import { useTranslation } from 'react-i18next';
import { formatDate } from '@shared/dates';
import { formatEur } from '@shared/money';
import { languageSchema, visitorLanguage } from '@shared/languages';

export { formatDate, formatEur };

/** Formatting bound to the UI language, so screens never pass the language around. */
export function useFormat(): { money: (cents: number) => string; date: typeof formatDate } {
  const { i18n } = useTranslation();
  const parsed = languageSchema.safeParse(i18n.resolvedLanguage);
  const language = parsed.success ? parsed.data : visitorLanguage;
  return { money: (cents) => formatEur(cents, language), date: formatDate };
}

/** IBANs read better in groups of four; the copy button still copies the compact form. */
export function formatIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}
