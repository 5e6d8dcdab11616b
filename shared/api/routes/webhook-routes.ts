import * as z from 'zod/mini';
import {
  createWebhookEndpointBodySchema,
  updateWebhookEndpointBodySchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryViewSchema,
  webhookEndpointIdParamsSchema,
  webhookEndpointListSchema,
  webhookEndpointViewSchema,
  webhookEndpointWithSecretSchema,
  webhookTestEventAnswerSchema,
} from '../../webhooks';
import type { RouteDefinition } from '../route-definition';
import { okAnswerSchema } from '../schemas';

/** Integrations > Webhooks (issue 20): an approved company's owners register endpoints and read their deliveries. */
const owner = { kind: 'member', minRole: 'owner' } as const;
const noBody = /* @__PURE__ */ z.object({});

export const listWebhookEndpoints = {
  method: 'GET',
  path: '/webhooks/endpoints',
  handler: 'webhooks/list-webhook-endpoints',
  access: owner,
  activeCompanyOnly: true,
  answer: webhookEndpointListSchema,
} as const satisfies RouteDefinition;

export const createWebhookEndpoint = {
  method: 'POST',
  path: '/webhooks/endpoints',
  handler: 'webhooks/create-webhook-endpoint',
  access: owner,
  activeCompanyOnly: true,
  body: createWebhookEndpointBodySchema,
  answer: webhookEndpointWithSecretSchema,
} as const satisfies RouteDefinition;

export const updateWebhookEndpoint = {
  method: 'PATCH',
  path: '/webhooks/endpoints/{endpointId}',
  handler: 'webhooks/update-webhook-endpoint',
  access: owner,
  activeCompanyOnly: true,
  params: webhookEndpointIdParamsSchema,
  body: updateWebhookEndpointBodySchema,
  answer: webhookEndpointViewSchema,
} as const satisfies RouteDefinition;

export const deleteWebhookEndpoint = {
  method: 'DELETE',
  path: '/webhooks/endpoints/{endpointId}',
  handler: 'webhooks/delete-webhook-endpoint',
  access: owner,
  activeCompanyOnly: true,
  params: webhookEndpointIdParamsSchema,
  answer: okAnswerSchema,
} as const satisfies RouteDefinition;

export const rotateWebhookSecret = {
  method: 'POST',
  path: '/webhooks/endpoints/{endpointId}/secret',
  handler: 'webhooks/rotate-webhook-secret',
  access: owner,
  activeCompanyOnly: true,
  params: webhookEndpointIdParamsSchema,
  body: noBody,
  answer: webhookEndpointWithSecretSchema,
} as const satisfies RouteDefinition;

export const listWebhookDeliveries = {
  method: 'GET',
  path: '/webhooks/endpoints/{endpointId}/deliveries',
  handler: 'webhooks/list-webhook-deliveries',
  access: owner,
  activeCompanyOnly: true,
  params: webhookEndpointIdParamsSchema,
  answer: webhookDeliveryListSchema,
} as const satisfies RouteDefinition;

export const redeliverWebhook = {
  method: 'POST',
  path: '/webhooks/endpoints/{endpointId}/deliveries/{deliveryId}/redeliver',
  handler: 'webhooks/redeliver-webhook',
  access: owner,
  activeCompanyOnly: true,
  params: webhookDeliveryParamsSchema,
  body: noBody,
  answer: webhookDeliveryViewSchema,
} as const satisfies RouteDefinition;

/** Posts a `webhook.test` event to this endpoint only (through the outbox, as every event), whatever events it chose. */
export const sendWebhookTestEvent = {
  method: 'POST',
  path: '/webhooks/endpoints/{endpointId}/test',
  handler: 'webhooks/send-test-event',
  access: owner,
  activeCompanyOnly: true,
  params: webhookEndpointIdParamsSchema,
  body: noBody,
  answer: webhookTestEventAnswerSchema,
} as const satisfies RouteDefinition;
