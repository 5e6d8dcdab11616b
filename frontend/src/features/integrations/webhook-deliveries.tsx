import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { WebhookDeliveryView, WebhookEndpointView } from '@shared/webhooks';
import { Alert } from '@frontend/components/alert/alert';
import { DataTable, type DataTableColumn } from '@frontend/components/data-table/data-table';
import type { RowAction } from '@frontend/components/data-table/row-actions-menu';
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

/** One endpoint's newest deliveries: event, outcome, attempts and latency, with a redeliver button per delivery. */
export function WebhookDeliveries({ endpoint, onClose }: { endpoint: WebhookEndpointView; onClose: () => void }) {
  const { t } = useTranslation(['integrations', 'errors', 'common']);
  const titleId = useId();
  const { profile } = useSession();
  const companyId = profile?.currentClient?.companyId ?? '';
  const queryClient = useQueryClient();
  const queryKey = webhookDeliveriesQueryKey(companyId, endpoint.endpointId);
  const deliveries = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchWebhookDeliveries(endpoint.endpointId, signal),
    refetchInterval: (query) => (query.state.data?.rows.some((row) => row.status === 'pending' || row.status === 'sending') ? inFlightRefreshMs : idleRefreshMs),
  });
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
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
  const actions = (delivery: WebhookDeliveryView): RowAction[] =>
    delivery.status === 'pending' || delivery.status === 'sending' || (redeliver.isPending && redeliver.variables.deliveryId === delivery.deliveryId)
      ? []
      : [{ id: 'redeliver', label: t('integrations:deliveries.redeliver'), onSelect: () => redeliver.mutate(delivery) }];

  return (
    <section className="integrations-deliveries" aria-labelledby={titleId}>
      <div className="integrations-section__header">
        <div className="integrations-deliveries__title">
          <h3 id={titleId}>{t('integrations:deliveries.title')}</h3>
          <p className="integrations-url integrations-muted">{endpoint.url}</p>
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
      {deliveries.isError ? (
        <Alert>{errorCodeText(t, errorCodeOf(deliveries.error))}</Alert>
      ) : (
        <DataTable
          caption={t('integrations:deliveries.caption', { url: endpoint.url })}
          columns={columns}
          rows={deliveries.data?.rows ?? []}
          rowKey={(delivery) => delivery.deliveryId}
          loading={deliveries.isPending}
          skeletonRows={3}
          empty={t('integrations:deliveries.empty')}
          rowLabel={(delivery) => `${t(`integrations:events.${eventKey(delivery.eventType)}`)} ${formatDate(delivery.createdAt, { withTime: true })}`}
          rowActions={actions}
        />
      )}
    </section>
  );
}
