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
  /** Starts loading a schema given as a loader (call it when the form gets the focus); nothing for a schema given. */
  preload: () => void;
}

/** A shared/ schema, or a loader of it: a page that paints before zod is loaded (/card) validates once it is there. */
export type SchemaSource = z.ZodMiniType | (() => Promise<z.ZodMiniType>);

interface Options<Values extends TextValues> {
  initialValues: Values;
  schema: SchemaSource;
  onSubmit: (values: Values) => Promise<void>;
  /** The schema's loader failed on submit (offline): nothing was sent. */
  onUnavailable?: (error: unknown) => void;
}

const noErrors = () => ({});

/**
 * formik's `useFormik` in miniature, for the flat text forms of the sign-in path. formik and lodash are a
 * tenth of the sign-in page's JavaScript budget; the larger forms (sign-up) use formik in their own chunks.
 * Errors show after a field was left or the form submitted; submitting is disabled while it runs, and an
 * invalid submit moves the focus to the first invalid field. A schema given as a loader validates from the moment it
 * is loaded; a submit before that waits for it.
 */
export function useZodForm<Values extends TextValues>({ initialValues, schema, onSubmit, onUnavailable }: Options<Values>): ZodForm<Values> {
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<Partial<Record<keyof Values, boolean>>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [loaded, setLoaded] = useState<z.ZodMiniType | null>(typeof schema === 'function' ? null : schema);
  const loading = useRef<Promise<z.ZodMiniType> | null>(null);
  const running = useRef(false);
  const validate = useMemo(() => (loaded ? zodValidate<Values>(loaded) : noErrors), [loaded]);
  const errors = validate(values) as Partial<Record<keyof Values, string>>;

  const resolveSchema = (): Promise<z.ZodMiniType> => {
    if (loaded) return Promise.resolve(loaded);
    if (typeof schema !== 'function') return Promise.resolve(schema);
    loading.current ??= schema().then(
      (resolved) => {
        setLoaded(() => resolved);
        return resolved;
      },
      (error: unknown) => {
        loading.current = null;
        throw error;
      },
    );
    return loading.current;
  };

  const setFieldValue = (name: keyof Values, value: string) => setValues((current) => ({ ...current, [name]: value }));

  const submitWith = (form: HTMLFormElement, fieldErrors: Partial<Record<keyof Values, string>>): Promise<void> | null => {
    const all = Object.fromEntries(Object.keys(values).map((name) => [name, true])) as Partial<Record<keyof Values, boolean>>;
    setTouched(all);
    const invalid = Object.keys(values).find((name) => fieldErrors[name as keyof Values]);
    if (invalid) {
      const field = form.elements.namedItem(invalid);
      if (field instanceof HTMLElement) field.focus();
      return null;
    }
    return onSubmit(values);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running.current) return;
    const form = event.currentTarget;
    running.current = true;
    setSubmitting(true);
    const done = () => {
      running.current = false;
      setSubmitting(false);
    };
    if (loaded) {
      const submitted = submitWith(form, errors);
      if (submitted) void submitted.finally(done);
      else done();
      return;
    }
    resolveSchema()
      .then((resolved) => submitWith(form, zodValidate<Values>(resolved)(values) as Partial<Record<keyof Values, string>>))
      .catch((error: unknown) => onUnavailable?.(error))
      .finally(done);
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
    preload: () => void resolveSchema().catch(() => undefined),
  };
}
