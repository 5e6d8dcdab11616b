import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { priceListBodyOf, priceListFormSchema, type PriceListFormValues } from '@shared/fees';
import { centsToEurText } from '@shared/money-text';
import type { PriceList, PriceListBody } from '@shared/prices';
import { Alert } from '@frontend/components/alert/alert';
import { ConfirmDialog } from '@frontend/components/confirm-dialog/confirm-dialog';
import { ContentLoader } from '@frontend/components/loaders/content-loader';
import { PageHeader } from '@frontend/components/page-header/page-header';
import { TextField } from '@frontend/components/text-field/text-field';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { useFormat } from '@frontend/lib/format';
import { zodValidate } from '@frontend/lib/form-validation';
import { ApiError } from '@frontend/lib/http';
import { readSubmitFailure } from '@frontend/lib/submit-failure';
import { useCheckedForm } from '@frontend/lib/use-checked-form';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { priceListQueryKey, priceListQueryOptions, savePriceList } from './prices-api';
import './admin.css';

const fees = ['replacementFeeCents', 'monthlyFeeCents'] as const satisfies readonly (keyof PriceListBody)[];
type FormField = keyof PriceListFormValues;
const formFieldOf: Record<(typeof fees)[number], FormField> = { replacementFeeCents: 'replacementFee', monthlyFeeCents: 'monthlyFee' };
const formFields: readonly FormField[] = ['replacementFee', 'monthlyFee'];
const validate = zodValidate<PriceListFormValues>(priceListFormSchema);

/** /admin/prices: the fees of SPEC sections 4 and 9, which the provider sets (the spec gives no figures). */
export function PricesScreen() {
  const { t } = useTranslation(['admin', 'errors', 'common']);
  useDocumentTitle(t('prices.title'));
  const prices = useQuery(priceListQueryOptions());
  if (prices.isPending) return <ContentLoader />;
  return (
    <div className="page">
      <PageHeader title={t('prices.title')} lead={t('prices.lead')} />
      {prices.isError ? (
        <Alert>
          {errorCodeText(t, prices.error instanceof ApiError ? prices.error.code : 'INTERNAL')}{' '}
          <button type="button" className="button button--secondary button--small" onClick={() => void prices.refetch()}>
            {t('common:retry')}
          </button>
        </Alert>
      ) : (
        <PriceForm current={prices.data} />
      )}
    </div>
  );
}

function PriceForm({ current }: { current: PriceList }) {
  const { t } = useTranslation(['admin', 'errors', 'common']);
  const format = useFormat();
  const titleId = useId();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PriceListBody | null>(null);
  const [notice, setNotice] = useState<'saved' | 'unchanged' | null>(null);

  const save = useMutation({
    mutationFn: savePriceList,
    onSuccess: (saved) => {
      queryClient.setQueryData(priceListQueryKey, saved);
      formik.resetForm({ values: textsOf(saved) });
      setNotice('saved');
    },
    onSettled: () => setPending(null),
  });

  const { formik, formRef, submit, change, blur, errorCode, invalidSubmit } = useCheckedForm<PriceListFormValues, FormField>({
    fields: formFields,
    initialValues: textsOf(current),
    validate,
    onSubmit: async (values) => {
      const next = priceListBodyOf(priceListFormSchema.parse(values));
      if (fees.every((fee) => next[fee] === current[fee])) setNotice('unchanged');
      else setPending(next);
    },
  });

  const send = (event: FormEvent<HTMLFormElement>) => {
    setNotice(null);
    save.reset();
    submit(event);
  };

  const failure = save.error ? readSubmitFailure(save.error, []).code : null;

  return (
    <section className="panel prices" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('prices.formTitle')}</h2>
      <p className="prices__updated">
        {current.updatedAt ? t('prices.updatedAt', { date: format.date(current.updatedAt, { withTime: true }) }) : t('prices.defaults')}
      </p>
      <form ref={formRef} className="prices__form" noValidate aria-labelledby={titleId} onSubmit={send}>
        {fees.map((fee) => {
          const field = formFieldOf[fee];
          return (
            <TextField
              key={fee}
              name={field}
              label={t(`prices.fees.${fee}`)}
              hint={t('prices.hint', { amount: format.money(current[fee]) })}
              inputMode="decimal"
              autoComplete="off"
              required
              value={formik.values[field]}
              onChange={change}
              onBlur={blur}
              error={fieldErrorText(t, errorCode(field))}
            />
          );
        })}
        {failure ? <Alert>{errorCodeText(t, failure)}</Alert> : invalidSubmit && <Alert>{t('errors:codes.VALIDATION_FAILED')}</Alert>}
        {/* Always there, so a screen reader announces the message when it appears. */}
        <div role="status" className={notice ? `alert ${notice === 'saved' ? 'alert--success' : 'alert--info'}` : undefined}>
          {notice ? t(`prices.${notice}`) : null}
        </div>
        <button type="submit" className="button" disabled={formik.isSubmitting || save.isPending}>
          {t('prices.save')}
        </button>
      </form>

      <ConfirmDialog
        open={pending !== null}
        title={t('prices.confirm.title')}
        confirmLabel={t('prices.confirm.action')}
        cancelLabel={t('common:cancel')}
        busy={save.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) save.mutate(pending);
        }}
      >
        <p>{t('prices.confirm.text')}</p>
        <dl className="prices__changes">
          {pending &&
            fees.map((fee) => (
              <div key={fee}>
                <dt>{t(`prices.fees.${fee}`)}</dt>
                <dd>
                  {pending[fee] === current[fee]
                    ? t('prices.confirm.unchanged', { amount: format.money(current[fee]) })
                    : t('prices.confirm.change', { from: format.money(current[fee]), to: format.money(pending[fee]) })}
                </dd>
              </div>
            ))}
        </dl>
      </ConfirmDialog>
    </section>
  );
}

function textsOf(prices: PriceListBody): PriceListFormValues {
  return { replacementFee: centsToEurText(prices.replacementFeeCents), monthlyFee: centsToEurText(prices.monthlyFeeCents) };
}
