import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as employeeRoutes from '@shared/api/routes/employee-routes';
import { newEmployeeFieldsSchema, type EmployeeDetail } from '@shared/employees';
import { Alert } from '@frontend/components/alert/alert';
import { ConfirmDialog } from '@frontend/components/confirm-dialog/confirm-dialog';
import { Dialog } from '@frontend/components/dialog/dialog';
import { TextField } from '@frontend/components/text-field/text-field';
import { errorCodeOf } from '@frontend/lib/api-error';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { zodValidate } from '@frontend/lib/form-validation';
import { callApi } from '@frontend/lib/http';
import { useCheckedForm } from '@frontend/lib/use-checked-form';
import { SentForApproval } from './sent-for-approval';

const fields = ['name', 'surname', 'phone', 'email', 'personalCode'] as const;
type Values = Record<(typeof fields)[number], string>;
const empty: Values = { name: '', surname: '', phone: '', email: '', personalCode: '' };
// Leaving the phone out is asked about by the confirmation below, not shown as a field error.
const validate = zodValidate<Values>(newEmployeeFieldsSchema);

/**
 * Adds an employee (SPEC section 4: name and surname required; without a phone the user confirms first). The API
 * orders the card; the new user's page opens with the card ordered.
 */
export function AddUserDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (employee: EmployeeDetail) => Promise<void> }) {
  const { t } = useTranslation(['users', 'errors', 'common']);
  const [askNoPhone, setAskNoPhone] = useState<Values | null>(null);
  // When the owners require approval for new users (issue 35), the request waits: named here, nothing created yet.
  const [waiting, setWaiting] = useState<string | null>(null);
  const send = async (values: Values, confirmWithoutPhone: boolean) => {
    const answer = await callApi(employeeRoutes.addEmployee, {
      body: { name: values.name, surname: values.surname, phone: values.phone, email: values.email, personalCode: values.personalCode, confirmWithoutPhone },
    });
    if ('approval' in answer) return setWaiting(`${values.name} ${values.surname}`.trim());
    await onAdded(answer);
  };
  const { formik, formRef, submit, change, blur, errorCode, formCode, invalidSubmit } = useCheckedForm<Values, (typeof fields)[number]>({
    fields,
    initialValues: empty,
    validate,
    onSubmit: async (values) => {
      if (values.phone.trim() === '') {
        setAskNoPhone(values);
        return;
      }
      await send(values, false);
    },
  });
  const field = (name: (typeof fields)[number], extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={t(`add.fields.${name}`)}
      name={name}
      value={formik.values[name]}
      onChange={change}
      onBlur={blur}
      error={fieldErrorText(t, errorCode(name))}
      {...extra}
    />
  );
  const [noPhoneBusy, setNoPhoneBusy] = useState(false);
  const [noPhoneFailure, setNoPhoneFailure] = useState<string | null>(null);
  if (waiting !== null) return <SentForApproval text={t('funds.approval.userWaits', { name: waiting })} onClose={onClose} />;
  return (
    <>
      <Dialog open={askNoPhone === null} title={t('add.title')} busy={formik.isSubmitting} onClose={onClose}>
        <form ref={formRef} onSubmit={submit} noValidate>
          <div className="dialog__body">
            {field('name', { autoComplete: 'off', required: true })}
            {field('surname', { autoComplete: 'off', required: true })}
            {field('phone', { inputMode: 'numeric', hint: t('add.phoneHint'), autoComplete: 'off' })}
            {field('email', { type: 'email', autoComplete: 'off' })}
            {field('personalCode', { hint: t('add.personalCodeHint'), autoComplete: 'off' })}
            <p className="field__hint">{t('add.cardOrdered')}</p>
            {invalidSubmit && <Alert>{t('errors:codes.VALIDATION_FAILED')}</Alert>}
            {formCode && !invalidSubmit && <Alert>{errorCodeText(t, formCode)}</Alert>}
            {noPhoneFailure && <Alert>{errorCodeText(t, noPhoneFailure)}</Alert>}
          </div>
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={onClose} disabled={formik.isSubmitting}>
              {t('common:cancel')}
            </button>
            <button type="submit" className="button" disabled={formik.isSubmitting} aria-busy={formik.isSubmitting}>
              {t('add.submit')}
            </button>
          </div>
        </form>
      </Dialog>
      <ConfirmDialog
        open={askNoPhone !== null}
        title={t('add.noPhone.title')}
        confirmLabel={t('add.noPhone.confirm')}
        cancelLabel={t('add.noPhone.back')}
        busy={noPhoneBusy}
        onCancel={() => setAskNoPhone(null)}
        onConfirm={() => {
          if (!askNoPhone) return;
          setNoPhoneBusy(true);
          setNoPhoneFailure(null);
          send(askNoPhone, true)
            .catch((error: unknown) => {
              setNoPhoneFailure(errorCodeOf(error));
              setAskNoPhone(null);
            })
            .finally(() => setNoPhoneBusy(false));
        }}
      >
        <p>{t('add.noPhone.text')}</p>
      </ConfirmDialog>
    </>
  );
}
