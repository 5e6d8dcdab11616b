import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { getIn, useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { signupSteps, type SignupStep } from '@shared/kyc';
import type { Application, saveStepAnswerSchema } from '@shared/onboarding/application';
import { documentIdsOfAnswers, stepDefinitions, stepSchema } from '@shared/onboarding/steps';
import { Alert } from '@frontend/components/alert/alert';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { zodValidate } from '@frontend/lib/form-validation';
import type * as z from 'zod/mini';
import type { KnownDocument } from './document-field';
import { deleteDocument, saveStep } from './onboarding-api';
import { readStepFailure } from './step-failure';
import { StepFields, StepFormContext, type StepFormContextValue } from './step-fields';
import { withDefaults, type FormValues } from './step-values';

interface StepFormProps {
  step: SignupStep;
  application: Application;
  /** What was typed here before and not sent (going back and forth keeps it). */
  draft: FormValues | undefined;
  onLeave: (values: FormValues) => void;
  onSaved: (answer: z.infer<typeof saveStepAnswerSchema>) => Promise<void>;
  onBack: (() => void) | null;
}

function initialValuesOf(step: SignupStep, application: Application, draft: FormValues | undefined): FormValues {
  if (draft) return draft;
  const saved = application.steps[step];
  const values = withDefaults(stepDefinitions[step].fields, saved);
  // The company's own facts from sign-up start the first step.
  if (step === 'general' && !saved) {
    values.registrationNumber = application.registrationNumber;
    values.companyName = application.companyName;
  }
  return values;
}

/** One onboarding step: the shared definition renders it, the shared schema checks it here and on the server. */
export function StepForm({ step, application, draft, onLeave, onSaved, onBack }: StepFormProps) {
  const { t } = useTranslation(['signup', 'errors', 'common']);
  const formRef = useRef<HTMLFormElement>(null);
  const definition = stepDefinitions[step];
  const validate = useMemo(() => zodValidate<FormValues>(stepSchema(step)), [step]);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formCode, setFormCode] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const [documents, setDocuments] = useState<ReadonlyMap<string, KnownDocument>>(
    () => new Map(application.documents.map((document) => [document.documentId, document])),
  );
  const initialValues = useMemo(() => initialValuesOf(step, application, draft), [step, application, draft]);

  const formik = useFormik<FormValues>({
    initialValues,
    validate,
    validateOnMount: false,
    onSubmit: async (values) => {
      setFormCode(null);
      setServerErrors({});
      try {
        const answers = stepSchema(step).parse(values);
        await onSaved(await saveStep(step, answers));
      } catch (error) {
        const failure = readStepFailure(error);
        setServerErrors(failure.fields);
        setFormCode(failure.code);
        if (Object.keys(failure.fields).length > 0) setFocusRequest((count) => count + 1);
      }
    },
  });

  // What was typed survives a visit to another step, until it is sent.
  const latest = useRef(formik.values);
  useEffect(() => {
    latest.current = formik.values;
  });
  useEffect(() => () => onLeave(latest.current), [onLeave]);

  // After an invalid submit has rendered its messages, the first invalid field takes the focus.
  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const changed = useCallback((path: string) => {
    setServerErrors((current) => {
      const stale = Object.keys(current).filter((key) => key === path || key.startsWith(`${path}.`));
      if (stale.length === 0) return current;
      const rest = { ...current };
      for (const key of stale) delete rest[key];
      return rest;
    });
  }, []);

  const savedDocumentIds = useMemo(() => documentIdsOfAnswers(application.steps), [application]);

  /** The message code of the field at a path, when it should show: its own once touched or submitted, else the server's. */
  const codeAt = (path: string): string | undefined => {
    const own: unknown = getIn(formik.errors, path);
    const shown = formik.submitCount > 0 || Boolean(getIn(formik.touched, path));
    return (shown && typeof own === 'string' ? own : undefined) ?? serverErrors[path];
  };

  const context: StepFormContextValue = {
    formik,
    codeAt,
    errorAt: (path) => fieldErrorText(t, codeAt(path)),
    changed,
    documents,
    onUploaded: (document) => setDocuments((current) => new Map(current).set(document.documentId, document)),
    onRelease: (documentId) => {
      // A saved step still points at it until this one is sent again; the server lets go of it then.
      if (!savedDocumentIds.has(documentId)) void deleteDocument(documentId).catch(() => undefined);
    },
  };

  const invalid = formik.submitCount > 0 && Object.keys(formik.errors).length > 0;
  const isLast = step === signupSteps[signupSteps.length - 1];
  const returnedComment = application.returnedSteps[step];
  return (
    <StepFormContext.Provider value={context}>
      {returnedComment && (
        <Alert tone="info">
          <strong>{t('signup:returned.title')}</strong> {returnedComment}
        </Alert>
      )}
      <form
        ref={formRef}
        noValidate
        className="step-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (formik.isSubmitting) return;
          void formik.submitForm().then(() => setFocusRequest((count) => count + 1));
        }}
      >
        <StepFields fields={definition.fields} prefix="" block={formik.values} />
        {(invalid || formCode === 'VALIDATION_FAILED') && <Alert>{t('errors:codes.VALIDATION_FAILED')}</Alert>}
        {formCode && formCode !== 'VALIDATION_FAILED' && <Alert>{errorCodeText(t, formCode)}</Alert>}
        {formik.dirty && !invalid && !formik.isSubmitting && (
          <p className="step-form__unsent" role="status">
            {t('errors:fields.PRESS_BUTTON_TO_SUBMIT')}
          </p>
        )}
        <div className="step-form__actions">
          {onBack && (
            <button type="button" className="button button--secondary" onClick={onBack} disabled={formik.isSubmitting}>
              {t('signup:back')}
            </button>
          )}
          <button type="submit" className="button" disabled={formik.isSubmitting} aria-busy={formik.isSubmitting}>
            {isLast || returnedComment ? t('signup:submitApplication') : t('signup:next')}
          </button>
        </div>
      </form>
    </StepFormContext.Provider>
  );
}
