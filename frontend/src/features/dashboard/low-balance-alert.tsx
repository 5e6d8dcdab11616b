import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as moneyRoutes from '@shared/api/routes/money-routes';
import * as teamRoutes from '@shared/api/routes/team-routes';
import { lowBalanceAlertBodySchema, type MainAccount } from '@shared/accounts';
import { parseEurToCents } from '@shared/money';
import { centsToEurText } from '@shared/money-text';
import { can } from '@shared/roles';
import type { TeamMember } from '@shared/team';
import { Alert } from '@frontend/components/alert/alert';
import { CheckboxField } from '@frontend/components/checkbox-field/checkbox-field';
import { Dialog } from '@frontend/components/dialog/dialog';
import { FieldError } from '@frontend/components/field-error/field-error';
import { ValueSkeleton } from '@frontend/components/loaders/value-skeleton';
import { TextField } from '@frontend/components/text-field/text-field';
import { errorCodeOf } from '@frontend/lib/api-error';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { useFormat } from '@frontend/lib/format';
import { callApi } from '@frontend/lib/http';
import { mainAccountQueryKey, teamQueryKey } from '@frontend/lib/query-keys';
import { readSubmitFailure } from '@frontend/lib/submit-failure';
import { useSession } from '@frontend/lib/session/session-context';

const fullName = (member: TeamMember) => `${member.name} ${member.surname}`.trim();

/** The company's team, for the recipients' names and the owner's choice of them. */
function useTeam(enabled: boolean) {
  const { profile } = useSession();
  const companyId = profile?.currentClient?.companyId ?? '';
  return useQuery({ queryKey: teamQueryKey(companyId), queryFn: ({ signal }) => callApi(teamRoutes.listTeam, { signal }), enabled: enabled && companyId !== '' });
}

/**
 * The main account's low-balance alert (issues 21 and 32): everyone sees whether it is on and whom it e-mails; owners
 * set or clear its threshold and choose its recipients among the members. While the account loads (null) its lines
 * stand there already, the setting as a skeleton.
 */
export function LowBalanceAlert({ account }: { account: MainAccount | null }) {
  const { t } = useTranslation(['dashboard', 'errors', 'common']);
  const { profile } = useSession();
  const format = useFormat();
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState('');
  const threshold = account?.lowBalanceThresholdCents ?? null;
  const chosenIds = account?.lowBalanceRecipientIds ?? [];
  const team = useTeam(threshold !== null && chosenIds.length > 0);
  // Who has left since is not written to (functions/money/low-balance-mail.ts): nor named here.
  const chosen = (team.data?.members ?? []).filter((member) => chosenIds.includes(member.userId)).map(fullName);
  // Names only when the list answered; the choice stands whatever a failed read says (the mail reads it itself).
  const recipients = chosenIds.length === 0 || (team.isSuccess && chosen.length === 0) ? t('lowBalance.owners') : team.isError ? t('lowBalance.chosenMembers', { count: chosenIds.length }) : chosen.join(', ');
  return (
    <div className="dashboard-low-balance">
      <h3>{t('lowBalance.title')}</h3>
      <p className="dashboard-top-up__text" data-testid="low-balance-setting">
        {!account || (threshold !== null && chosenIds.length > 0 && team.isPending) ? (
          <ValueSkeleton sample={t('lowBalance.off')} />
        ) : threshold === null ? (
          t('lowBalance.off')
        ) : (
          t('lowBalance.on', { threshold: format.money(threshold), to: recipients })
        )}
      </p>
      {can(profile?.role ?? 'guest', 'manageCompany') && (
        <button type="button" className="button button--secondary button--small" disabled={!account} onClick={() => setEditing(true)}>
          {t('lowBalance.change')}
        </button>
      )}
      <p role="status" className="dashboard-low-balance__notice">
        {notice}
      </p>
      {editing && account && (
        <AlertDialog
          account={account}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            setNotice(saved.lowBalanceThresholdCents === null ? t('lowBalance.turnedOff') : t('lowBalance.saved'));
          }}
        />
      )}
    </div>
  );
}

type AlertField = 'thresholdCents' | 'recipientIds';

function AlertDialog({ account, onClose, onSaved }: { account: MainAccount; onClose: () => void; onSaved: (saved: MainAccount) => void }) {
  const { t } = useTranslation(['dashboard', 'errors', 'common']);
  const { profile } = useSession();
  const queryClient = useQueryClient();
  const team = useTeam(true);
  const recipientsId = useId();
  const current = account.lowBalanceThresholdCents;
  const [text, setText] = useState(current === null ? '' : centsToEurText(current));
  const [recipientIds, setRecipientIds] = useState<readonly string[]>(account.lowBalanceRecipientIds);
  const [errors, setErrors] = useState<Partial<Record<AlertField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: { thresholdCents: number | null; recipientIds: string[] }) => callApi(moneyRoutes.setLowBalanceAlert, { body }),
    onMutate: () => setFailure(null),
    onSuccess: async (saved) => {
      queryClient.setQueryData(mainAccountQueryKey(profile?.currentClient?.companyId ?? ''), saved);
      onSaved(saved);
    },
    onError: (refusal) => {
      const read = readSubmitFailure(refusal, ['thresholdCents', 'recipientIds'] as const);
      setErrors(read.fields);
      setFailure(read.code);
    },
  });
  const members = team.data?.members ?? [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    const thresholdCents = trimmed === '' ? null : (parseEurToCents(trimmed) ?? Number.NaN);
    // Only members still listed: one who left since the choice was made drops out of it here. Without the list (it
    // failed to load) the choice is sent as it stands, never emptied by the failure.
    const chosen = team.isSuccess ? members.filter((member) => recipientIds.includes(member.userId)).map((member) => member.userId) : [...recipientIds];
    const checked = lowBalanceAlertBodySchema.safeParse({ thresholdCents, recipientIds: chosen });
    if (!checked.success) {
      const issue = checked.error.issues[0];
      return setErrors({ [issue?.path[0] === 'recipientIds' ? 'recipientIds' : 'thresholdCents']: issue?.message });
    }
    setErrors({});
    save.mutate(checked.data);
  };
  const toggle = (userId: string, on: boolean) => setRecipientIds((ids) => (on ? [...ids, userId] : ids.filter((id) => id !== userId)));
  const recipientsError = fieldErrorText(t, errors.recipientIds);
  return (
    <Dialog open title={t('lowBalance.dialogTitle')} busy={save.isPending} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <div className="dialog__body">
          <p>{t('lowBalance.lead')}</p>
          <TextField label={t('lowBalance.threshold')} name="threshold" inputMode="decimal" value={text} hint={t('lowBalance.hint')} onChange={(event) => setText(event.target.value)} error={fieldErrorText(t, errors.thresholdCents)} />
          <fieldset className="field low-balance-recipients" aria-describedby={`${recipientsId}-hint${recipientsError ? ` ${recipientsId}-error` : ''}`}>
            <legend className="field__label">{t('lowBalance.recipients')}</legend>
            <p id={`${recipientsId}-hint`} className="field__hint">
              {t('lowBalance.recipientsHint')}
            </p>
            {team.isError ? (
              <Alert>{errorCodeText(t, errorCodeOf(team.error))}</Alert>
            ) : team.isPending ? (
              <p className="low-balance-recipients__loading">{t('lowBalance.recipientsLoading')}</p>
            ) : (
              members.map((member) => (
                <CheckboxField
                  key={member.userId}
                  name={`recipient-${member.userId}`}
                  checked={recipientIds.includes(member.userId)}
                  onChange={(event) => toggle(member.userId, event.target.checked)}
                  label={
                    <>
                      {t('lowBalance.memberRole', { name: fullName(member), role: t(`common:roles.${member.role}`) })}
                      <span className="low-balance-recipients__email">{member.email}</span>
                    </>
                  }
                />
              ))
            )}
            <FieldError id={recipientsError ? `${recipientsId}-error` : undefined} message={recipientsError} />
          </fieldset>
          {failure && <Alert>{errorCodeText(t, failure)}</Alert>}
        </div>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={save.isPending}>
            {t('common:cancel')}
          </button>
          <button type="submit" className="button" disabled={save.isPending || team.isPending} aria-busy={save.isPending}>
            {t('lowBalance.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
