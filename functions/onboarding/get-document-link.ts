import { documentLink } from '../platform/document-links';
import { useCase } from '../platform/use-case';

export const handler = useCase('GET /onboarding/documents/{documentId}/link', async ({ caller, params }) =>
  documentLink(caller.companyId, params.documentId),
);
