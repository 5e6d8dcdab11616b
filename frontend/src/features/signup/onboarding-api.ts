import { queryOptions } from '@tanstack/react-query';
import * as onboardingRoutes from '@shared/api/routes/onboarding-routes';
import type { SignupStep } from '@shared/kyc';
import type { DocumentContentType, DocumentKind, DocumentView } from '@shared/onboarding/documents';
import { callApi } from '@frontend/lib/http';
import { uploadToBucket } from '@frontend/lib/upload-to-bucket';

export const applicationQueryKey = (companyId: string) => ['onboarding', companyId] as const;

export function applicationQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: applicationQueryKey(companyId),
    queryFn: ({ signal }) => callApi(onboardingRoutes.getApplication, { signal }),
  });
}

export function saveStep(step: SignupStep, answers: Record<string, unknown>) {
  return callApi(onboardingRoutes.saveStep, { params: { step }, body: answers });
}

/**
 * The file goes from the browser straight to the bucket with the presigned POST; the API then checks the stored
 * bytes (size and type by content) before the document counts.
 */
export async function uploadDocument(kind: DocumentKind, file: Blob, fileName: string, contentType: DocumentContentType): Promise<DocumentView> {
  const upload = await callApi(onboardingRoutes.createDocumentUpload, { body: { kind, fileName, contentType, size: file.size } });
  await uploadToBucket(upload, file, fileName);
  return callApi(onboardingRoutes.confirmDocument, { params: { documentId: upload.documentId } });
}

export function deleteDocument(documentId: string) {
  return callApi(onboardingRoutes.deleteDocument, { params: { documentId } });
}

export function documentLink(documentId: string) {
  return callApi(onboardingRoutes.getDocumentLink, { params: { documentId } });
}
