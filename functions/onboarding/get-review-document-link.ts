import { documentLink } from './document-links';
import { useCase } from '../platform/use-case';
import * as reviewRoutes from '@shared/api/routes/review-routes';

export const handler = useCase(reviewRoutes.getReviewDocumentLink, async ({ params }) =>
  documentLink(params.companyId, params.documentId),
);
