import type { Translate } from './lite-i18n';

/**
 * A field's message code, translated. Forms give field message codes (errors:fields); a server may also name
 * an API code for a field (e.g. registrationNumber: COMPANY_NOT_IN_REGISTER), which reads from errors:codes.
 */
export function fieldErrorText(t: Translate, code: string | undefined): string | undefined {
  if (!code) return undefined;
  return t([`errors:fields.${code}`, `errors:codes.${code}`], { defaultValue: t('errors:fields.INVALID_VALUE') });
}

/** An API or client error code (errors:codes), translated; an unknown code reads as the generic failure. */
export function errorCodeText(t: Translate, code: string): string {
  return t([`errors:codes.${code}`, `errors:fields.${code}`], { defaultValue: t('errors:generic.unexpected') });
}
