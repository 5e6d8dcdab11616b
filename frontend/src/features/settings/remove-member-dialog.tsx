import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as teamRoutes from '@shared/api/routes/team-routes';
import type { ApiKeyView } from '@shared/api-keys';
import type { TeamMember } from '@shared/team';
import { Alert } from '@frontend/components/alert/alert';
import { CheckboxField } from '@frontend/components/checkbox-field/checkbox-field';
import { ConfirmDialog } from '@frontend/components/confirm-dialog/confirm-dialog';
import { formatDate } from '@frontend/lib/format';
import { callApi } from '@frontend/lib/http';
import { memberApiKeysQueryKey } from '@frontend/lib/query-keys';

interface RemoveMemberDialogProps {
  member: TeamMember;
  companyId: string;
  busy: boolean;
  onCancel: () => void;
  /** The owner confirmed: remove the member, and revoke these keys of theirs in the same request. */
  onConfirm: (revoke: readonly ApiKeyView[]) => void;
}

/**
 * The removal's confirmation (issue 30). A key the member made keeps acting for the company after they leave, so the
 * dialog lists their live keys and offers to revoke them with the removal, checked by default. It can be answered
 * only once the list is read: a removal must not leave behind keys the owner was never shown.
 */
export function RemoveMemberDialog({ member, companyId, busy, onCancel, onConfirm }: RemoveMemberDialogProps) {
  const { t } = useTranslation(['settings', 'common']);
  const listId = useId();
  const name = `${member.name} ${member.surname}`;
  const keys = useQuery({
    queryKey: memberApiKeysQueryKey(companyId, member.userId),
    queryFn: ({ signal }) => callApi(teamRoutes.listMemberApiKeys, { params: { userId: member.userId }, signal }),
  });
  const [revoke, setRevoke] = useState(true);
  const rows = keys.data?.rows ?? [];
  return (
    <ConfirmDialog
      open
      title={t('settings:team.removeTitle')}
      confirmLabel={t('settings:team.removeConfirm')}
      cancelLabel={t('common:cancel')}
      destructive
      busy={busy}
      confirmDisabled={keys.isFetching || keys.isError}
      onCancel={onCancel}
      onConfirm={() => onConfirm(revoke ? rows : [])}
    >
      <p>{t('settings:team.removeText', { name, email: member.email })}</p>
      {keys.isPending && (
        <p role="status" className="settings-text">
          {t('settings:team.keysLoading', { name })}
        </p>
      )}
      {keys.isError && (
        <Alert>
          <p>{t('settings:team.keysLoadFailed', { name })}</p>
          <button type="button" className="button button--secondary button--small" onClick={() => void keys.refetch()}>
            {t('common:retry')}
          </button>
        </Alert>
      )}
      {rows.length > 0 && (
        <div className="team-remove__keys">
          <p id={listId}>{t('settings:team.keysText', { name })}</p>
          <ul className="team-remove__key-list" aria-labelledby={listId}>
            {rows.map((key) => (
              <li key={key.keyId}>
                <span className="team-remove__key-name">{key.name}</span> <span className="team-remove__key-date">{t('settings:team.keyCreated', { date: formatDate(key.createdAt) })}</span>
              </li>
            ))}
          </ul>
          <CheckboxField name="revokeKeys" label={t('settings:team.revokeKeys')} checked={revoke} onChange={(event) => setRevoke(event.target.checked)} disabled={busy} />
        </div>
      )}
    </ConfirmDialog>
  );
}
