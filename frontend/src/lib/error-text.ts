import type { TFunction } from 'i18next';

/** Field message codes of the shared schemas, translated. */
export function fieldErrorText(t: TFunction, code: string | undefined): string | undefined {
  if (!code) return undefined;
  return t(`errors:fields.${code}`, { defaultValue: t('errors:fields.INVALID_VALUE') });
}
