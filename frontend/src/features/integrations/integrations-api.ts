import * as integrationRoutes from '@shared/api/routes/integration-routes';
import * as webhookRoutes from '@shared/api/routes/webhook-routes';
import type { CreateApiKeyBody } from '@shared/api-keys';
import type { CreateWebhookEndpointBody, WebhookEventType } from '@shared/webhooks';
import { callApi } from '@frontend/lib/http';

export const fetchApiKeys = (signal?: AbortSignal) => callApi(integrationRoutes.listApiKeys, { signal });
export const createApiKey = (body: CreateApiKeyBody) => callApi(integrationRoutes.createApiKey, { body });
export const revokeApiKey = (keyId: string) => callApi(integrationRoutes.revokeApiKey, { params: { keyId } });

/** The company's webhook endpoints, and one endpoint's newest deliveries. */
export const webhookEndpointsQueryKey = (companyId: string) => ['webhook-endpoints', companyId] as const;
export const webhookDeliveriesQueryKey = (companyId: string, endpointId: string) => ['webhook-deliveries', companyId, endpointId] as const;

export const fetchWebhookEndpoints = (signal?: AbortSignal) => callApi(webhookRoutes.listWebhookEndpoints, { signal });
export const createWebhookEndpoint = (body: CreateWebhookEndpointBody) => callApi(webhookRoutes.createWebhookEndpoint, { body });
export const updateWebhookEndpoint = (endpointId: string, body: { enabled?: boolean; events?: WebhookEventType[] }) =>
  callApi(webhookRoutes.updateWebhookEndpoint, { params: { endpointId }, body });
export const deleteWebhookEndpoint = (endpointId: string) => callApi(webhookRoutes.deleteWebhookEndpoint, { params: { endpointId } });
export const rotateWebhookSecret = (endpointId: string) => callApi(webhookRoutes.rotateWebhookSecret, { params: { endpointId }, body: {} });
export const fetchWebhookDeliveries = (endpointId: string, signal?: AbortSignal) => callApi(webhookRoutes.listWebhookDeliveries, { params: { endpointId }, signal });
export const sendWebhookTestEvent = (endpointId: string) => callApi(webhookRoutes.sendWebhookTestEvent, { params: { endpointId }, body: {} });
export const redeliverWebhook = (endpointId: string, deliveryId: string) => callApi(webhookRoutes.redeliverWebhook, { params: { endpointId, deliveryId }, body: {} });
