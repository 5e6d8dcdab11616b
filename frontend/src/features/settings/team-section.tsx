import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as teamRoutes from '@shared/api/routes/team-routes';
import { can, type CompanyRole } from '@shared/roles';
import type { ApiKeyView } from '@shared/api-keys';
import { assignableRoles, revokeApiKeyIdsParam, type InviteMemberValues, type TeamMember } from '@shared/team';
import { Alert } from '@frontend/components/alert/alert';
import { BreakableText } from '@frontend/components/breakable-text/breakable-text';
import { DataTable, type DataTableColumn } from '@frontend/components/data-table/data-table';
import type { RowAction } from '@frontend/components/data-table/row-actions-menu';
import { SelectField } from '@frontend/components/select-field/select-field';
import { StatusBadge } from '@frontend/components/status-badge/status-badge';
import { statusTone } from '@frontend/components/status-badge/status-tone';
import { TextField } from '@frontend/components/text-field/text-field';
import { ApiError } from '@frontend/lib/api-error';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { formatDate } from '@frontend/lib/format';
import { callApi } from '@frontend/lib/http';
import { apiKeysQueryKey, teamQueryKey } from '@frontend/lib/query-keys';
import { profileQueryKey } from '@frontend/lib/session/profile-query';
import { useSession } from '@frontend/lib/session/session-context';
import { useCheckedForm } from '@frontend/lib/use-checked-form';
import { RemoveMemberDialog } from './remove-member-dialog';
import { emptyInvitation, inviteFields, lastOwnerOf, validateInvitation, type InviteField } from './team';

const failureCode = (error: unknown) => (error instanceof ApiError ? error.code : 'INTERNAL');

/**
 * Settings > Team: the current company's members. Everyone sees them; an owner invites colleagues, changes their
 * roles and removes them, revoking the API keys they made if the owner chooses (the API refuses anyone else). The last
 * owner is offered neither, and the section says why.
 */
export function TeamSection() {
  const { t } = useTranslation(['settings', 'errors', 'common']);
  const titleId = useId();
  const lastOwnerNoteId = useId();
  const { profile } = useSession();
  const companyId = profile?.currentClient?.companyId ?? '';
  const canManage = can(profile?.role ?? 'guest', 'manageTeam');
  const queryClient = useQueryClient();
  const team = useQuery({
    queryKey: teamQueryKey(companyId),
    queryFn: ({ signal }) => callApi(teamRoutes.listTeam, { signal }),
    enabled: companyId !== '',
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamQueryKey(companyId) });
  // The caller's own role or membership changed: the session (navigation, this very section) follows.
  const refreshSelf = (member: Pick<TeamMember, 'userId'>) =>
    member.userId === profile?.userId ? queryClient.invalidateQueries({ queryKey: profileQueryKey }) : Promise.resolve();
  const [notice, setNotice] = useState<string>('');
  const [failure, setFailure] = useState<string | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);

  const changeRole = useMutation({
    mutationFn: ({ member, role }: { member: TeamMember; role: CompanyRole }) =>
      callApi(teamRoutes.changeMemberRole, { params: { userId: member.userId }, body: { role } }),
    onMutate: () => setFailure(null),
    onSuccess: async ({ member }) => {
      setNotice(t('settings:team.roleChanged', { name: `${member.name} ${member.surname}`, role: t(`common:roles.${member.role}`) }));
      await refreshSelf(member);
    },
    onError: (error) => setFailure(failureCode(error)),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: ({ member, revoke }: { member: TeamMember; revoke: readonly ApiKeyView[] }) =>
      callApi(teamRoutes.removeMember, { params: { userId: member.userId }, query: { revokeApiKeyIds: revoke.length > 0 ? revokeApiKeyIdsParam(revoke.map((key) => key.keyId)) : undefined } }),
    onMutate: () => setFailure(null),
    onSuccess: async ({ revokedApiKeyIds }, { member, revoke }) => {
      const name = `${member.name} ${member.surname}`;
      const revoked = revoke.filter((key) => revokedApiKeyIds.includes(key.keyId)).map((key) => key.name);
      setNotice(revoked.length > 0 ? t('settings:team.removedWithKeys', { name, keys: revoked.join(', ') }) : t('settings:team.removed', { name }));
      await refreshSelf(member);
    },
    onError: (error) => setFailure(failureCode(error)),
    onSettled: async () => {
      setRemoving(null);
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(companyId) })]);
    },
  });
  const resend = useMutation({
    mutationFn: (member: TeamMember) => callApi(teamRoutes.resendInvitation, { params: { userId: member.userId } }),
    onMutate: () => setFailure(null),
    onSuccess: (_answer, member) => setNotice(t('settings:team.invitationResent', { email: member.email })),
    onError: (error) => setFailure(failureCode(error)),
  });

  const roleOptions = assignableRoles.map((role) => ({ value: role, label: t(`common:roles.${role}`) }));
  const lastOwner = team.data ? lastOwnerOf(team.data.members) : null;

  const busyWith = (member: TeamMember) =>
    (changeRole.isPending && changeRole.variables.member.userId === member.userId) || (remove.isPending && remove.variables.member.userId === member.userId);
  const columns: DataTableColumn<TeamMember>[] = [
    {
      id: 'name',
      header: t('settings:team.name'),
      rowHeader: true,
      truncate: (member) => `${member.name} ${member.surname}`,
      className: 'team-table__whole-on-card',
      cell: (member) => (
        <>
          {member.name} {member.surname}
          {member.userId === profile?.userId && <span className="team-table__you"> ({t('settings:team.you')})</span>}
        </>
      ),
    },
    { id: 'email', header: t('settings:team.email'), truncate: (member) => member.email, className: 'team-table__whole-on-card', cell: (member) => <BreakableText text={member.email} /> },
    {
      id: 'role',
      header: t('settings:team.role'),
      cell: (member) => {
        const isLastOwner = member.userId === lastOwner?.userId;
        if (!canManage) return t(`common:roles.${member.role}`);
        return (
          <span className="team-table__role-cell">
            <select
              className="field__input team-table__role"
              aria-label={t('settings:team.roleOf', { name: `${member.name} ${member.surname}` })}
              value={member.role}
              disabled={busyWith(member)}
              aria-describedby={isLastOwner ? lastOwnerNoteId : undefined}
              onChange={(event) => changeRole.mutate({ member, role: event.target.value as CompanyRole })}
            >
              {roleOptions.map((option) => (
                <option key={option.value} value={option.value} disabled={isLastOwner && option.value !== 'owner'}>
                  {option.label}
                </option>
              ))}
            </select>
            {isLastOwner && <span className="team-table__note">{t('settings:team.onlyOwner')}</span>}
          </span>
        );
      },
    },
    {
      id: 'status',
      header: t('settings:team.status'),
      cell: (member) => (
        <StatusBadge tone={statusTone('teamMember', member.status)}>
          {member.status === 'invited' ? t('settings:team.invited', { date: member.invitedAt ? formatDate(member.invitedAt) : '' }) : t('settings:team.active')}
        </StatusBadge>
      ),
    },
  ];
  const memberActions = (member: TeamMember): RowAction[] => {
    if (busyWith(member)) return [];
    return [
      ...(member.status === 'invited' && !resend.isPending ? [{ id: 'resend', label: t('settings:team.resend'), onSelect: () => resend.mutate(member) }] : []),
      ...(member.userId === lastOwner?.userId ? [] : [{ id: 'remove', label: t('settings:team.remove'), danger: true, onSelect: () => setRemoving(member) }]),
    ];
  };

  return (
    <section className="panel settings-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('settings:team.title')}</h2>
      <p className="settings-text">{canManage ? t('settings:team.leadOwner') : t('settings:team.leadMember')}</p>
      {team.isPending && (
        <p role="status" className="settings-text">
          {t('common:loading')}
        </p>
      )}
      {team.isError && (
        <Alert>
          <p>{t('settings:team.loadFailed')}</p>
          <button type="button" className="button button--secondary button--small" onClick={() => void team.refetch()}>
            {t('common:retry')}
          </button>
        </Alert>
      )}
      {team.data && (
        <DataTable
          caption={t('settings:team.caption')}
          columns={columns}
          rows={team.data.members}
          rowKey={(member) => member.userId}
          rowLabel={(member) => `${member.name} ${member.surname}`}
          rowActions={canManage ? memberActions : undefined}
          loading={false}
          skeletonRows={0}
        />
      )}
      {canManage && lastOwner && (
        <p id={lastOwnerNoteId} className="settings-text">
          {t('settings:team.lastOwner', { name: `${lastOwner.name} ${lastOwner.surname}` })}
        </p>
      )}
      {failure && <Alert>{errorCodeText(t, failure)}</Alert>}
      <p role="status" className="auth-status settings-notice">
        {notice}
      </p>
      {canManage && (
        <InviteForm
          roleOptions={roleOptions}
          onInvited={async (member) => {
            setFailure(null);
            setNotice(
              member.status === 'invited'
                ? t('settings:team.invitationSent', { email: member.email })
                : t('settings:team.added', { name: `${member.name} ${member.surname}` }),
            );
            await refresh();
          }}
        />
      )}
      {removing && (
        <RemoveMemberDialog
          member={removing}
          companyId={companyId}
          busy={remove.isPending}
          onCancel={() => setRemoving(null)}
          onConfirm={(revoke) => remove.mutate({ member: removing, revoke })}
        />
      )}
    </section>
  );
}

function InviteForm({ roleOptions, onInvited }: { roleOptions: { value: string; label: string }[]; onInvited: (member: TeamMember) => Promise<void> }) {
  const { t } = useTranslation(['settings', 'errors']);
  const titleId = useId();
  const { formik, formRef, submit, change, blur, errorCode, formCode, invalidSubmit } = useCheckedForm<InviteMemberValues, InviteField>({
    fields: inviteFields,
    initialValues: emptyInvitation,
    validate: validateInvitation,
    onSubmit: async (values, { resetForm }) => {
      const { member } = await callApi(teamRoutes.inviteMember, { body: values });
      resetForm();
      await onInvited(member);
    },
  });
  const text = (field: Exclude<InviteField, 'role'>, autoComplete: string) => ({
    name: field,
    required: true,
    autoComplete,
    value: formik.values[field],
    onChange: change,
    onBlur: blur,
    error: fieldErrorText(t, errorCode(field)),
  });
  return (
    <form ref={formRef} className="settings-form team-invite" noValidate onSubmit={submit} aria-labelledby={titleId}>
      <h3 id={titleId}>{t('settings:team.inviteTitle')}</h3>
      <TextField {...text('email', 'off')} type="email" inputMode="email" label={t('settings:team.email')} />
      <TextField {...text('name', 'off')} label={t('settings:team.firstName')} />
      <TextField {...text('surname', 'off')} label={t('settings:team.surname')} />
      <SelectField
        name="role"
        label={t('settings:team.role')}
        options={roleOptions}
        value={formik.values.role}
        onChange={(event) => void formik.setFieldValue('role', event.target.value)}
        error={fieldErrorText(t, errorCode('role'))}
      />
      {formCode ? <Alert>{errorCodeText(t, formCode)}</Alert> : invalidSubmit && <Alert>{t('errors:codes.VALIDATION_FAILED')}</Alert>}
      <button type="submit" className="button" disabled={formik.isSubmitting} aria-busy={formik.isSubmitting}>
        {t('settings:team.inviteSubmit')}
      </button>
    </form>
  );
}
