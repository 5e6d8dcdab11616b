import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as approvalRoutes from '@shared/api/routes/approval-routes';
import * as teamRoutes from '@shared/api/routes/team-routes';
import type { ApprovalRules } from '@shared/approvals';
import { can } from '@shared/roles';
import { Alert } from '@frontend/components/alert/alert';
import { ConfirmDialog } from '@frontend/components/confirm-dialog/confirm-dialog';
import { LoadFailed } from '@frontend/components/alert/load-failed';
import { WarningNote } from '@frontend/components/alert/warning-note';
import { ValueSkeleton } from '@frontend/components/loaders/value-skeleton';
import { TextField } from '@frontend/components/text-field/text-field';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { failureCode } from '@frontend/lib/failure-code';
import { useFormat } from '@frontend/lib/format';
import { callApi } from '@frontend/lib/http';
import { approvalRulesQueryKey, approvalsQueryKey, teamQueryKey } from '@frontend/lib/query-keys';
import { useSession } from '@frontend/lib/session/session-context';
import { useCheckedForm } from '@frontend/lib/use-checked-form';
import { centsText, decidersOf, ruleFormSchema, validateRule, type RuleValues } from './approval-rule';

/**
 * Settings > Approvals (issue 35): when a funding waits for a second person. Everyone reads the rule; an owner sets the
 * amount (empty: no approval), after a confirmation that names what changes, requests already waiting included.
 */
export function ApprovalRulesSection() {
  const { t } = useTranslation(['settings', 'errors', 'common']);
  const titleId = useId();
  const { profile } = useSession();
  const companyId = profile?.currentClient?.companyId ?? '';
  const canEdit = can(profile?.role ?? 'guest', 'manageCompany');
  const rules = useQuery({
    queryKey: approvalRulesQueryKey(companyId),
    queryFn: ({ signal }) => callApi(approvalRoutes.getApprovalRules, { signal }),
    enabled: companyId !== '',
  });

  return (
    <section className="panel settings-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('approvals.title')}</h2>
      {rules.isError ? (
        <LoadFailed onRetry={() => void rules.refetch()}>{t('approvals.loadFailed')}</LoadFailed>
      ) : !rules.data ? (
        <p>
          <ValueSkeleton sample={t('approvals.ruleOn', { amount: '€500.00' })} />
        </p>
      ) : (
        <>
          <RuleText rules={rules.data} />
          <p className="settings-text">{t('approvals.text')}</p>
          {canEdit ? <RuleForm companyId={companyId} rules={rules.data} /> : <p className="settings-text">{t('approvals.readOnly')}</p>}
        </>
      )}
    </section>
  );
}

function RuleText({ rules }: { rules: ApprovalRules }) {
  const { t } = useTranslation('settings');
  const format = useFormat();
  return <p>{rules.fundingAboveCents === null ? t('approvals.ruleOff') : t('approvals.ruleOn', { amount: format.money(rules.fundingAboveCents) })}</p>;
}

/** The owner's form; it starts from the saved rule, and shows the amount as saved after each save. */
function RuleForm({ companyId, rules }: { companyId: string; rules: ApprovalRules }) {
  const { t } = useTranslation(['settings', 'errors', 'common']);
  const format = useFormat();
  const queryClient = useQueryClient();
  // The team section reads the same list: whether anyone besides the owner could approve.
  const team = useQuery({ queryKey: teamQueryKey(companyId), queryFn: ({ signal }) => callApi(teamRoutes.listTeam, { signal }) });
  const alone = team.data ? decidersOf(team.data.members) < 2 : false;
  const [confirming, setConfirming] = useState<{ fundingAboveCents: number | null } | null>(null);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'info' | 'error'; text: string } | null>(null);
  const { formik, formRef, submit, change, blur, errorCode } = useCheckedForm<RuleValues, 'amount'>({
    fields: ['amount'],
    initialValues: { amount: centsText(rules.fundingAboveCents) },
    validate: validateRule,
    onSubmit: async (values) => {
      const fundingAboveCents = ruleFormSchema.parse(values).amount;
      setNotice(null);
      if (fundingAboveCents === rules.fundingAboveCents) setNotice({ tone: 'info', text: t('approvals.unchanged') });
      else setConfirming({ fundingAboveCents });
      await Promise.resolve();
    },
  });

  const save = async () => {
    if (!confirming) return;
    setSaving(true);
    try {
      const saved = await callApi(approvalRoutes.setApprovalRules, { body: confirming });
      queryClient.setQueryData(approvalRulesQueryKey(companyId), saved);
      formik.resetForm({ values: { amount: centsText(saved.fundingAboveCents) } });
      // Requests made under the old rule can no longer be approved: the queue reads them again.
      await queryClient.invalidateQueries({ queryKey: approvalsQueryKey(companyId) });
      setNotice({ tone: 'success', text: saved.fundingAboveCents === null ? t('approvals.savedOff') : t('approvals.savedOn', { amount: format.money(saved.fundingAboveCents) }) });
    } catch (error) {
      // A refused amount (the API checks it again) reads as the field's own message.
      setNotice({ tone: 'error', text: errorCodeText(t, failureCode(error, 'fundingAboveCents')) });
    } finally {
      setSaving(false);
      setConfirming(null);
    }
  };

  const on = confirming?.fundingAboveCents != null ? format.money(confirming.fundingAboveCents) : null;
  return (
    <>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <form ref={formRef} onSubmit={submit} noValidate className="settings-form">
        <TextField label={t('approvals.amount')} name="amount" inputMode="decimal" hint={t('approvals.amountHint')} value={formik.values.amount} onChange={change} onBlur={blur} error={fieldErrorText(t, errorCode('amount'))} />
        <button type="submit" className="button">
          {t('approvals.save')}
        </button>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={on ? t('approvals.confirmOnTitle', { amount: on }) : t('approvals.confirmOffTitle')}
        confirmLabel={t('approvals.confirm')}
        cancelLabel={t('common:cancel')}
        busy={saving}
        onConfirm={() => void save()}
        onCancel={() => setConfirming(null)}
      >
        <p>{on ? t('approvals.confirmOnText', { amount: on }) : t('approvals.confirmOffText')}</p>
        {on && alone && (
          <WarningNote>
            <p>{t('approvals.nobodyElse', { amount: on })}</p>
          </WarningNote>
        )}
      </ConfirmDialog>
    </>
  );
}
