import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useFormik } from 'formik';
import { Trans, useTranslation } from 'react-i18next';
import { signupSchema } from '@shared/auth';
import { paths } from '@shared/routes';
import { Alert } from '@frontend/components/alert/alert';
import { AuthLayout } from '@frontend/components/auth-layout/auth-layout';
import { CheckboxField } from '@frontend/components/checkbox-field/checkbox-field';
import { ResendStatus } from '@frontend/components/resend-status/resend-status';
import { TextField } from '@frontend/components/text-field/text-field';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { callApi } from '@frontend/lib/http';
import { uiLanguage } from '@frontend/lib/i18n';
import { readSubmitFailure } from '@frontend/lib/submit-failure';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { useResendConfirmation } from '@frontend/lib/use-resend-confirmation';
import {
  accountFields,
  emptyAccount,
  firstInvalidField,
  validateAccount,
  type AccountField,
  type AccountValues,
} from './account-validation';
import './create-account.css';

interface Created {
  email: string;
  companyName: string;
}

/** /signup: the account of the company's first user (SPEC section 5), then 'check your e-mail' in place. */
export function CreateAccountScreen() {
  const [created, setCreated] = useState<Created | null>(null);
  return created ? <AccountCreated {...created} /> : <AccountForm onCreated={setCreated} />;
}

function AccountForm({ onCreated }: { onCreated: (created: Created) => void }) {
  const { t, i18n } = useTranslation(['signup', 'errors']);
  useDocumentTitle(t('signup:account.title'));
  const formRef = useRef<HTMLFormElement>(null);
  // What the server refused, per field, until that field is changed; and a message about the whole form.
  const [serverErrors, setServerErrors] = useState<Partial<Record<AccountField, string>>>({});
  const [formCode, setFormCode] = useState<string | null>(null);
  // Each request is a new object, so the same field can take the focus twice in a row.
  const [focusRequest, setFocusRequest] = useState<{ field: AccountField } | null>(null);

  useEffect(() => {
    if (!focusRequest) return;
    const element = formRef.current?.elements.namedItem(focusRequest.field);
    if (element instanceof HTMLElement) element.focus();
  }, [focusRequest]);

  const formik = useFormik<AccountValues>({
    initialValues: emptyAccount,
    validate: validateAccount,
    onSubmit: async (values) => {
      setFormCode(null);
      setServerErrors({});
      try {
        // The schema passed in validate; parsing again gives the trimmed values the server stores.
        const body = signupSchema.parse({ ...values, language: uiLanguage(i18n) });
        onCreated(await callApi('POST /signup', { body }));
      } catch (error) {
        const failure = readSubmitFailure(error, accountFields);
        setServerErrors(failure.fields);
        setFormCode(failure.code);
        const field = firstInvalidField(failure.fields);
        if (field) setFocusRequest({ field });
      }
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (formik.isSubmitting) return;
    const field = firstInvalidField(validateAccount(formik.values));
    void formik.submitForm();
    if (field) setFocusRequest({ field });
  };

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const name = event.target.name as AccountField;
    if (serverErrors[name]) setServerErrors(({ [name]: _refused, ...rest }) => rest);
    formik.handleChange(event);
  };

  const clientError = (field: AccountField) => (formik.touched[field] ? formik.errors[field] : undefined);
  const errorOf = (field: AccountField) => fieldErrorText(t, clientError(field) ?? serverErrors[field]);
  const invalidSubmit =
    (formik.submitCount > 0 && accountFields.some((field) => formik.errors[field])) || Object.keys(serverErrors).length > 0;

  const text = (field: Exclude<AccountField, 'termsAccepted'>) => ({
    name: field,
    value: formik.values[field],
    onChange: change,
    onBlur: formik.handleBlur,
    error: errorOf(field),
    required: true,
  });

  return (
    <AuthLayout
      wide
      title={t('signup:account.title')}
      secondary={{ prompt: t('signup:haveAccount'), label: t('signup:signIn'), to: paths.login }}
    >
      <p className="account-lead">{t('signup:account.lead')}</p>
      <form ref={formRef} noValidate onSubmit={submit} className="account-form">
        <div className="account-form__grid">
          <div className="account-form__wide">
            <TextField
              {...text('registrationNumber')}
              label={t('signup:account.registrationNumber')}
              hint={t('signup:account.registrationNumberHint')}
              inputMode="numeric"
              autoComplete="off"
            />
          </div>
          <div className="account-form__wide">
            <TextField {...text('email')} label={t('signup:account.email')} type="email" inputMode="email" autoComplete="email" />
          </div>
          <TextField
            {...text('password')}
            label={t('signup:account.password')}
            hint={t('signup:account.passwordHint')}
            type="password"
            autoComplete="new-password"
          />
          <TextField
            {...text('passwordRepeat')}
            label={t('signup:account.passwordRepeat')}
            type="password"
            autoComplete="new-password"
          />
          <TextField {...text('name')} label={t('signup:account.name')} autoComplete="given-name" />
          <TextField {...text('surname')} label={t('signup:account.surname')} autoComplete="family-name" />
        </div>
        <CheckboxField
          name="termsAccepted"
          checked={formik.values.termsAccepted}
          onChange={change}
          onBlur={formik.handleBlur}
          error={errorOf('termsAccepted')}
          required
          label={
            <Trans
              t={t}
              i18nKey="signup:account.terms"
              components={{ terms: <a href={paths.terms} target="_blank" rel="noopener noreferrer" /> }}
            />
          }
        />
        {formCode ? (
          <Alert>{errorCodeText(t, formCode)}</Alert>
        ) : (
          invalidSubmit && <Alert>{t('errors:codes.VALIDATION_FAILED')}</Alert>
        )}
        <button type="submit" className="button button--block" disabled={formik.isSubmitting} aria-busy={formik.isSubmitting}>
          {t('signup:account.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}

function AccountCreated({ email, companyName }: Created) {
  const { t } = useTranslation('signup');
  useDocumentTitle(t('sent.title'));
  const resend = useResendConfirmation();
  return (
    <AuthLayout
      title={t('sent.title')}
      focusKey="sent"
      secondary={{ prompt: t('sent.confirmed'), label: t('signIn'), to: paths.login }}
    >
      <p className="account-lead account-sent__text">{t('sent.text', { email, companyName })}</p>
      <div className="account-sent__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={resend.state.status === 'sending'}
          aria-busy={resend.state.status === 'sending'}
          onClick={() => void resend.send(email)}
        >
          {t('sent.resend')}
        </button>
      </div>
      <ResendStatus state={resend.state} />
    </AuthLayout>
  );
}
