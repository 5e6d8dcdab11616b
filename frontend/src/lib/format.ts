import { useTranslation } from 'react-i18next';
import { formatDate } from '@shared/dates';
import { formatIban } from '@shared/iban';
import { formatEur } from '@shared/money';
import { uiLanguage } from './i18n';

export { formatDate, formatEur, formatIban };

/** A file's size as whole kilobytes (at least 1), for the file lists of uploads and attachments. */
export const formatKilobytes = (size: number) => `${Math.max(1, Math.round(size / 1024)).toLocaleString('en-US')} KB`;

/** Formatting bound to the UI language, so screens never pass the language around. */
export function useFormat(): { money: (cents: number) => string; date: typeof formatDate } {
  const { i18n } = useTranslation();
  const language = uiLanguage(i18n);
  return { money: (cents) => formatEur(cents, language), date: formatDate };
}
