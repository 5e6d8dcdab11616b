import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useFormik, type FormikErrors, type FormikValues } from 'formik';
import { firstInvalid, readSubmitFailure } from './submit-failure';

interface Options<Values, Field> {
  /** The fields the visitor fills in, in the order the form shows them: the first invalid one takes the focus. */
  fields: readonly Field[];
  initialValues: Values;
  /** The shared schema's messages (zodValidate). */
  validate: (values: Values) => FormikErrors<Values>;
  /** Sends the form. What it throws is the server's refusal, shown on the fields or for the whole form. */
  onSubmit: (values: Values) => Promise<void>;
}

/**
 * A formik form the server checks again (sign-up, password reset): the shared schema validates it; what the
 * server refused shows on its field until that field is changed, and anything else once for the whole form.
 * An invalid submit, or a refused one, moves the focus to the first field with a message, after the render
 * that shows the message, so a screen reader reads the two together. Submitting is ignored while it runs.
 */
export function useCheckedForm<Values extends FormikValues, Field extends keyof Values & string>({
  fields,
  initialValues,
  validate,
  onSubmit,
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
    onSubmit: async (values) => {
      setFormCode(null);
      setServerErrors({});
      try {
        await onSubmit(values);
      } catch (error) {
        const failure = readSubmitFailure(error, fields);
        setServerErrors(failure.fields);
        setFormCode(failure.code);
        const field = firstInvalid(fields, failure.fields);
        if (field) setFocusRequest({ field });
      }
    },
  });

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

  /** The message code of a field: the form's own once the field was left or submitted, else the server's. */
  const errorCode = (field: Field): string | undefined =>
    (formik.touched[field] ? (formik.errors[field] as string | undefined) : undefined) ?? serverErrors[field];

  /** 'Please fix errors above' applies: a submit found invalid fields, or the server refused some. */
  const invalidSubmit =
    (formik.submitCount > 0 && fields.some((field) => formik.errors[field])) || Object.keys(serverErrors).length > 0;

  return { formik, formRef, submit, change, errorCode, formCode, invalidSubmit };
}
