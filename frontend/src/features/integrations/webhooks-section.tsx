import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { createWebhookEndpointBodySchema, webhookEventTypes, type WebhookEndpointView, type WebhookEventType } from '@shared/webhooks';
import { Alert } from '@frontend/components/alert/alert';
import { BreakableText } from '@frontend/components/breakable-text/breakable-text';
import { CheckboxField } from '@frontend/components/checkbox-field/checkbox-field';
import { ConfirmDialog } from '@frontend/components/confirm-dialog/confirm-dialog';
import { DataTable, type DataTableColumn } from '@frontend/components/data-table/data-table';
import type { RowAction } from '@frontend/components/data-table/row-actions-menu';
import { Dialog } from '@frontend/components/dialog/dialog';
import { StatusBadge } from '@frontend/components/status-badge/status-badge';
import { TextField } from '@frontend/components/text-field/text-field';
import { errorCodeOf } from '@frontend/lib/api-error';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { formatDate } from '@frontend/lib/format';
import { readSubmitFailure } from '@frontend/lib/submit-failure';
import { useSession } from '@frontend/lib/session/session-context';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  fetchWebhookEndpoints,
  rotateWebhookSecret,
  sendWebhookTestEvent,
  updateWebhookEndpoint,
  webhookDeliveriesQueryKey,
  webhookEndpointsQueryKey,
} from './integrations-api';
import { IntegrationsPanel } from './integrations-panel';
import { SecretOnceDialog } from './secret-once-dialog';
import { WebhookDeliveries } from './webhook-deliveries';
import { eventKey } from './webhook-event-key';

type Confirming = { kind: 'rotate' | 'delete' | 'disable'; endpoint: WebhookEndpointView };

/**
 * The company's webhook endpoints: the list with each one's state, a new endpoint (its signing secret shown once),
 * rotating a secret, disabling, enabling and deleting one after asking, and the chosen endpoint's delivery log.
 */
export function WebhooksSection() {
  const { t } = useTranslation(['integrations', 'errors', 'common']);
  const { profile } = useSession();
  const companyId = profile?.currentClient?.companyId ?? '';
  const queryClient = useQueryClient();
  const endpoints = useQuery({ queryKey: webhookEndpointsQueryKey(companyId), queryFn: ({ signal }) => fetchWebhookEndpoints(signal), enabled: companyId !== '' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryKey(companyId) });
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [secret, setSecret] = useState<{ endpoint: WebhookEndpointView; secret: string; rotated: boolean } | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [awaited, setAwaited] = useState<string | undefined>(undefined);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const act = useMutation({
    mutationFn: async ({ kind, endpoint }: Confirming | { kind: 'enable'; endpoint: WebhookEndpointView }) => {
      if (kind === 'rotate') return { kind, endpoint, rotated: await rotateWebhookSecret(endpoint.endpointId) };
      if (kind === 'delete') await deleteWebhookEndpoint(endpoint.endpointId);
      else await updateWebhookEndpoint(endpoint.endpointId, { enabled: kind === 'enable' });
      return { kind, endpoint, rotated: null };
    },
    onMutate: () => {
      setFailure(null);
      setNotice('');
    },
    onSuccess: ({ kind, endpoint, rotated }) => {
      if (rotated) setSecret({ ...rotated, rotated: true });
      if (kind === 'delete' && viewing === endpoint.endpointId) setViewing(null);
      setNotice(t(`integrations:webhooks.done.${kind}`, { url: endpoint.url }));
    },
    onError: (error) => setFailure(errorCodeOf(error)),
    onSettled: async () => {
      setConfirming(null);
      await refresh();
    },
  });
  const sendTest = useMutation({
    mutationFn: (endpoint: WebhookEndpointView) => sendWebhookTestEvent(endpoint.endpointId),
    onMutate: (endpoint) => {
      setFailure(null);
      setNotice('');
      // Its delivery shows in the log, opened for it: the owner sees it arrive (or fail) without looking for it.
      setViewing(endpoint.endpointId);
    },
    onSuccess: (sent, endpoint) => {
      setAwaited(sent.eventId);
      setNotice(t('integrations:webhooks.done.test', { url: endpoint.url }));
      return queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey(companyId, endpoint.endpointId) });
    },
    onError: (error) => setFailure(errorCodeOf(error)),
  });
  const busyWith = (endpoint: WebhookEndpointView) =>
    (act.isPending && act.variables.endpoint.endpointId === endpoint.endpointId) || (sendTest.isPending && sendTest.variables.endpointId === endpoint.endpointId);

  const stateOf = (endpoint: WebhookEndpointView) => {
    if (endpoint.status === 'disabled') {
      return <StatusBadge tone="negative">{endpoint.disabledReason === 'failing' ? t('integrations:webhooks.disabledFailing') : t('integrations:webhooks.disabled')}</StatusBadge>;
    }
    if (endpoint.failingSince) return <StatusBadge tone="pending">{t('integrations:webhooks.failingSince', { date: formatDate(endpoint.failingSince, { withTime: true }) })}</StatusBadge>;
    return <StatusBadge tone="positive">{t('integrations:webhooks.enabled')}</StatusBadge>;
  };
  const columns: DataTableColumn<WebhookEndpointView>[] = [
    // Never cut: two addresses that differ only at their end would look alike (a phone's card shows it whole too).
    { id: 'url', header: t('integrations:webhooks.url'), rowHeader: true, cell: (endpoint) => <span className="integrations-url"><BreakableText text={endpoint.url} /></span> },
    {
      id: 'events',
      header: t('integrations:webhooks.events'),
      cell: (endpoint) =>
        endpoint.events.length === webhookEventTypes.length ? t('integrations:webhooks.allEvents') : endpoint.events.map((event) => t(`integrations:events.${eventKey(event)}`)).join(', '),
      detail: true,
    },
    { id: 'status', header: t('integrations:webhooks.status'), cell: stateOf },
    {
      id: 'secret',
      header: t('integrations:webhooks.secret'),
      cell: (endpoint) =>
        endpoint.previousSecretUntil ? t('integrations:webhooks.bothSign', { date: formatDate(endpoint.previousSecretUntil, { withTime: true }) }) : t('integrations:webhooks.oneSigns'),
    },
  ];
  const actions = (endpoint: WebhookEndpointView): RowAction[] =>
    busyWith(endpoint)
      ? []
      : [
          ...(endpoint.status === 'enabled' ? [{ id: 'test', label: t('integrations:webhooks.sendTest'), onSelect: () => sendTest.mutate(endpoint) }] : []),
          { id: 'deliveries', label: t('integrations:webhooks.showDeliveries'), onSelect: () => setViewing(endpoint.endpointId) },
          { id: 'rotate', label: t('integrations:webhooks.rotate'), onSelect: () => setConfirming({ kind: 'rotate', endpoint }) },
          endpoint.status === 'enabled'
            ? { id: 'disable', label: t('integrations:webhooks.disable'), onSelect: () => setConfirming({ kind: 'disable', endpoint }) }
            : { id: 'enable', label: t('integrations:webhooks.enable'), onSelect: () => act.mutate({ kind: 'enable', endpoint }) },
          { id: 'delete', label: t('integrations:webhooks.delete'), onSelect: () => setConfirming({ kind: 'delete', endpoint }), danger: true },
        ];
  const viewed = endpoints.data?.rows.find((endpoint) => endpoint.endpointId === viewing);

  return (
    <IntegrationsPanel
      title={t('integrations:webhooks.title')}
      lead={t('integrations:webhooks.lead')}
      actionLabel={t('integrations:webhooks.add')}
      onAction={() => setAdding(true)}
      notice={notice}
      failure={failure}
    >
      {endpoints.isError ? (
        <Alert>{errorCodeText(t, errorCodeOf(endpoints.error))}</Alert>
      ) : (
        <div className="integrations-endpoints">
          <DataTable
            caption={t('integrations:webhooks.caption')}
            columns={columns}
            rows={endpoints.data?.rows ?? []}
            rowKey={(endpoint) => endpoint.endpointId}
            loading={endpoints.isPending}
            skeletonRows={2}
            empty={t('integrations:webhooks.empty')}
            rowLabel={(endpoint) => endpoint.url}
            rowActions={actions}
          />
        </div>
      )}
      {viewed && <WebhookDeliveries endpoint={viewed} awaited={awaited} onClose={() => setViewing(null)} />}
      {adding && (
        <AddEndpointDialog
          onClose={() => setAdding(false)}
          onAdded={async (added) => {
            setAdding(false);
            setSecret({ ...added, rotated: false });
            setNotice(t('integrations:webhooks.done.add', { url: added.endpoint.url }));
            await refresh();
          }}
        />
      )}
      {secret && (
        <SecretOnceDialog
          title={t(secret.rotated ? 'integrations:webhooks.rotatedTitle' : 'integrations:webhooks.secretTitle')}
          notice={t(secret.rotated ? 'integrations:webhooks.rotatedOnce' : 'integrations:webhooks.secretOnce')}
          label={t('integrations:webhooks.signingSecret')}
          copyLabel={t('integrations:webhooks.copySecret')}
          secret={secret.secret}
          onClose={() => setSecret(null)}
        />
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t(`integrations:webhooks.confirm.${confirming?.kind ?? 'delete'}.title`)}
        confirmLabel={t(`integrations:webhooks.confirm.${confirming?.kind ?? 'delete'}.action`)}
        cancelLabel={t('common:cancel')}
        destructive={confirming?.kind !== 'rotate'}
        busy={act.isPending}
        onConfirm={() => confirming && act.mutate(confirming)}
        onCancel={() => setConfirming(null)}
      >
        <p className="integrations-url"><BreakableText text={confirming?.endpoint.url ?? ''} /></p>
        <p>{t(`integrations:webhooks.confirm.${confirming?.kind ?? 'delete'}.text`)}</p>
      </ConfirmDialog>
    </IntegrationsPanel>
  );
}

type AddFields = 'url' | 'events';

/** A new endpoint: its address and the events it gets (all by default); its secret comes back once. */
function AddEndpointDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (added: { endpoint: WebhookEndpointView; secret: string }) => Promise<void> }) {
  const { t } = useTranslation(['integrations', 'errors', 'common']);
  const [url, setUrl] = useState('https://');
  const [events, setEvents] = useState<WebhookEventType[]>([...webhookEventTypes]);
  const [errors, setErrors] = useState<Partial<Record<AddFields, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: () => createWebhookEndpoint({ url, events }),
    onMutate: () => setFailure(null),
    onSuccess: onAdded,
    onError: (error) => {
      const refused = readSubmitFailure(error, ['url', 'events'] as const);
      setErrors(refused.fields);
      setFailure(refused.fields.url ? null : refused.code);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = createWebhookEndpointBodySchema.safeParse({ url, events });
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])) as Partial<Record<AddFields, string>>);
      return;
    }
    setErrors({});
    add.mutate();
  };
  const allChosen = events.length === webhookEventTypes.length;

  return (
    <Dialog open title={t('integrations:webhooks.addTitle')} onClose={onClose} busy={add.isPending}>
      <form noValidate onSubmit={submit}>
        <div className="dialog__body">
          <TextField
            label={t('integrations:webhooks.url')}
            hint={t('integrations:webhooks.urlHint')}
            name="url"
            type="url"
            inputMode="url"
            autoComplete="off"
            value={url}
            onChange={(event) => {
              setUrl(event.target.value);
              setErrors(({ url: _refused, ...rest }) => rest);
            }}
            error={fieldErrorText(t, errors.url)}
            required
          />
          <fieldset className="integrations-scopes" aria-describedby={errors.events ? 'events-error' : undefined}>
            <legend className="field__label">{t('integrations:webhooks.events')}</legend>
            <CheckboxField
              name="all-events"
              label={<strong>{t('integrations:webhooks.allEvents')}</strong>}
              checked={allChosen}
              onChange={(event) => {
                setEvents(event.target.checked ? [...webhookEventTypes] : []);
                setErrors(({ events: _refused, ...rest }) => rest);
              }}
            />
            <div className="integrations-events">
              {webhookEventTypes.map((type) => (
                <CheckboxField
                  key={type}
                  name={`event-${type}`}
                  label={
                    <>
                      {t(`integrations:events.${eventKey(type)}`)} <code className="integrations-code">{type}</code>
                    </>
                  }
                  checked={events.includes(type)}
                  onChange={(event) => {
                    setEvents((current) => (event.target.checked ? webhookEventTypes.filter((candidate) => candidate === type || current.includes(candidate)) : current.filter((candidate) => candidate !== type)));
                    setErrors(({ events: _refused, ...rest }) => rest);
                  }}
                />
              ))}
            </div>
            {errors.events && (
              <p id="events-error" className="field__error">
                {fieldErrorText(t, errors.events)}
              </p>
            )}
          </fieldset>
          {failure && <Alert>{errorCodeText(t, failure)}</Alert>}
        </div>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={add.isPending}>
            {t('common:cancel')}
          </button>
          <button type="submit" className="button" disabled={add.isPending} aria-busy={add.isPending}>
            {t('integrations:webhooks.addConfirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
