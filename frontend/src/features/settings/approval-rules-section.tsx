import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as approvalRoutes from '@shared/api/routes/approval-routes';
import * as teamRoutes from '@shared/api/routes/team-routes';
import type { ApprovalRules, ApprovalRulesBody } from '@shared/approvals';
import { can } from '@shared/roles';
import { Alert } from '@frontend/components/alert/alert';
import { CheckboxField } from '@frontend/components/checkbox-field/checkbox-field';
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
import { decidersOf, ruleValuesOf, rulesBodyOf, validateRule, type RuleValues } from './approval-rule';

/**
 * Settings > Approvals (issue 35): what waits for a second person. Everyone reads the rules; an owner sets the amount
 * per funding and per day (empty: none), which changes of users wait, and how many days a request waits, after a
 * confirmation that lists the rules as they will be, and says that requests already waiting can no longer be approved.
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

/** The rules as they stand, one line each: what waits, and for how long. */
function RuleText({ rules }: { rules: ApprovalRules }) {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const changes = userChangeKinds.filter((kind) => rules.userChanges[kind]);
  if (rules.fundingAboveCents === null && rules.fundingPerDayCents === null && changes.length === 0) return <p>{t('approvals.allOff')}</p>;
  return (
    <ul className="settings-text settings-rules">
      {rules.fundingAboveCents !== null && <li>{t('approvals.ruleOn', { amount: format.money(rules.fundingAboveCents) })}</li>}
      {rules.fundingPerDayCents !== null && <li>{t('approvals.perDayOn', { amount: format.money(rules.fundingPerDayCents) })}</li>}
      {changes.length > 0 && <li>{t('approvals.changesOn', { changes: changes.map((kind) => t(`approvals.changes.${kind}`)).join(', ') })}</li>}
      <li>{t('approvals.expiryText', { count: rules.expiryDays })}</li>
    </ul>
  );
}

const userChangeKinds = ['addUser', 'changePhone', 'raiseLimit'] as const;
const textFields = ['amount', 'perDay', 'expiryDays'] as const;

/** The owner's form; it starts from the saved rules, and shows them as saved after each save. */
function RuleForm({ companyId, rules }: { companyId: string; rules: ApprovalRules }) {
  const { t } = useTranslation(['settings', 'errors', 'common']);
  const queryClient = useQueryClient();
  // The team section reads the same list: whether anyone besides the owner could approve.
  const team = useQuery({ queryKey: teamQueryKey(companyId), queryFn: ({ signal }) => callApi(teamRoutes.listTeam, { signal }) });
  const alone = team.data ? decidersOf(team.data.members) < 2 : false;
  const [confirming, setConfirming] = useState<ApprovalRulesBody | null>(null);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'info' | 'error'; text: string } | null>(null);
  const { formik, formRef, submit, change, blur, errorCode } = useCheckedForm<RuleValues, (typeof textFields)[number]>({
    fields: textFields,
    initialValues: ruleValuesOf(rules),
    validate: validateRule,
    onSubmit: async (values) => {
      const body = rulesBodyOf(values);
      setNotice(null);
      if (JSON.stringify(body) === JSON.stringify(rulesBodyOf(ruleValuesOf(rules)))) setNotice({ tone: 'info', text: t('approvals.unchanged') });
      else setConfirming(body);
      await Promise.resolve();
    },
  });

  const save = async () => {
    if (!confirming) return;
    setSaving(true);
    try {
      const saved = await callApi(approvalRoutes.setApprovalRules, { body: confirming });
      queryClient.setQueryData(approvalRulesQueryKey(companyId), saved);
      formik.resetForm({ values: ruleValuesOf(saved) });
      // Requests made under the old rules can no longer be approved: the queue reads them again.
      await queryClient.invalidateQueries({ queryKey: approvalsQueryKey(companyId) });
      setNotice({ tone: 'success', text: t('approvals.saved') });
    } catch (error) {
      // A refused value (the API checks it again) reads as its field's own message.
      setNotice({ tone: 'error', text: errorCodeText(t, failureCode(error, 'fundingAboveCents')) });
    } finally {
      setSaving(false);
      setConfirming(null);
    }
  };

  const anyOn = confirming !== null && (confirming.fundingAboveCents !== null || (confirming.fundingPerDayCents ?? null) !== null || userChangeKinds.some((kind) => confirming.userChanges?.[kind]));
  const text = (name: (typeof textFields)[number], inputMode: 'decimal' | 'numeric') => (
    <TextField label={t(`approvals.${name}`)} name={name} inputMode={inputMode} hint={t(`approvals.${name}Hint`)} value={formik.values[name]} onChange={change} onBlur={blur} error={fieldErrorText(t, errorCode(name))} />
  );
  return (
    <>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <form ref={formRef} onSubmit={submit} noValidate className="settings-form">
        {text('amount', 'decimal')}
        {text('perDay', 'decimal')}
        <fieldset className="settings-fieldset">
          <legend>{t('approvals.changesLegend')}</legend>
          {userChangeKinds.map((kind) => (
            <CheckboxField key={kind} name={kind} label={t(`approvals.changes.${kind}`)} checked={formik.values[kind]} onChange={(event) => void formik.setFieldValue(kind, event.target.checked)} />
          ))}
        </fieldset>
        {text('expiryDays', 'numeric')}
        <button type="submit" className="button">
          {t('approvals.save')}
        </button>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={anyOn ? t('approvals.confirmOnTitle') : t('approvals.confirmOffTitle')}
        confirmLabel={t('approvals.confirm')}
        cancelLabel={t('common:cancel')}
        busy={saving}
        onConfirm={() => void save()}
        onCancel={() => setConfirming(null)}
      >
        {confirming && <RuleText rules={{ ...rules, fundingAboveCents: confirming.fundingAboveCents, fundingPerDayCents: confirming.fundingPerDayCents ?? null, userChanges: { ...rules.userChanges, ...confirming.userChanges }, expiryDays: confirming.expiryDays ?? rules.expiryDays }} />}
        <p>{anyOn ? t('approvals.confirmOnText') : t('approvals.confirmOffText')}</p>
        {anyOn && alone && (
          <WarningNote>
            <p>{t('approvals.nobodyElse')}</p>
          </WarningNote>
        )}
      </ConfirmDialog>
    </>
  );
}
