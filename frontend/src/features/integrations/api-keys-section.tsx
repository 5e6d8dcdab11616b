import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiScopes, createApiKeyBodySchema, type ApiKeyView, type ApiScope } from '@shared/api-keys';
import { Alert } from '@frontend/components/alert/alert';
import { CheckboxField } from '@frontend/components/checkbox-field/checkbox-field';
import { ConfirmDialog } from '@frontend/components/confirm-dialog/confirm-dialog';
import { DataTable, type DataTableColumn } from '@frontend/components/data-table/data-table';
import { Pagination } from '@frontend/components/data-table/pagination';
import type { RowAction } from '@frontend/components/data-table/row-actions-menu';
import { Dialog } from '@frontend/components/dialog/dialog';
import { StatusBadge } from '@frontend/components/status-badge/status-badge';
import { TextField } from '@frontend/components/text-field/text-field';
import { errorCodeOf } from '@frontend/lib/api-error';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { formatDate } from '@frontend/lib/format';
import { readSubmitFailure } from '@frontend/lib/submit-failure';
import { apiKeysQueryKey } from '@frontend/lib/query-keys';
import { useSession } from '@frontend/lib/session/session-context';
import { createApiKey, fetchApiKeys, revokeApiKey } from './integrations-api';
import { creatorLeftTone } from './key-creator';
import { IntegrationsPanel } from './integrations-panel';
import { SecretOnceDialog } from './secret-once-dialog';

/** A scope's translation key: i18next reads a ':' as the namespace's end. */
const scopeKey = (scope: ApiScope) => scope.replace(':', '_');
/** Keys a page of the list shows: a company has at most 20 live ones, and the revoked ones are kept. */
const keysPerPage = 10;

/** Settings of the company's API keys: the list, a new key (its secret shown once), and revoking one after asking. */
export function ApiKeysSection() {
  const { t } = useTranslation(['integrations', 'errors', 'common']);
  const { profile } = useSession();
  const companyId = profile?.currentClient?.companyId ?? '';
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: apiKeysQueryKey(companyId), queryFn: ({ signal }) => fetchApiKeys(signal), enabled: companyId !== '' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(companyId) });
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [showRevoked, setShowRevoked] = useState(false);
  const [page, setPage] = useState(1);

  const revoke = useMutation({
    mutationFn: (key: ApiKeyView) => revokeApiKey(key.keyId),
    onMutate: () => setFailure(null),
    onSuccess: (key) => setNotice(t('integrations:keys.revoked', { name: key.name })),
    onError: (error) => setFailure(errorCodeOf(error)),
    onSettled: async () => {
      setRevoking(null);
      await refresh();
    },
  });

  // Narrow columns only: the name and the maker wrap (never cut: two keys named alike must read apart), the scopes wrap
  // as chips, and the key's id, its creation date and the maker's e-mail sit in the row's detail, so the row fits the
  // card at any width.
  const columns: DataTableColumn<ApiKeyView>[] = [
    { id: 'name', header: t('integrations:keys.name'), rowHeader: true, className: 'api-key-wrap-cell', cell: (key) => key.name },
    { id: 'hint', header: t('integrations:keys.key'), cell: (key) => <KeyHint apiKey={key} /> },
    { id: 'scopes', header: t('integrations:keys.scopes'), className: 'api-key-scopes-cell', cell: (key) => <ScopeChips scopes={key.scopes} /> },
    { id: 'createdBy', header: t('integrations:keys.createdBy'), className: 'api-key-wrap-cell', cell: (key) => <KeyCreator apiKey={key} /> },
    { id: 'lastUsed', header: t('integrations:keys.lastUsed'), cell: (key) => (key.lastUsedAt ? formatDate(key.lastUsedAt, { withTime: true }) : t('integrations:keys.neverUsed')) },
    {
      id: 'status',
      header: t('integrations:keys.status'),
      cell: (key) => <StatusBadge tone={key.revokedAt ? 'neutral' : 'positive'}>{key.revokedAt ? t('integrations:keys.revokedShort') : t('integrations:keys.active')}</StatusBadge>,
    },
    { id: 'keyId', header: t('integrations:keys.keyId'), cell: (key) => <code className="integrations-code">{key.hint}</code>, detail: true },
    { id: 'created', header: t('integrations:keys.created'), cell: (key) => formatDate(key.createdAt), detail: true },
    { id: 'creatorEmail', header: t('integrations:keys.creatorEmail'), cell: (key) => key.createdBy.email ?? '—', detail: true },
    { id: 'revokedAt', header: t('integrations:keys.revokedAt'), cell: (key) => (key.revokedAt ? formatDate(key.revokedAt, { withTime: true }) : '—'), detail: true },
  ];
  const actions = (key: ApiKeyView): RowAction[] =>
    key.revokedAt || (revoke.isPending && revoke.variables.keyId === key.keyId) ? [] : [{ id: 'revoke', label: t('integrations:keys.revoke'), onSelect: () => setRevoking(key), danger: true }];
  const allKeys = keys.data?.rows ?? [];
  const revokedCount = allKeys.filter((key) => key.revokedAt).length;
  const shown = showRevoked ? allKeys : allKeys.filter((key) => !key.revokedAt);
  const totalPages = Math.max(1, Math.ceil(shown.length / keysPerPage));
  const currentPage = Math.min(page, totalPages);
  const pageRows = shown.slice((currentPage - 1) * keysPerPage, currentPage * keysPerPage);

  return (
    <IntegrationsPanel
      title={t('integrations:keys.title')}
      lead={t('integrations:keys.lead')}
      actionLabel={t('integrations:keys.create')}
      onAction={() => setCreating(true)}
      notice={notice}
      failure={failure}
    >
      {keys.isError ? (
        <Alert>{errorCodeText(t, errorCodeOf(keys.error))}</Alert>
      ) : (
        <div className="integrations-keys">
          {revokedCount > 0 && (
            <CheckboxField
              name="showRevoked"
              label={t('integrations:keys.showRevoked', { count: revokedCount })}
              checked={showRevoked}
              onChange={(event) => {
                setShowRevoked(event.target.checked);
                setPage(1);
              }}
            />
          )}
          <DataTable
            caption={t('integrations:keys.caption')}
            columns={columns}
            rows={pageRows}
            rowKey={(key) => key.keyId}
            loading={keys.isPending}
            skeletonRows={2}
            empty={t('integrations:keys.empty')}
            rowLabel={(key) => key.name}
            rowActions={actions}
            rowMuted={(key) => (key.revokedAt ? t('integrations:keys.revokedOn', { date: formatDate(key.revokedAt) }) : undefined)}
          />
          <Pagination page={currentPage} totalPages={totalPages} onPageChange={setPage} />
        </div>
      )}
      {creating && (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreated={async (key) => {
            setNotice(t('integrations:keys.createdNotice', { name: key.name }));
            await refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={t('integrations:keys.revokeTitle', { name: revoking?.name ?? '' })}
        confirmLabel={t('integrations:keys.revoke')}
        cancelLabel={t('common:cancel')}
        destructive
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onCancel={() => setRevoking(null)}
      >
        <p>{t('integrations:keys.revokeText')}</p>
      </ConfirmDialog>
    </IntegrationsPanel>
  );
}

/** The key as a system holds it, shortened to what tells it apart: its prefix and its secret's last characters. */
function KeyHint({ apiKey }: { apiKey: ApiKeyView }) {
  const { t } = useTranslation('integrations');
  const shortPrefix = apiKey.hint.slice(0, 'bck_'.length + 4);
  const shown = apiKey.lastChars ? `${shortPrefix}…${apiKey.lastChars}` : `${shortPrefix}…`;
  return (
    <code className="integrations-code api-key-hint" title={apiKey.hint}>
      <span aria-hidden="true">{shown}</span>
      <span className="visually-hidden">{apiKey.lastChars ? t('keys.hintSpoken', { prefix: shortPrefix, last: apiKey.lastChars }) : shortPrefix}</span>
    </code>
  );
}

/** A key's scopes as compact chips, each its short name: they wrap under each other rather than widen the row. */
function ScopeChips({ scopes }: { scopes: readonly ApiScope[] }) {
  const { t } = useTranslation('integrations');
  return (
    <ul className="api-key-scopes">
      {scopes.map((scope) => (
        <li key={scope} className={`api-key-scope${scope === 'money:write' ? ' api-key-scope--money' : ''}`}>
          {t(`scopes.${scopeKey(scope)}.chip`)}
        </li>
      ))}
    </ul>
  );
}

/** Who made the key, marked when they no longer belong to the company: their key still works until revoked. */
function KeyCreator({ apiKey }: { apiKey: ApiKeyView }) {
  const { t } = useTranslation('integrations');
  const tone = creatorLeftTone(apiKey);
  return (
    <span className="key-creator">
      {apiKey.createdBy.name}
      {tone && <StatusBadge tone={tone}>{t('keys.creatorLeft')}</StatusBadge>}
    </span>
  );
}

/** A new key: its name and scopes, then its secret, shown this once with a copy button. */
function CreateKeyDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (key: ApiKeyView) => Promise<void> }) {
  const { t } = useTranslation(['integrations', 'errors', 'common']);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [errors, setErrors] = useState<Partial<Record<'name' | 'scopes', string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<{ key: ApiKeyView; secret: string } | null>(null);
  const create = useMutation({
    mutationFn: () => createApiKey({ name, scopes }),
    onMutate: () => setFailure(null),
    onSuccess: async (answer) => {
      setCreated(answer);
      await onCreated(answer.key);
    },
    onError: (error) => {
      const refused = readSubmitFailure(error, ['name', 'scopes'] as const);
      setErrors(refused.fields);
      setFailure(refused.code);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = createApiKeyBodySchema.safeParse({ name, scopes });
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])) as Partial<Record<'name' | 'scopes', string>>);
      return;
    }
    setErrors({});
    create.mutate();
  };

  if (created) {
    return (
      <SecretOnceDialog
        title={t('integrations:keys.secretTitle', { name: created.key.name })}
        notice={t('integrations:keys.secretOnce')}
        label={t('integrations:keys.secret')}
        copyLabel={t('integrations:keys.copy')}
        secret={created.secret}
        onClose={onClose}
      />
    );
  }
  return (
    <Dialog open title={t('integrations:keys.createTitle')} onClose={onClose} busy={create.isPending}>
      <form noValidate onSubmit={submit}>
        <div className="dialog__body">
          <TextField label={t('integrations:keys.name')} hint={t('integrations:keys.nameHint')} name="name" value={name} onChange={(event) => {
              setName(event.target.value);
              setErrors(({ name: _refused, ...rest }) => rest);
            }} error={fieldErrorText(t, errors.name)} required />
          <fieldset className="integrations-scopes" aria-describedby={errors.scopes ? 'scopes-error' : undefined}>
            <legend className="field__label">{t('integrations:keys.scopes')}</legend>
            {apiScopes.map((scope) => (
              <CheckboxField
                key={scope}
                name={`scope-${scope}`}
                label={
                  <>
                    <strong>{t(`integrations:scopes.${scopeKey(scope)}.short`)}</strong> — {t(`integrations:scopes.${scopeKey(scope)}.text`)}
                  </>
                }
                checked={scopes.includes(scope)}
                onChange={(event) => {
                  setScopes((current) => (event.target.checked ? [...current, scope] : current.filter((candidate) => candidate !== scope)));
                  setErrors(({ scopes: _refused, ...rest }) => rest);
                }}
              />
            ))}
            {scopes.includes('money:write') && <Alert tone="info">{t('integrations:keys.moneyWarning')}</Alert>}
            {errors.scopes && (
              <p id="scopes-error" className="field__error">
                {fieldErrorText(t, errors.scopes)}
              </p>
            )}
          </fieldset>
          {failure && <Alert>{errorCodeText(t, failure)}</Alert>}
        </div>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={create.isPending}>
            {t('common:cancel')}
          </button>
          <button type="submit" className="button" disabled={create.isPending} aria-busy={create.isPending}>
            {t('integrations:keys.createConfirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
