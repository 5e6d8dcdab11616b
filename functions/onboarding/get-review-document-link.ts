import { documentLink } from '../platform/document-links';
import { useCase } from '../platform/use-case';

export const handler = useCase('GET /admin/applications/{companyId}/documents/{documentId}/link', async ({ params }) =>
  documentLink(params.companyId, params.documentId),
);
