import type { Language } from './languages';

export const currency = 'EUR';

/** The Intl locale each UI language formats numbers and dates with. */
export const intlLocale: Readonly<Record<Language, string>> = { en: 'en-GB', lv: 'lv-LV', ru: 'ru-RU' };

/**
 * Money travels as integer euro cents and is formatted only at the edge. `wholeEuros` drops the cents (rounded), for
 * a chart's axis whose steps are whole euros.
 */
export function formatEur(cents: number, language: Language = 'en', options: { wholeEuros?: boolean } = {}): string {
  const digits = options.wholeEuros ? 0 : 2;
  return new Intl.NumberFormat(intlLocale[language], {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: 'always',
  }).format(cents / 100);
}

/** Parses a euro amount written with a period as the decimal separator ("12.5") into cents, or null. */
export function parseEurToCents(text: string): number | null {
  const trimmed = text.trim();
  if (!/^-?\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return trimmed.startsWith('-') ? -cents : cents;
}
