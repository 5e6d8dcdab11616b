import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { signupSchema } from '@shared/account';
import { paths } from '@shared/routes';
import { Alert } from '@frontend/components/alert/alert';
import { AuthLayout } from '@frontend/components/auth-layout/auth-layout';
import { CheckboxField } from '@frontend/components/checkbox-field/checkbox-field';
import { ResendStatus } from '@frontend/components/resend-status/resend-status';
import { TextField } from '@frontend/components/text-field/text-field';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { callApi } from '@frontend/lib/http';
import { uiLanguage } from '@frontend/lib/i18n';
import { useCheckedForm } from '@frontend/lib/use-checked-form';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { useResendConfirmation } from '@frontend/lib/use-resend-confirmation';
import { accountFields, emptyAccount, validateAccount, type AccountField, type AccountValues } from './account-validation';
import './create-account.css';
import * as accountRoutes from '@shared/api/routes/account-routes';

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
  const { formik, formRef, submit, change, blur, errorCode, formCode, invalidSubmit } = useCheckedForm<AccountValues, AccountField>({
    fields: accountFields,
    initialValues: emptyAccount,
    validate: validateAccount,
    onSubmit: async (values) => {
      // The schema passed in validate; parsing again gives the trimmed values the server stores.
      const body = signupSchema.parse({ ...values, language: uiLanguage(i18n) });
      onCreated(await callApi(accountRoutes.signUp, { body }));
    },
  });
  const errorOf = (field: AccountField) => fieldErrorText(t, errorCode(field));

  const text = (field: Exclude<AccountField, 'termsAccepted'>) => ({
    name: field,
    value: formik.values[field],
    onChange: change,
    onBlur: blur,
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
          <div className="account-form__wide">
            <TextField
              {...text('phone')}
              label={t('signup:account.phone')}
              hint={t('signup:account.phoneHint')}
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
            />
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
          onBlur={blur}
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
