import { apiPathPrefix } from '@shared/api/manifest';
import { portalUrl } from '../platform/env';
import { useCase } from '../platform/use-case';
import { openApiDocument } from './openapi-document';
import * as integrationRoutes from '@shared/api/routes/integration-routes';

let document: Record<string, unknown> | undefined;

/** Built once per instance: it depends on the deployed code and the portal's address only. */
export const handler = useCase(integrationRoutes.getOpenApi, async () => {
  document ??= openApiDocument(`${portalUrl()}${apiPathPrefix}`);
  return document;
});
