import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { webhookDeliveryStatuses, webhookResponseBytes, type WebhookDeliveryStatus, type WebhookDeliveryView, type WebhookEndpointView } from '@shared/webhooks';
import { Alert } from '@frontend/components/alert/alert';
import { BreakableText } from '@frontend/components/breakable-text/breakable-text';
import { DataTable, type DataTableColumn } from '@frontend/components/data-table/data-table';
import type { RowAction } from '@frontend/components/data-table/row-actions-menu';
import { Dialog } from '@frontend/components/dialog/dialog';
import { SelectField } from '@frontend/components/select-field/select-field';
import { StatusBadge } from '@frontend/components/status-badge/status-badge';
import { statusTone } from '@frontend/components/status-badge/status-tone';
import { errorCodeOf } from '@frontend/lib/api-error';
import { errorCodeText } from '@frontend/lib/error-text';
import { formatDate } from '@frontend/lib/format';
import { useSession } from '@frontend/lib/session/session-context';
import { fetchWebhookDeliveries, redeliverWebhook, webhookDeliveriesQueryKey } from './integrations-api';
import { eventKey } from './webhook-event-key';

/** While a delivery is on its way the log looks again soon; otherwise now and then, so new events show up. */
const inFlightRefreshMs = 2_000;
const idleRefreshMs = 10_000;

/**
 * One endpoint's newest deliveries: event, outcome, attempts and latency, filtered by status, each with what was
 * posted and the first bytes of the answer, and a redeliver button.
 */
export function WebhookDeliveries({ endpoint, awaited, onClose }: { endpoint: WebhookEndpointView; awaited?: string | undefined; onClose: () => void }) {
  const { t } = useTranslation(['integrations', 'errors', 'common']);
  const titleId = useId();
  const { profile } = useSession();
  const companyId = profile?.currentClient?.companyId ?? '';
  const queryClient = useQueryClient();
  const queryKey = webhookDeliveriesQueryKey(companyId, endpoint.endpointId);
  const deliveries = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchWebhookDeliveries(endpoint.endpointId, signal),
    // A test event just sent is in flight too until its delivery shows: it reaches the log through the outbox.
    refetchInterval: (query) => {
      const rows = query.state.data?.rows ?? [];
      const waiting = awaited !== undefined && !rows.some((row) => row.deliveryId === awaited);
      return waiting || rows.some((row) => row.status === 'pending' || row.status === 'sending') ? inFlightRefreshMs : idleRefreshMs;
    },
  });
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState<WebhookDeliveryStatus | ''>('');
  const [opened, setOpened] = useState<string | null>(null);
  const redeliver = useMutation({
    mutationFn: (delivery: WebhookDeliveryView) => redeliverWebhook(endpoint.endpointId, delivery.deliveryId),
    onMutate: () => {
      setFailure(null);
      setNotice('');
    },
    onSuccess: (delivery) => setNotice(t('integrations:deliveries.redelivering', { event: t(`integrations:events.${eventKey(delivery.eventType)}`) })),
    onError: (error) => setFailure(errorCodeOf(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });

  const outcomeOf = (delivery: WebhookDeliveryView) => {
    if (delivery.lastStatusCode !== null) return `HTTP ${delivery.lastStatusCode}`;
    return delivery.lastError ?? '—';
  };
  const columns: DataTableColumn<WebhookDeliveryView>[] = [
    { id: 'event', header: t('integrations:deliveries.event'), rowHeader: true, cell: (delivery) => t(`integrations:events.${eventKey(delivery.eventType)}`) },
    {
      id: 'status',
      header: t('integrations:deliveries.status'),
      cell: (delivery) => (
        <StatusBadge tone={statusTone('webhookDelivery', delivery.status)} busy={delivery.status === 'sending'}>
          {t(`integrations:deliveries.statuses.${delivery.status}`)}
        </StatusBadge>
      ),
    },
    { id: 'response', header: t('integrations:deliveries.response'), cell: outcomeOf },
    { id: 'attempts', header: t('integrations:deliveries.attempts'), align: 'end', cell: (delivery) => delivery.attempts },
    { id: 'latency', header: t('integrations:deliveries.latency'), align: 'end', cell: (delivery) => (delivery.lastLatencyMs === null ? '—' : t('integrations:deliveries.ms', { ms: delivery.lastLatencyMs })) },
    {
      id: 'when',
      header: t('integrations:deliveries.when'),
      cell: (delivery) => formatDate(delivery.lastAttemptAt ?? delivery.createdAt, { withTime: true }),
    },
    {
      id: 'next',
      header: t('integrations:deliveries.next'),
      cell: (delivery) => (delivery.nextAttemptAt ? formatDate(delivery.nextAttemptAt, { withTime: true }) : '—'),
      detail: true,
    },
    { id: 'id', header: 'webhook-id', cell: (delivery) => <code className="integrations-code">{delivery.deliveryId}</code>, detail: true },
  ];
  const actions = (delivery: WebhookDeliveryView): RowAction[] => [
    { id: 'view', label: t('integrations:deliveries.view'), onSelect: () => setOpened(delivery.deliveryId) },
    ...(delivery.status === 'pending' || delivery.status === 'sending' || (redeliver.isPending && redeliver.variables.deliveryId === delivery.deliveryId)
      ? []
      : [{ id: 'redeliver', label: t('integrations:deliveries.redeliver'), onSelect: () => redeliver.mutate(delivery) }]),
  ];
  const rows = (deliveries.data?.rows ?? []).filter((delivery) => status === '' || delivery.status === status);
  // Read from the list as it refreshes, so an open delivery shows its newest attempt.
  const openedDelivery = deliveries.data?.rows.find((delivery) => delivery.deliveryId === opened);

  return (
    <section className="integrations-deliveries" aria-labelledby={titleId}>
      <div className="integrations-section__header">
        <div className="integrations-deliveries__title">
          <h3 id={titleId}>{t('integrations:deliveries.title')}</h3>
          <p className="integrations-url integrations-muted"><BreakableText text={endpoint.url} /></p>
        </div>
        <div className="integrations-deliveries__actions">
          <button type="button" className="button button--secondary" onClick={() => void deliveries.refetch()} disabled={deliveries.isFetching} aria-busy={deliveries.isFetching}>
            {t('integrations:deliveries.refresh')}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('integrations:deliveries.close')}
          </button>
        </div>
      </div>
      <p role="status" className="integrations-notice">
        {notice}
      </p>
      {failure && <Alert>{errorCodeText(t, failure)}</Alert>}
      <div className="integrations-deliveries__filter">
        <SelectField
          name="deliveryStatus"
          label={t('integrations:deliveries.filter')}
          value={status}
          onChange={(event) => setStatus(event.target.value as WebhookDeliveryStatus | '')}
          options={[{ value: '', label: t('integrations:deliveries.allStatuses') }, ...webhookDeliveryStatuses.map((value) => ({ value, label: t(`integrations:deliveries.statuses.${value}`) }))]}
        />
      </div>
      {deliveries.isError ? (
        <Alert>{errorCodeText(t, errorCodeOf(deliveries.error))}</Alert>
      ) : (
        <DataTable
          caption={t('integrations:deliveries.caption', { url: endpoint.url })}
          columns={columns}
          rows={rows}
          rowKey={(delivery) => delivery.deliveryId}
          loading={deliveries.isPending}
          skeletonRows={3}
          empty={status === '' ? t('integrations:deliveries.empty') : t('integrations:deliveries.emptyFiltered')}
          rowLabel={(delivery) => `${t(`integrations:events.${eventKey(delivery.eventType)}`)} ${formatDate(delivery.createdAt, { withTime: true })}`}
          rowActions={actions}
        />
      )}
      {openedDelivery && <DeliveryDialog delivery={openedDelivery} onClose={() => setOpened(null)} />}
    </section>
  );
}

/** JSON pretty-printed for reading; anything else (an answer in HTML or plain text, cut at its first bytes) as it came. */
function readable(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** One delivery: the body posted (signed as sent) and the first bytes of the endpoint's last answer. */
function DeliveryDialog({ delivery, onClose }: { delivery: WebhookDeliveryView; onClose: () => void }) {
  const { t } = useTranslation('integrations');
  const requestId = useId();
  const responseId = useId();
  const event = t(`events.${eventKey(delivery.eventType)}`);
  return (
    <Dialog open title={t('deliveries.viewTitle', { event })} onClose={onClose}>
      <div className="dialog__body">
        <dl className="integrations-delivery-facts">
          <dt>webhook-id</dt>
          <dd>
            <code className="integrations-code">{delivery.deliveryId}</code>
          </dd>
          <dt>{t('deliveries.status')}</dt>
          <dd>{t(`deliveries.statuses.${delivery.status}`)}</dd>
          <dt>{t('deliveries.response')}</dt>
          <dd>{delivery.lastStatusCode !== null ? `HTTP ${delivery.lastStatusCode}` : (delivery.lastError ?? '—')}</dd>
        </dl>
        <h3 id={requestId} className="integrations-delivery__heading">
          {t('deliveries.requestBody')}
        </h3>
        <pre className="api-schema integrations-delivery__body" aria-labelledby={requestId} tabIndex={0}>
          {readable(delivery.payload)}
        </pre>
        <h3 id={responseId} className="integrations-delivery__heading">
          {t('deliveries.responseBody', { bytes: webhookResponseBytes })}
        </h3>
        {delivery.lastResponseBody === null ? (
          <p className="integrations-muted">{t('deliveries.noResponse')}</p>
        ) : delivery.lastResponseBody === '' ? (
          <p className="integrations-muted">{t('deliveries.emptyResponse')}</p>
        ) : (
          <pre className="api-schema integrations-delivery__body" aria-labelledby={responseId} tabIndex={0}>
            {readable(delivery.lastResponseBody)}
          </pre>
        )}
      </div>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('deliveries.closeDelivery')}
        </button>
      </div>
    </Dialog>
  );
}
