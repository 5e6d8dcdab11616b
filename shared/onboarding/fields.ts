import * as z from 'zod/mini';
import { countryCodes } from '../countries';
import { calendarDay } from '../dates';
import type { FieldMessageCode } from '../errors';
import { isValidIban } from '../iban';
import { addIssue, messageCodeOf, missingOrInvalid, nameMaxLength, phonePattern, textMaxLength, textMinLength } from '../validation';
import type { DocumentKind } from './documents';

/** SPEC section 3: "A field can show only when another field equals a value or is in a list". */
export type Condition = { field: string; equals: string | boolean } | { field: string; in: readonly string[] };

export const optionSets = {
  yesNo: ['yes', 'no'],
  workExperience: ['under_1_year', 'from_1_to_3_years', 'over_3_years'],
  companyIncomeSources: ['business', 'credits', 'dividends', 'other'],
  rightToRepresent: ['alone', 'together'],
  ownerTypes: ['natural_person', 'legal_entity'],
  beneficiaryIncomeSources: ['royalties', 'dividends', 'sale_of_shares', 'sale_of_property', 'donations', 'rental_fee', 'other'],
  participation: ['direct_owner', 'mutual_agreement', 'other'],
  pepRelations: ['self', 'family_member', 'close_associate'],
} as const satisfies Record<string, readonly string[]>;
export type OptionSetName = keyof typeof optionSets;
/** Where a choice's allowed values come from: the countries, or one of the option sets above. */
export type OptionSource = 'countries' | OptionSetName;

export function optionsOf(source: OptionSource): readonly string[] {
  return source === 'countries' ? countryCodes : optionSets[source];
}

/** How a text field's value is read (SPEC section 5): each has its own rule and message. */
export type TextFormat = 'text' | 'name' | 'email' | 'phone' | 'date' | 'pastDate' | 'integer' | 'percent' | 'swift' | 'iban' | 'website';

interface FieldBase {
  name: string;
  /** Leaving it empty is fine (SPEC: fax and website are optional). */
  optional?: true;
  showIf?: Condition;
  /** The message of an empty required field when it is not the generic 'This field is required'. */
  requiredCode?: FieldMessageCode;
}

export type InputField =
  | (FieldBase & { type: 'text'; format: TextFormat; readOnly?: true; min?: number; max?: number; belowMinCode?: FieldMessageCode })
  | (FieldBase & { type: 'textarea' })
  | (FieldBase & { type: 'select'; options: OptionSource })
  | (FieldBase & { type: 'radio'; options: OptionSetName })
  | (FieldBase & { type: 'checkbox' })
  | (FieldBase & { type: 'select_list'; options: OptionSource })
  | (FieldBase & { type: 'input_list' })
  | (FieldBase & { type: 'file'; document: DocumentKind })
  | (FieldBase & { type: 'image'; document: DocumentKind; resize: { maxWidth: number; maxHeight: number; quality: number } })
  | (FieldBase & { type: 'array'; fields: readonly FormField[]; minItems: number });

/** Layout only: a heading, or fields shown side by side. Neither holds a value of its own. */
export type LayoutField = { type: 'title'; key: string } | { type: 'inline_fields'; fields: readonly InputField[] };

export type FormField = InputField | LayoutField;

/** A textarea holds a description; SPEC's 100 symbols fit a one-line field (docs/decisions.md). */
export const textareaMaxLength = 1000;
/** 'Date is too early': nobody was born, and no company registered, before this. */
export const earliestDate = '1900-01-01';

/** Fields that hold values, with the contents of inline groups lifted to their level. */
export function inputFieldsOf(fields: readonly FormField[]): InputField[] {
  return fields.flatMap((field) => {
    if (field.type === 'title') return [];
    if (field.type === 'inline_fields') return [...field.fields];
    return [field];
  });
}

export function isShown(field: Pick<FieldBase, 'showIf'>, values: Record<string, unknown>): boolean {
  const condition = field.showIf;
  if (!condition) return true;
  const value = values[condition.field];
  if ('equals' in condition) return value === condition.equals;
  return typeof value === 'string' && condition.in.includes(value);
}

const requiredString = (code: FieldMessageCode) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? code : 'INVALID_VALUE') }).check(
    z.trim(),
    z.minLength(1, { error: code, abort: true }),
  );

const today = () => new Date().toISOString().slice(0, 10);

function textSchema(field: Extract<InputField, { type: 'text' }>, required: FieldMessageCode): z.ZodMiniType<string> {
  const base = requiredString(required);
  switch (field.format) {
    case 'name':
      return base.check(z.minLength(textMinLength, { error: 'TEXT_TOO_SHORT' }), z.maxLength(nameMaxLength, { error: 'NAME_TOO_LONG' }));
    case 'email':
      return z.pipe(base.check(z.maxLength(textMaxLength, { error: 'TEXT_TOO_LONG' })), z.email({ error: 'INVALID_EMAIL' }));
    case 'phone':
      return base.check(z.regex(phonePattern, { error: 'INVALID_PHONE' }));
    case 'date':
    case 'pastDate':
      return calendarDay(base).check(
        z.refine((value) => value >= earliestDate, { error: 'DATE_TOO_EARLY', abort: true }),
        z.refine((value) => field.format === 'date' || value <= today(), { error: 'DATE_IN_FUTURE' }),
      );
    case 'integer':
    case 'percent': {
      const min = field.min ?? 0;
      const max = field.max ?? (field.format === 'percent' ? 100 : 1_000_000_000);
      return base.check(
        z.regex(field.format === 'percent' ? /^\d{1,3}(\.\d{1,2})?$/ : /^\d{1,12}$/, { error: 'NUMBER_INVALID' }),
        z.refine((value) => Number(value) >= min, { error: field.belowMinCode ?? 'NUMBER_TOO_SMALL', abort: true }),
        z.refine((value) => Number(value) <= max, { error: 'NUMBER_TOO_LARGE' }),
      );
    }
    case 'swift':
      return z.pipe(z.pipe(base, z.transform((value) => value.toUpperCase())), z.string().check(z.regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, { error: 'INVALID_SWIFT' })));
    case 'iban':
      return z.pipe(z.pipe(base, z.transform((value) => value.replace(/\s+/g, '').toUpperCase())), z.string().check(z.refine(isValidIban, { error: 'INVALID_IBAN' })));
    case 'website':
      return base.check(
        z.maxLength(textMaxLength, { error: 'TEXT_TOO_LONG' }),
        z.regex(/^(https?:\/\/)?[\w-]+(\.[\w-]+)+(\/\S*)?$/i, { error: 'INVALID_WEBSITE' }),
      );
    case 'text':
      return base.check(z.minLength(textMinLength, { error: 'TEXT_TOO_SHORT' }), z.maxLength(textMaxLength, { error: 'TEXT_TOO_LONG' }));
  }
}

/** A description: 2..1000 symbols (a textarea field, and the provider's reasons and comments). */
export function textareaSchema(required: FieldMessageCode = 'REQUIRED') {
  return requiredString(required).check(
    z.minLength(textMinLength, { error: 'TEXT_TOO_SHORT' }),
    z.maxLength(textareaMaxLength, { error: 'TEXTAREA_TOO_LONG' }),
  );
}

function choiceSchema(source: OptionSource, required: FieldMessageCode) {
  const allowed = optionsOf(source);
  return requiredString(required).check(z.refine((value) => allowed.includes(value), { error: 'INVALID_OPTION' }));
}

/** The schema of one field's value, when the field is shown. */
export function fieldSchema(field: InputField): z.ZodMiniType {
  const required = field.requiredCode ?? 'REQUIRED';
  const schema = valueSchema(field, required);
  if (!field.optional) return schema;
  // An optional field left empty is stored as absent, not as an empty string.
  return z.union([z.pipe(z.literal(''), z.transform(() => undefined)), z.undefined(), z.pipe(z.null(), z.transform(() => undefined)), schema]);
}

function valueSchema(field: InputField, required: FieldMessageCode): z.ZodMiniType {
  switch (field.type) {
    case 'text':
      return textSchema(field, required);
    case 'textarea':
      return textareaSchema(required);
    case 'select':
    case 'radio':
      return choiceSchema(field.options, required);
    case 'checkbox':
      return z._default(z.boolean({ error: missingOrInvalid }), false);
    case 'select_list': {
      const allowed = optionsOf(field.options);
      return z.array(z.string().check(z.refine((value) => allowed.includes(value), { error: 'INVALID_OPTION' })), { error: () => required }).check(
        z.minLength(1, { error: required }),
        z.refine((values) => new Set(values).size === values.length, { error: 'DUPLICATE_OPTION' }),
      );
    }
    case 'input_list':
      return z
        .array(
          requiredString('REQUIRED').check(z.minLength(textMinLength, { error: 'TEXT_TOO_SHORT' }), z.maxLength(textMaxLength, { error: 'TEXT_TOO_LONG' })),
          { error: () => required },
        )
        .check(z.minLength(1, { error: 'LIST_REQUIRED' }));
    case 'file':
    case 'image':
      return z.pipe(requiredString(required), z.uuid({ error: 'INVALID_VALUE' }));
    case 'array':
      return z.array(blockSchema(field.fields), { error: () => 'LIST_REQUIRED' }).check(z.minLength(field.minItems, { error: 'LIST_REQUIRED' }));
  }
}

export type BlockValues = Record<string, unknown>;

/**
 * The schema of a block of fields (a step, or one item of a repeated list). A field that is not shown is
 * neither checked nor kept, so an answer changed later never leaves a stale dependent value behind.
 */
export function blockSchema(fields: readonly FormField[]): z.ZodMiniType<BlockValues, BlockValues> {
  const inputs = inputFieldsOf(fields);
  return z.pipe(z.record(z.string(), z.unknown(), { error: () => 'INVALID_VALUE' }), z.transform((values, context) => {
    const kept: BlockValues = {};
    for (const field of inputs) {
      if (!isShown(field, values)) continue;
      const result = fieldSchema(field).safeParse(values[field.name], { reportInput: true });
      if (result.success) {
        if (result.data !== undefined) kept[field.name] = result.data;
        continue;
      }
      for (const issue of result.error.issues) {
        addIssue(context, { message: messageCodeOf(issue), path: [field.name, ...issue.path], input: issue.input });
      }
    }
    return kept;
  }));
}
