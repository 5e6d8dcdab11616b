import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import * as employeeRoutes from '@shared/api/routes/employee-routes';
import { merchantCategoryGroupNames, replacementReasons, type MerchantCategoryGroup } from '@shared/cards';
import { countryCodes } from '@shared/countries';
import { centsToEurText } from '@shared/money-text';
import { changePhoneBodySchema, limitsFormSchema, replaceCardBodySchema, type EmployeeDetail } from '@shared/employees';
import { Alert } from '@frontend/components/alert/alert';
import { CheckboxField } from '@frontend/components/checkbox-field/checkbox-field';
import { Dialog } from '@frontend/components/dialog/dialog';
import { SelectField } from '@frontend/components/select-field/select-field';
import { TextField } from '@frontend/components/text-field/text-field';
import { ApiError, errorCodeOf } from '@frontend/lib/api-error';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { useFormat } from '@frontend/lib/format';
import { zodValidate } from '@frontend/lib/form-validation';
import { callApi } from '@frontend/lib/http';
import { uiLanguage } from '@frontend/lib/i18n';
import { useCheckedForm } from '@frontend/lib/use-checked-form';
import { SentForApproval } from './sent-for-approval';
import { pricesQueryKey } from './users-api';

interface DialogProps {
  employee: EmployeeDetail;
  onClose: () => void;
  onDone: (employee: EmployeeDetail) => void;
}

function FormFooter({ busy, submitLabel, onClose }: { busy: boolean; submitLabel: string; onClose: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className="dialog__actions">
      <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
        {t('cancel')}
      </button>
      <button type="submit" className="button" disabled={busy} aria-busy={busy}>
        {submitLabel}
      </button>
    </div>
  );
}

const validatePhone = zodValidate<{ phone: string }>(changePhoneBodySchema);

/** SPEC section 5: the new phone must differ from the current one and not be used by another user. */
export function ChangePhoneDialog({ employee, onClose, onDone }: DialogProps) {
  const { t } = useTranslation(['users', 'errors']);
  // When the owners require approval for phone changes (issue 35): the number asked for, nothing changed yet.
  const [waiting, setWaiting] = useState<string | null>(null);
  const { formik, formRef, submit, change, blur, errorCode, formCode, invalidSubmit } = useCheckedForm<{ phone: string }, 'phone'>({
    fields: ['phone'],
    initialValues: { phone: employee.phone ?? '' },
    validate: (values) => ({ ...validatePhone(values), ...(values.phone.trim() !== '' && values.phone.trim() === employee.phone ? { phone: 'PHONE_SAME' } : {}) }),
    onSubmit: async (values) => {
      const answer = await callApi(employeeRoutes.changePhone, { params: { employeeId: employee.employeeId }, body: { phone: values.phone } });
      if ('approval' in answer) setWaiting(answer.approval.userChange?.phone?.to ?? values.phone);
      else onDone(answer);
    },
  });
  if (waiting !== null) return <SentForApproval text={t('funds.approval.phoneWaits', { name: `${employee.name} ${employee.surname}`, phone: waiting })} onClose={onClose} />;
  return (
    <Dialog open title={t('phone.title')} busy={formik.isSubmitting} onClose={onClose}>
      <form ref={formRef} onSubmit={submit} noValidate>
        <div className="dialog__body">
          <TextField label={t('add.fields.phone')} name="phone" inputMode="numeric" hint={t('add.phoneHint')} value={formik.values.phone} onChange={change} onBlur={blur} error={fieldErrorText(t, errorCode('phone'))} />
          {formCode && !invalidSubmit && <Alert>{errorCodeText(t, formCode)}</Alert>}
        </div>
        <FormFooter busy={formik.isSubmitting} submitLabel={t('phone.submit')} onClose={onClose} />
      </form>
    </Dialog>
  );
}

type LimitValues = { limit: string; annualLimit: string; mccGroups: MerchantCategoryGroup[] };
const limitFields = ['limit', 'annualLimit', 'mccGroups'] as const;
const validateLimits = zodValidate<LimitValues>(limitsFormSchema);

/** Monthly and annual limits in euros (period as the decimal separator) and the allowed merchant category groups. */
export function LimitsDialog({ employee, onClose, onDone }: DialogProps) {
  const { t } = useTranslation(['users', 'errors']);
  // When the owners require approval for raised limits (issue 35): nothing changed yet.
  const [waiting, setWaiting] = useState(false);
  const { formik, formRef, submit, change, blur, errorCode, formCode, invalidSubmit } = useCheckedForm<LimitValues, (typeof limitFields)[number]>({
    fields: limitFields,
    initialValues: { limit: centsToEurText(employee.limitCents), annualLimit: centsToEurText(employee.annualLimitCents), mccGroups: [...employee.mccGroups] },
    validate: validateLimits,
    onSubmit: async (values) => {
      const parsed = limitsFormSchema.parse(values);
      const answer = await callApi(employeeRoutes.setLimits, {
        params: { employeeId: employee.employeeId },
        body: { limitCents: parsed.limit, annualLimitCents: parsed.annualLimit, mccGroups: parsed.mccGroups },
      });
      if ('approval' in answer) setWaiting(true);
      else onDone(answer);
    },
  });
  const groups = formik.values.mccGroups;
  if (waiting) return <SentForApproval text={t('funds.approval.limitsWaits', { name: `${employee.name} ${employee.surname}` })} onClose={onClose} />;
  return (
    <Dialog open title={t('limits.title')} busy={formik.isSubmitting} onClose={onClose}>
      <form ref={formRef} onSubmit={submit} noValidate>
        <div className="dialog__body">
          <TextField label={t('limits.monthly')} name="limit" inputMode="decimal" hint={t('limits.hint')} value={formik.values.limit} onChange={change} onBlur={blur} error={fieldErrorText(t, errorCode('limit'))} />
          <TextField label={t('limits.annual')} name="annualLimit" inputMode="decimal" value={formik.values.annualLimit} onChange={change} onBlur={blur} error={fieldErrorText(t, errorCode('annualLimit'))} />
          <fieldset className="users-fieldset">
            <legend>{t('limits.groups')}</legend>
            {merchantCategoryGroupNames.map((group) => (
              <CheckboxField
                key={group}
                name={`mcc-${group}`}
                label={t(`common:merchantGroups.${group}`)}
                checked={groups.includes(group)}
                onChange={(event) =>
                  void formik.setFieldValue('mccGroups', event.target.checked ? [...groups, group] : groups.filter((value) => value !== group))
                }
              />
            ))}
          </fieldset>
          {invalidSubmit && <Alert>{t('errors:codes.VALIDATION_FAILED')}</Alert>}
          {formCode && !invalidSubmit && <Alert>{errorCodeText(t, formCode)}</Alert>}
        </div>
        <FormFooter busy={formik.isSubmitting} submitLabel={t('limits.submit')} onClose={onClose} />
      </form>
    </Dialog>
  );
}

type ReplaceValues = { reason: string; address: string; city: string; country: string; postalCode: string };
const replaceFields = ['reason', 'address', 'city', 'country', 'postalCode'] as const;
const replaceFormSchema = /* @__PURE__ */ z.extend(z.pick(replaceCardBodySchema, { reason: true }), replaceCardBodySchema.shape.address.shape);
const validateReplacement = zodValidate<ReplaceValues>(replaceFormSchema);

/**
 * Replace card: the reason and the delivery address, then the fee from the price list, confirmed before it is
 * deducted from the company's main account (SPEC section 4).
 */
export function ReplaceCardDialog({ employee, onClose, onDone }: DialogProps) {
  const { t, i18n } = useTranslation(['users', 'errors', 'common']);
  const format = useFormat();
  const prices = useQuery({ queryKey: pricesQueryKey, queryFn: ({ signal }) => callApi(employeeRoutes.getPrices, { signal }) });
  const [confirming, setConfirming] = useState<ReplaceValues | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const language = uiLanguage(i18n);
  const countryOptions = useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    return [{ value: '', label: '' }, ...countryCodes.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) => a.label.localeCompare(b.label, language))];
  }, [language]);
  const { formik, formRef, submit, change, blur, errorCode, invalidSubmit } = useCheckedForm<ReplaceValues, (typeof replaceFields)[number]>({
    fields: replaceFields,
    initialValues: { reason: '', address: '', city: '', country: 'LV', postalCode: '' },
    validate: validateReplacement,
    onSubmit: async (values) => setConfirming(values),
  });
  const fee = prices.data?.replacementFeeCents;
  const replace = async () => {
    if (!confirming || fee === undefined) return;
    setSending(true);
    setFailure(null);
    try {
      const { reason, ...address } = confirming;
      onDone(
        await callApi(employeeRoutes.replaceCard, {
          params: { employeeId: employee.employeeId },
          body: { reason: reason as (typeof replacementReasons)[number], address, expectedFeeCents: fee },
        }),
      );
    } catch (error) {
      setFailure(errorCodeOf(error));
      if (error instanceof ApiError && error.code === 'FEE_CHANGED') await prices.refetch();
    } finally {
      setSending(false);
    }
  };
  const text = (name: Exclude<(typeof replaceFields)[number], 'reason' | 'country'>) => (
    <TextField label={t(`replace.fields.${name}`)} name={name} value={formik.values[name]} onChange={change} onBlur={blur} error={fieldErrorText(t, errorCode(name))} />
  );
  return (
    <Dialog open title={t('replace.title')} busy={sending} onClose={onClose}>
      {confirming ? (
        <div>
          <div className="dialog__body">
            <p>{t('replace.confirmText', { fee: fee === undefined ? '…' : format.money(fee) })}</p>
            <dl className="users-details users-details--compact">
              <dt>{t('replace.fields.reason')}</dt>
              <dd>{t(`replace.reasons.${confirming.reason}`)}</dd>
              <dt>{t('replace.deliveryTo')}</dt>
              <dd>{`${confirming.address}, ${confirming.city}, ${confirming.postalCode}, ${countryOptions.find((o) => o.value === confirming.country)?.label ?? confirming.country}`}</dd>
              <dt>{t('replace.fee')}</dt>
              <dd>{fee === undefined ? '…' : format.money(fee)}</dd>
            </dl>
            {failure && <Alert>{errorCodeText(t, failure)}</Alert>}
          </div>
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={() => setConfirming(null)} disabled={sending}>
              {t('replace.back')}
            </button>
            <button type="button" className="button button--danger" onClick={() => void replace()} disabled={sending || fee === undefined} aria-busy={sending}>
              {t('replace.confirm', { fee: fee === undefined ? '…' : format.money(fee) })}
            </button>
          </div>
        </div>
      ) : (
        <form ref={formRef} onSubmit={submit} noValidate>
          <div className="dialog__body">
            {employee.hasActiveAuthorizations && <Alert>{t('errors:codes.CARD_REPLACE_ACTIVE_AUTHORIZATIONS')}</Alert>}
            <SelectField
              label={t('replace.fields.reason')}
              name="reason"
              value={formik.values.reason}
              onChange={(event) => void formik.setFieldValue('reason', event.target.value)}
              onBlur={formik.handleBlur}
              error={fieldErrorText(t, errorCode('reason'))}
              options={[{ value: '', label: '' }, ...replacementReasons.map((reason) => ({ value: reason, label: t(`replace.reasons.${reason}`) }))]}
            />
            {text('address')}
            {text('city')}
            {text('postalCode')}
            <SelectField
              label={t('replace.fields.country')}
              name="country"
              value={formik.values.country}
              onChange={(event) => void formik.setFieldValue('country', event.target.value)}
              onBlur={formik.handleBlur}
              error={fieldErrorText(t, errorCode('country'))}
              options={countryOptions}
            />
            <p className="field__hint">{prices.data ? t('replace.feeHint', { fee: format.money(prices.data.replacementFeeCents) }) : t('common:loading')}</p>
            {invalidSubmit && <Alert>{t('errors:codes.VALIDATION_FAILED')}</Alert>}
          </div>
          <FormFooter busy={formik.isSubmitting} submitLabel={t('replace.next')} onClose={onClose} />
        </form>
      )}
    </Dialog>
  );
}
