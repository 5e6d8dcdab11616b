import { apiKeyIdParamsSchema, apiKeyListSchema, apiKeyViewSchema, createApiKeyBodySchema, createdApiKeySchema } from '../../api-keys';
import type { RouteDefinition } from '../route-definition';

/**
 * Settings > Integrations (issue 20): an approved company's owners make, list and revoke the API keys of its own
 * systems. A key's secret is answered once, by the request that makes it.
 */
const owner = { kind: 'member', minRole: 'owner' } as const;

export const listApiKeys = {
  method: 'GET',
  path: '/api-keys',
  handler: 'integrations/list-api-keys',
  access: owner,
  activeCompanyOnly: true,
  answer: apiKeyListSchema,
} as const satisfies RouteDefinition;

export const createApiKey = {
  method: 'POST',
  path: '/api-keys',
  handler: 'integrations/create-api-key',
  access: owner,
  activeCompanyOnly: true,
  body: createApiKeyBodySchema,
  answer: createdApiKeySchema,
} as const satisfies RouteDefinition;

export const revokeApiKey = {
  method: 'POST',
  path: '/api-keys/{keyId}/revoke',
  handler: 'integrations/revoke-api-key',
  access: owner,
  activeCompanyOnly: true,
  params: apiKeyIdParamsSchema,
  answer: apiKeyViewSchema,
} as const satisfies RouteDefinition;
