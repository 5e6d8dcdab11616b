import { documentIdsOfAnswers } from '@shared/onboarding/steps';
import { actorOfCaller, auditPut } from '../platform/audit';
import { DomainError, notFound } from '../platform/errors';
import { useCase } from '../platform/use-case';
import { readApplication, removeDocument } from './application-store';
import { assertEditable } from './editable-application';
import * as onboardingRoutes from '@shared/api/routes/onboarding-routes';

/** Removing an upload the applicant changed their mind about; one a saved step still points at stays. */
export const handler = useCase(onboardingRoutes.deleteDocument, async ({ caller, params }) => {
  const { company, application, documents } = await readApplication(caller.companyId);
  assertEditable(company.status);
  const document = documents.find((candidate) => candidate.documentId === params.documentId);
  if (!document) throw notFound('DOCUMENT_NOT_FOUND');
  if (documentIdsOfAnswers(application?.answers ?? {}).has(params.documentId)) throw new DomainError(409, 'DOCUMENT_IN_USE');
  const record = auditPut({
    companyId: caller.companyId,
    actor: actorOfCaller(caller, 'company_user'),
    action: 'document.delete',
    target: { type: 'company', id: caller.companyId },
    before: { documentId: document.documentId, fileName: document.fileName },
    after: {},
    at: new Date().toISOString(),
  });
  await removeDocument(document, record);
  return { ok: true as const };
});
