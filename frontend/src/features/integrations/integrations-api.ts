import * as integrationRoutes from '@shared/api/routes/integration-routes';
import type { CreateApiKeyBody } from '@shared/api-keys';
import { callApi } from '@frontend/lib/http';

/** The company's keys; per company, so a client switch never shows the previous company's. */
export const apiKeysQueryKey = (companyId: string) => ['api-keys', companyId] as const;

export const fetchApiKeys = (signal?: AbortSignal) => callApi(integrationRoutes.listApiKeys, { signal });
export const createApiKey = (body: CreateApiKeyBody) => callApi(integrationRoutes.createApiKey, { body });
export const revokeApiKey = (keyId: string) => callApi(integrationRoutes.revokeApiKey, { params: { keyId } });
