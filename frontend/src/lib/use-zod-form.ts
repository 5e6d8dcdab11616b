import { useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type * as z from 'zod/mini';
import { zodValidate } from './form-validation';

type TextValues = Record<string, string>;

export interface ZodForm<Values extends TextValues> {
  values: Values;
  /** Message code of each invalid field (translate with fieldErrorText). */
  errors: Partial<Record<keyof Values, string>>;
  touched: Partial<Record<keyof Values, boolean>>;
  isSubmitting: boolean;
  setFieldValue: (name: keyof Values, value: string) => void;
  handleChange: (event: ChangeEvent<HTMLInputElement>) => void;
  handleBlur: (event: { target: { name: string } }) => void;
  handleSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

interface Options<Values extends TextValues> {
  initialValues: Values;
  schema: z.ZodMiniType;
  onSubmit: (values: Values) => Promise<void>;
}

/**
 * formik's `useFormik` in miniature, for the flat text forms of the sign-in path. formik and lodash are a
 * tenth of the sign-in page's JavaScript budget; the larger forms (sign-up) use formik in their own chunks.
 * Errors show after a field was left or the form submitted; submitting is disabled while it runs, and an
 * invalid submit moves the focus to the first invalid field.
 */
export function useZodForm<Values extends TextValues>({ initialValues, schema, onSubmit }: Options<Values>): ZodForm<Values> {
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<Partial<Record<keyof Values, boolean>>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const running = useRef(false);
  const validate = useMemo(() => zodValidate<Values>(schema), [schema]);
  const errors = validate(values) as Partial<Record<keyof Values, string>>;

  const setFieldValue = (name: keyof Values, value: string) => setValues((current) => ({ ...current, [name]: value }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running.current) return;
    const all = Object.fromEntries(Object.keys(values).map((name) => [name, true])) as Partial<Record<keyof Values, boolean>>;
    setTouched(all);
    const invalid = Object.keys(values).find((name) => errors[name as keyof Values]);
    if (invalid) {
      const field = event.currentTarget.elements.namedItem(invalid);
      if (field instanceof HTMLElement) field.focus();
      return;
    }
    running.current = true;
    setSubmitting(true);
    void onSubmit(values).finally(() => {
      running.current = false;
      setSubmitting(false);
    });
  };

  return {
    values,
    errors,
    touched,
    isSubmitting,
    setFieldValue,
    handleChange: (event) => setFieldValue(event.target.name as keyof Values, event.target.value),
    handleBlur: (event) => setTouched((current) => ({ ...current, [event.target.name]: true })),
    handleSubmit,
  };
}
