import type { TFunction } from 'i18next';
import { ApiError } from './api-error';

/**
 * The translated text for a failed call: the API's stable code when we have a text for it, else the
 * generic 'Something went wrong' (SPEC section 8). Needs the `errors` namespace loaded by the caller.
 */
export function apiErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const key = `errors:codes.${error.code}`;
    const text = t(key, { defaultValue: '' });
    if (text) return text;
  }
  return t('errors:generic.somethingWrong');
}

/** Field message codes of the shared schemas, translated. */
export function fieldErrorText(t: TFunction, code: string | undefined): string | undefined {
  if (!code) return undefined;
  return t(`errors:fields.${code}`, { defaultValue: t('errors:fields.INVALID_VALUE') });
}
