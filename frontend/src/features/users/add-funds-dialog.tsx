import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fundingNeedsApproval } from '@shared/approvals';
import { fundEmployeeFormSchema } from '@shared/funding';
import { Alert } from '@frontend/components/alert/alert';
import { Dialog } from '@frontend/components/dialog/dialog';
import { TextField } from '@frontend/components/text-field/text-field';
import { ApiError, errorCodeOf } from '@frontend/lib/api-error';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { useFormat } from '@frontend/lib/format';
import { zodValidate } from '@frontend/lib/form-validation';
import { newActionKey } from '@frontend/lib/http';
import { useCheckedForm } from '@frontend/lib/use-checked-form';
import { SentForApproval } from './sent-for-approval';
import { approvalRulesQueryKey, approvalsQueryKey, fetchApprovalRules, fetchMainAccount, fundEmployee, mainAccountQueryKey } from './funding-api';

interface AddFundsDialogProps {
  companyId: string;
  employee: { employeeId: string; name: string; surname: string; balanceCents: number };
  onClose: () => void;
  onDone: () => void;
}

type AmountValues = { amount: string };
const validateAmount = zodValidate<AmountValues>(fundEmployeeFormSchema);

/**
 * Add funds to one user (SPEC section 4): the amount in euros, then a confirmation naming the amount and what stays
 * on the main account. The confirmation holds one Idempotency-Key, so a retried or double-clicked transfer is one.
 * Above the company's approval amount (issue 35) the confirmation says the funding will wait, and the API's 202 ends
 * in "Sent for approval": nothing moved, so the dialog never says the funds were added.
 */
export function AddFundsDialog({ companyId, employee, onClose, onDone }: AddFundsDialogProps) {
  const { t } = useTranslation(['users', 'errors', 'common']);
  const format = useFormat();
  const queryClient = useQueryClient();
  const account = useQuery({ queryKey: mainAccountQueryKey(companyId), queryFn: ({ signal }) => fetchMainAccount(signal) });
  const rules = useQuery({ queryKey: approvalRulesQueryKey(companyId), queryFn: ({ signal }) => fetchApprovalRules(signal) });
  const [confirming, setConfirming] = useState<{ amountCents: number; key: string } | null>(null);
  const [sentCents, setSentCents] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { formik, formRef, submit, change, blur, errorCode } = useCheckedForm<AmountValues, 'amount'>({
    fields: ['amount'],
    initialValues: { amount: '' },
    validate: validateAmount,
    onSubmit: async (values) => {
      setFailure(null);
      setConfirming({ amountCents: fundEmployeeFormSchema.parse(values).amount, key: newActionKey() });
      await Promise.resolve();
    },
  });
  const name = `${employee.name} ${employee.surname}`;

  const transfer = async () => {
    if (!confirming) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await fundEmployee(employee.employeeId, confirming.amountCents, confirming.key);
      if ('status' in answer && answer.status === 'awaiting_approval') {
        setSentCents(answer.approval.funding?.totalCents ?? confirming.amountCents);
        // The queue has a new request (a colleague's badge reads it within its minute).
        void queryClient.invalidateQueries({ queryKey: approvalsQueryKey(companyId) });
        return;
      }
      onDone();
    } catch (error) {
      setFailure(errorCodeOf(error));
      // A refusal is final for this amount; a lost answer keeps the key, so trying again cannot pay twice.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) void account.refetch();
    } finally {
      setBusy(false);
    }
  };

  if (sentCents !== null) {
    return <SentForApproval text={t('funds.approval.sentText', { amount: format.money(sentCents), name })} onClose={onClose} />;
  }

  if (confirming) {
    const after = account.data ? account.data.availableCents - confirming.amountCents : null;
    // Unknown while the rule loads: the question waits for it rather than say the wrong thing.
    const waits = rules.data ? fundingNeedsApproval(rules.data, confirming.amountCents) : false;
    const limitCents = rules.data?.fundingAboveCents ?? null;
    return (
      <Dialog open title={waits ? t('funds.approval.sendTitle') : t('funds.confirmTitle')} busy={busy} onClose={() => setConfirming(null)}>
        <div className="dialog__body">
          <p>{t(waits ? 'funds.approval.confirmText' : 'funds.confirmText', { amount: format.money(confirming.amountCents), name })}</p>
          {waits && limitCents !== null && <p>{t('funds.approval.waits', { limit: format.money(limitCents) })}</p>}
          <dl className="users-details">
            <dt>{t('funds.amount')}</dt>
            <dd>{format.money(confirming.amountCents)}</dd>
            <dt>{waits ? t('funds.approval.balanceAfter') : t('funds.balanceAfter')}</dt>
            <dd>{after === null ? '…' : format.money(after)}</dd>
          </dl>
          {failure && <Alert>{errorCodeText(t, failure)}</Alert>}
        </div>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={() => setConfirming(null)} disabled={busy}>
            {t('common:cancel')}
          </button>
          <button type="button" className="button" onClick={() => void transfer()} disabled={busy || rules.isPending} aria-busy={busy}>
            {waits ? t('funds.approval.send') : t('funds.confirm')}
          </button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog open title={t('funds.title', { name })} onClose={onClose}>
      <form ref={formRef} onSubmit={submit} noValidate>
        <div className="dialog__body">
          <p>{account.data ? t('funds.available', { amount: format.money(account.data.availableCents) }) : t('funds.loadingAccount')}</p>
          <TextField label={t('funds.amount')} name="amount" inputMode="decimal" hint={t('funds.amountHint')} value={formik.values.amount} onChange={change} onBlur={blur} error={fieldErrorText(t, errorCode('amount'))} />
        </div>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('common:cancel')}
          </button>
          <button type="submit" className="button">
            {t('funds.next')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
