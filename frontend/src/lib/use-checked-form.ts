import { useEffect, useRef, useState, type ChangeEvent, type FocusEvent, type FormEvent } from 'react';
import { useFormik, type FormikErrors, type FormikHelpers, type FormikValues } from 'formik';
import { firstInvalid, readSubmitFailure, type SubmitFailure } from './submit-failure';

interface Options<Values, Field extends string> {
  /** The fields the visitor fills in, in the order the form shows them: the first invalid one takes the focus. */
  fields: readonly Field[];
  initialValues: Values;
  /** The shared schema's messages (zodValidate). */
  validate: (values: Values) => FormikErrors<Values>;
  /**
   * Sends the form. What it throws is the server's refusal, shown on the fields or for the whole form. The
   * helpers are formik's (e.g. to empty the form after it was sent).
   */
  onSubmit: (values: Values, helpers: FormikHelpers<Values>) => Promise<void>;
  /** Reads what onSubmit threw; by default an ApiError of the portal's API (readSubmitFailure). */
  readFailure?: (error: unknown) => SubmitFailure<Field>;
}

/**
 * A formik form the server checks again (sign-up, password reset, password change): the shared schema validates
 * it; what the server refused shows on its field until that field is changed, and anything else once for the
 * whole form.
 * An invalid submit, or a refused one, moves the focus to the first field with a message, after the render
 * that shows the message, so a screen reader reads the two together. Submitting is ignored while it runs.
 */
export function useCheckedForm<Values extends FormikValues, Field extends keyof Values & string>({
  fields,
  initialValues,
  validate,
  onSubmit,
  readFailure = (error) => readSubmitFailure(error, fields),
}: Options<Values, Field>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [formCode, setFormCode] = useState<string | null>(null);
  // Each request is a new object, so the same field can take the focus twice in a row.
  const [focusRequest, setFocusRequest] = useState<{ field: Field } | null>(null);

  useEffect(() => {
    if (!focusRequest) return;
    const element = formRef.current?.elements.namedItem(focusRequest.field);
    if (element instanceof HTMLElement) element.focus();
  }, [focusRequest]);

  const formik = useFormik<Values>({
    initialValues,
    validate,
    onSubmit: async (values, helpers) => {
      setFormCode(null);
      setServerErrors({});
      try {
        await onSubmit(values, helpers);
      } catch (error) {
        const failure = readFailure(error);
        setServerErrors(failure.fields);
        setFormCode(failure.code);
        const field = firstInvalid(fields, failure.fields);
        if (field) setFocusRequest({ field });
      }
    },
  });

  // A submit that ends with the focus nowhere (the submit button lost it while disabled, and no field asked for
  // it) gives it back to the submit button, so the keyboard carries on from where it was.
  const wasSubmitting = useRef(false);
  useEffect(() => {
    const ended = wasSubmitting.current && !formik.isSubmitting;
    wasSubmitting.current = formik.isSubmitting;
    if (!ended) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    formRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }, [formik.isSubmitting]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (formik.isSubmitting) return;
    const field = firstInvalid(fields, validate(formik.values) as Partial<Record<Field, unknown>>);
    void formik.submitForm();
    if (field) setFocusRequest({ field });
  };

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const name = event.target.name as Field;
    if (serverErrors[name]) {
      setServerErrors((current) => {
        const rest = { ...current };
        delete rest[name];
        return rest;
      });
    }
    formik.handleChange(event);
  };

  /** Leaving a field shows its message (FieldError holds it back while the pointer that left it is pressed). */
  const blur = (event: FocusEvent<HTMLInputElement>) => {
    formik.handleBlur(event);
  };

  /** The message code of a field: the form's own once the field was left or submitted, else the server's. */
  const errorCode = (field: Field): string | undefined =>
    (formik.touched[field] ? (formik.errors[field] as string | undefined) : undefined) ?? serverErrors[field];

  /** 'Please fix errors above' applies: a submit found invalid fields, or the server refused some. */
  const invalidSubmit =
    (formik.submitCount > 0 && fields.some((field) => formik.errors[field])) || Object.keys(serverErrors).length > 0;

  return { formik, formRef, submit, change, blur, errorCode, formCode, invalidSubmit };
}
