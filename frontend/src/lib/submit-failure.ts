import { ApiError } from './api-error';

export interface SubmitFailure<Field extends string> {
  /** Code of each form field the server refused (a field message code or an API code). */
  fields: Partial<Record<Field, string>>;
  /** Code for a message about the whole form, or null when the field messages say it all. */
  code: string | null;
}

/**
 * Splits a failed submit into messages for the form's own fields and one for the form as a whole. Field codes
 * for fields the form does not have cannot be shown where they belong, so the form-level code covers them;
 * VALIDATION_FAILED ('Please fix errors above') then reads as BAD_REQUEST, since nothing above says more.
 */
export function readSubmitFailure<Field extends string>(error: unknown, formFields: readonly Field[]): SubmitFailure<Field> {
  if (!(error instanceof ApiError)) return { fields: {}, code: 'INTERNAL' };
  const fields: Partial<Record<Field, string>> = {};
  let elsewhere = false;
  for (const [name, code] of Object.entries(error.fields)) {
    if ((formFields as readonly string[]).includes(name)) fields[name as Field] = code;
    else elsewhere = true;
  }
  const shown = Object.keys(fields).length > 0;
  if (shown && !elsewhere) return { fields, code: null };
  return { fields, code: error.code === 'VALIDATION_FAILED' ? 'BAD_REQUEST' : error.code };
}

/** The first of `fields` (a form's fields in the order it shows them) that has a message. */
export function firstInvalid<Field extends string>(
  fields: readonly Field[],
  errors: Partial<Record<Field, unknown>>,
): Field | undefined {
  return fields.find((field) => Boolean(errors[field]));
}
