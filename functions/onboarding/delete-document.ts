import { documentIdsOfAnswers } from '@shared/onboarding/steps';
import { DomainError, notFound } from '../platform/errors';
import { useCase } from '../platform/use-case';
import { forgetDocuments, readApplication } from './application-store';
import { assertEditable } from './editable-application';
import * as onboardingRoutes from '@shared/api/routes/onboarding-routes';

/** Removing an upload the applicant changed their mind about; one a saved step still points at stays. */
export const handler = useCase(onboardingRoutes.deleteDocument, async ({ caller, params }) => {
  const { company, application, documents } = await readApplication(caller.companyId);
  assertEditable(company.status);
  if (!documents.some((document) => document.documentId === params.documentId)) throw notFound('DOCUMENT_NOT_FOUND');
  if (documentIdsOfAnswers(application?.answers ?? {}).has(params.documentId)) throw new DomainError(409, 'DOCUMENT_IN_USE');
  await forgetDocuments(caller.companyId, [params.documentId]);
  return { ok: true as const };
});
