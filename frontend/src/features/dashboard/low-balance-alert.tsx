import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as moneyRoutes from '@shared/api/routes/money-routes';
import { lowBalanceAlertBodySchema, type MainAccount } from '@shared/accounts';
import { parseEurToCents } from '@shared/money';
import { centsToEurText } from '@shared/money-text';
import { can } from '@shared/roles';
import { Alert } from '@frontend/components/alert/alert';
import { Dialog } from '@frontend/components/dialog/dialog';
import { ValueSkeleton } from '@frontend/components/loaders/value-skeleton';
import { TextField } from '@frontend/components/text-field/text-field';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { useFormat } from '@frontend/lib/format';
import { callApi } from '@frontend/lib/http';
import { mainAccountQueryKey } from '@frontend/lib/query-keys';
import { readSubmitFailure } from '@frontend/lib/submit-failure';
import { useSession } from '@frontend/lib/session/session-context';

/**
 * The main account's low-balance alert (issue 21): everyone sees whether it is on; owners set or clear its threshold.
 * While the account loads (null) its lines stand there already, the setting as a skeleton.
 */
export function LowBalanceAlert({ account }: { account: MainAccount | null }) {
  const { t } = useTranslation(['dashboard', 'errors', 'common']);
  const { profile } = useSession();
  const format = useFormat();
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState('');
  const threshold = account?.lowBalanceThresholdCents ?? null;
  return (
    <div className="dashboard-low-balance">
      <h3>{t('lowBalance.title')}</h3>
      <p className="dashboard-top-up__text">
        {!account ? <ValueSkeleton sample={t('lowBalance.off')} /> : threshold === null ? t('lowBalance.off') : t('lowBalance.on', { threshold: format.money(threshold) })}
      </p>
      {can(profile?.role ?? 'guest', 'manageCompany') && (
        <button type="button" className="button button--secondary button--small" disabled={!account} onClick={() => setEditing(true)}>
          {t('lowBalance.change')}
        </button>
      )}
      <p role="status" className="dashboard-low-balance__notice">
        {notice}
      </p>
      {editing && (
        <ThresholdDialog
          current={threshold}
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

function ThresholdDialog({ current, onClose, onSaved }: { current: number | null; onClose: () => void; onSaved: (saved: MainAccount) => void }) {
  const { t } = useTranslation(['dashboard', 'errors', 'common']);
  const { profile } = useSession();
  const queryClient = useQueryClient();
  const [text, setText] = useState(current === null ? '' : centsToEurText(current));
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (thresholdCents: number | null) => callApi(moneyRoutes.setLowBalanceAlert, { body: { thresholdCents } }),
    onMutate: () => setFailure(null),
    onSuccess: async (saved) => {
      queryClient.setQueryData(mainAccountQueryKey(profile?.currentClient?.companyId ?? ''), saved);
      onSaved(saved);
    },
    onError: (refusal) => {
      const read = readSubmitFailure(refusal, ['thresholdCents'] as const);
      setError(read.fields.thresholdCents);
      setFailure(read.code);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    const thresholdCents = trimmed === '' ? null : (parseEurToCents(trimmed) ?? Number.NaN);
    const checked = lowBalanceAlertBodySchema.safeParse({ thresholdCents });
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    setError(undefined);
    save.mutate(checked.data.thresholdCents);
  };
  return (
    <Dialog open title={t('lowBalance.dialogTitle')} busy={save.isPending} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <div className="dialog__body">
          <p>{t('lowBalance.lead')}</p>
          <TextField label={t('lowBalance.threshold')} name="threshold" inputMode="decimal" value={text} hint={t('lowBalance.hint')} onChange={(event) => setText(event.target.value)} error={fieldErrorText(t, error)} />
          {failure && <Alert>{errorCodeText(t, failure)}</Alert>}
        </div>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={save.isPending}>
            {t('common:cancel')}
          </button>
          <button type="submit" className="button" disabled={save.isPending} aria-busy={save.isPending}>
            {t('lowBalance.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
