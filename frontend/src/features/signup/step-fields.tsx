import { createContext, useContext, useMemo } from 'react';
import { getIn, type FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { countryCodes } from '@shared/countries';
import { isShown, optionsOf, type FormField, type InputField, type OptionSource, type TextFormat } from '@shared/onboarding/fields';
import { ComboboxField } from '@frontend/components/combobox-field/combobox-field';
import { FieldError } from '@frontend/components/field-error/field-error';
import { CheckboxField } from '@frontend/components/checkbox-field/checkbox-field';
import { RadioGroupField } from '@frontend/components/radio-group-field/radio-group-field';
import { SelectField } from '@frontend/components/select-field/select-field';
import { TextareaField } from '@frontend/components/textarea-field/textarea-field';
import { TextField } from '@frontend/components/text-field/text-field';
import { TextListField } from '@frontend/components/text-list-field/text-list-field';
import { uiLanguage } from '@frontend/lib/i18n';
import { DayField } from './day-field';
import { DocumentField, type KnownDocument } from './document-field';
import { emptyBlock, type FormValues } from './step-values';

export interface StepFormContextValue {
  formik: FormikProps<FormValues>;
  /** The message code of the field at a path, when it should show. */
  codeAt: (path: string) => string | undefined;
  /** The translated message of the field at a path, when it should show. */
  errorAt: (path: string) => string | undefined;
  /** A field changed: the server's message about it no longer applies. */
  changed: (path: string) => void;
  documents: ReadonlyMap<string, KnownDocument>;
  onUploaded: (document: KnownDocument) => void;
  onRelease: (documentId: string) => void;
}

export const StepFormContext = createContext<StepFormContextValue | null>(null);

function useStepForm(): StepFormContextValue {
  const context = useContext(StepFormContext);
  if (!context) throw new Error('step fields outside a step form');
  return context;
}

function useOptions(source: OptionSource) {
  const { t, i18n } = useTranslation('signup');
  const language = uiLanguage(i18n);
  return useMemo(() => {
    if (source !== 'countries') return optionsOf(source).map((value) => ({ value, label: t(`options.${source}.${value}`) }));
    const names = new Intl.DisplayNames([language], { type: 'region' });
    return countryCodes
      .map((value) => ({ value, label: names.of(value) ?? value }))
      .sort((a, b) => a.label.localeCompare(b.label, language));
  }, [source, t, language]);
}

/** The fields of a block (a step, or one item of a list) whose values sit at `prefix` in the form. */
export function StepFields({ fields, prefix, block }: { fields: readonly FormField[]; prefix: string; block: FormValues }) {
  const { t } = useTranslation('signup');
  return (
    <>
      {fields.map((field, index) => {
        if (field.type === 'title') {
          return (
            <h3 key={`title-${field.key}`} className="step-form__title">
              {t(`titles.${field.key}`)}
            </h3>
          );
        }
        if (field.type === 'inline_fields') {
          const shown = field.fields.filter((each) => isShown(each, block));
          if (shown.length === 0) return null;
          return (
            <div key={`row-${index}`} className="step-form__row">
              {shown.map((each) => (
                <InputFieldView key={each.name} field={each} path={`${prefix}${each.name}`} />
              ))}
            </div>
          );
        }
        if (!isShown(field, block)) return null;
        return <InputFieldView key={field.name} field={field} path={`${prefix}${field.name}`} />;
      })}
    </>
  );
}

const inputModes: Partial<Record<TextFormat, 'numeric' | 'decimal'>> = { integer: 'numeric', percent: 'decimal', phone: 'numeric' };
const hints: Partial<Record<TextFormat, 'phone' | 'percent'>> = { phone: 'phone', percent: 'percent' };

function InputFieldView({ field, path }: { field: InputField; path: string }) {
  const { t } = useTranslation(['signup', 'common']);
  const context = useStepForm();
  const { formik, errorAt, changed } = context;
  const value: unknown = getIn(formik.values, path);
  const label = t(`signup:fields.${field.name}`) + (field.optional ? ` ${t('signup:optional')}` : '');
  const set = (next: unknown) => {
    changed(path);
    void formik.setFieldValue(path, next);
  };
  const blur = () => void formik.setFieldTouched(path, true, false);
  const error = errorAt(path);
  const options = useOptions(field.type === 'select' || field.type === 'radio' || field.type === 'select_list' ? field.options : 'yesNo');

  // What the one-value fields share: their place in the form, label, value and message.
  const single = { name: path, label, value: typeof value === 'string' ? value : '', onBlur: blur, error };

  switch (field.type) {
    case 'text':
      if (field.format === 'date' || field.format === 'pastDate') {
        return (
          <DayField
            {...single}
            // The shared schema's 'use YYYY-MM-DD' is the API's format; here the day is typed DD.MM.YYYY.
            error={context.codeAt(path) === 'DATE_FORMAT' ? t('signup:hints.dateFormat') : error}
            onChange={set}
            required={!field.optional}
            placeholder={t('signup:hints.datePlaceholder')}
            hint={t('signup:hints.date')}
          />
        );
      }
      return (
        <TextField
          {...single}
          onChange={(event) => set(event.target.value)}
          readOnly={field.readOnly}
          required={!field.optional}
          type={field.format === 'email' ? 'email' : 'text'}
          inputMode={inputModes[field.format]}
          hint={hints[field.format] && t(`signup:hints.${hints[field.format]}`)}
          autoComplete="off"
        />
      );
    case 'textarea':
      return <TextareaField {...single} onChange={(event) => set(event.target.value)} required />;
    case 'select':
      // A country is one of some 250: typed and filtered in a combobox. The short lists stay native selects.
      if (field.options === 'countries') return <ComboboxField {...single} options={options} onChange={set} required />;
      return (
        <SelectField
          {...single}
          options={[{ value: '', label: t('signup:choose') }, ...options]}
          onChange={(event) => set(event.target.value)}
          required
        />
      );
    case 'radio':
      return <RadioGroupField {...single} options={options} onChange={set} />;
    case 'checkbox':
      return <CheckboxField name={path} label={label} checked={value === true} onChange={(event) => set(event.target.checked)} onBlur={blur} error={error} />;
    case 'select_list':
      return (
        <ComboboxField
          multiple
          name={path}
          label={label}
          values={Array.isArray(value) ? (value as string[]) : []}
          options={options}
          required={!field.optional}
          onChange={(next) => {
            set(next);
            blur();
          }}
          onBlur={blur}
          error={error}
        />
      );
    case 'input_list':
      return (
        <TextListField
          name={path}
          label={label}
          values={Array.isArray(value) ? (value as string[]) : []}
          onChange={set}
          onBlur={(index) => void formik.setFieldTouched(`${path}.${index}`, true, false)}
          error={error}
          itemError={(index) => errorAt(`${path}.${index}`)}
        />
      );
    case 'file':
    case 'image': {
      const documentId = typeof value === 'string' ? value : '';
      return (
        <DocumentField
          field={field}
          name={path}
          label={label}
          value={documentId}
          document={context.documents.get(documentId)}
          error={error}
          onUploaded={context.onUploaded}
          onRelease={context.onRelease}
          onChange={set}
          onBlur={blur}
        />
      );
    }
    case 'array':
      return <RepeatedBlocks field={field} path={path} />;
  }
}

/** SPEC's lists of repeated blocks (representatives, owners, beneficiaries, partners): add and remove items. */
function RepeatedBlocks({ field, path }: { field: Extract<InputField, { type: 'array' }>; path: string }) {
  const { t } = useTranslation('signup');
  const { formik, errorAt, changed } = useStepForm();
  const raw: unknown = getIn(formik.values, path);
  const items = Array.isArray(raw) ? (raw as FormValues[]) : [];
  const error = errorAt(path);
  const update = (next: FormValues[]) => {
    changed(path);
    void formik.setFieldValue(path, next);
  };
  return (
    <section className="step-form__list" aria-label={t(`lists.${field.name}`)}>
      {items.map((item, index) => (
        <fieldset key={index} className="step-form__block">
          <legend className="step-form__block-title">{t(`blocks.${field.name}`, { number: index + 1 })}</legend>
          <StepFields fields={field.fields} prefix={`${path}.${index}.`} block={item} />
          {items.length > field.minItems && (
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => update(items.filter((_, position) => position !== index))}
            >
              {t('removeBlock', { item: t(`blocks.${field.name}`, { number: index + 1 }) })}
            </button>
          )}
        </fieldset>
      ))}
      <FieldError id={undefined} message={error} />
      <button type="button" className="button button--secondary" onClick={() => update([...items, emptyBlock(field.fields)])}>
        {t(`add.${field.name}`)}
      </button>
    </section>
  );
}
