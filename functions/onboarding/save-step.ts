import { afterSaving, isStepOpen } from '@shared/onboarding/progress';
import { documentIdsOf, stepDefinitions, stepSchema } from '@shared/onboarding/steps';
import { actorOfCaller, auditPut } from '../platform/audit';
import { DomainError, validationFailed } from '../platform/errors';
import { useCase } from '../platform/use-case';
import { fieldErrorsOf, safeParseReportingInput } from '../platform/validation';
import { actorOf, forgetDocuments, readApplication, saveStep } from './application-store';
import * as onboardingRoutes from '@shared/api/routes/onboarding-routes';

/**
 * DynamoDB keeps an item up to 400 KB, and the answers of all six steps live in one item: lists have no length of
 * their own, so a step that would make the answers larger than this is refused instead of failing the write.
 */
const maxAnswersBytes = 350_000;

export const handler = useCase(onboardingRoutes.saveStep, async ({ caller, params, body }) => {
  const { step } = params;
  const snapshot = await readApplication(caller.companyId);
  const { company, application, documents } = snapshot;
  const state = { status: company.status, kycStatus: company.kycStatus, returnedSteps: application?.returnedSteps ?? {} };
  if (!isStepOpen(step, state)) {
    throw new DomainError(409, company.status === 'onboarding' ? 'STEP_NOT_OPEN' : 'APPLICATION_LOCKED');
  }

  const parsed = safeParseReportingInput(stepSchema(step), body);
  if (!parsed.success) throw validationFailed(fieldErrorsOf(parsed.error));
  const answers = parsed.data;
  // The registration number is the company's own, fixed at sign-up: the form shows it, it cannot change it.
  if (step === 'general' && answers.registrationNumber !== company.registrationNumber) {
    throw validationFailed({ registrationNumber: 'INVALID_VALUE' });
  }
  if (Buffer.byteLength(JSON.stringify({ ...application?.answers, [step]: answers })) > maxAnswersBytes) {
    throw new DomainError(413, 'PAYLOAD_TOO_LARGE');
  }

  const fields = stepDefinitions[step].fields;
  const referenced = documentIdsOf(fields, answers);
  const problems: Record<string, string> = {};
  for (const reference of referenced) {
    const document = documents.find((each) => each.documentId === reference.documentId);
    if (document?.status !== 'stored' || document.kind !== reference.kind) problems[reference.path] = 'DOCUMENT_NOT_FOUND';
  }
  if (Object.keys(problems).length > 0) throw validationFailed(problems);

  const after = afterSaving(step, state);
  const record = auditPut({
    companyId: caller.companyId,
    actor: actorOfCaller(caller, 'company_user'),
    action: after.event ? 'application.submit' : 'application.save',
    target: { type: 'company', id: caller.companyId },
    before: {},
    after: { step },
    at: new Date().toISOString(),
  });
  await saveStep(snapshot, step, answers, after, actorOf(caller), record);

  // A document the step pointed at before and no longer does was replaced or removed: it is not kept.
  const kept = new Set(referenced.map((reference) => reference.documentId));
  const previous = application?.answers[step];
  const dropped = previous ? documentIdsOf(fields, previous).filter((reference) => !kept.has(reference.documentId)) : [];
  await forgetDocuments(caller.companyId, dropped.map((reference) => reference.documentId));

  return { status: after.status, kycStatus: after.kycStatus, next: after.next };
});
