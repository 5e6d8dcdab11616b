import { documentLink } from './document-links';
import { useCase } from '../platform/use-case';
import * as onboardingRoutes from '@shared/api/routes/onboarding-routes';

export const handler = useCase(onboardingRoutes.getDocumentLink, async ({ caller, params }) =>
  documentLink(caller.companyId, params.documentId),
);
