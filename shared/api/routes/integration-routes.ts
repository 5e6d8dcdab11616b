import { apiKeyIdParamsSchema, apiKeyListSchema, apiKeyViewSchema, createApiKeyBodySchema, createdApiKeySchema } from '../../api-keys';
import * as z from 'zod/mini';
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

/** The public API's OpenAPI 3.1 document (at /api/openapi.json through CloudFront): public, it holds no company data. */
export const getOpenApi = {
  method: 'GET',
  path: '/openapi.json',
  handler: 'integrations/get-openapi',
  access: { kind: 'public' },
  answer: z.record(z.string(), z.unknown()),
} as const satisfies RouteDefinition;
