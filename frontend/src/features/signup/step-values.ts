import { inputFieldsOf, type FormField, type InputField } from '@shared/onboarding/fields';

export type FormValues = Record<string, unknown>;

function emptyValue(field: InputField): unknown {
  switch (field.type) {
    case 'checkbox':
      return false;
    case 'select_list':
      return [];
    case 'input_list':
      return [''];
    case 'array':
      return field.minItems > 0 ? [emptyBlock(field.fields)] : [];
    default:
      return '';
  }
}

/** A block as the form starts it: every field present (formik tracks only what is there), nothing chosen. */
export function emptyBlock(fields: readonly FormField[]): FormValues {
  return Object.fromEntries(inputFieldsOf(fields).map((field) => [field.name, emptyValue(field)]));
}

/** Saved answers over the empty block, lists item by item, so a field added since or left out still shows. */
export function withDefaults(fields: readonly FormField[], saved: FormValues | undefined): FormValues {
  const values = emptyBlock(fields);
  if (!saved) return values;
  for (const field of inputFieldsOf(fields)) {
    const value = saved[field.name];
    if (value === undefined) continue;
    if (field.type === 'array' && Array.isArray(value)) {
      values[field.name] = value.map((item) => withDefaults(field.fields, item as FormValues));
    } else {
      values[field.name] = value;
    }
  }
  return values;
}
