import { queryOptions } from '@tanstack/react-query';
import { onboardingRoutes } from '@shared/api/routes/onboarding-routes';
import type { SignupStep } from '@shared/kyc';
import type { DocumentContentType, DocumentKind, DocumentView } from '@shared/onboarding/documents';
import { ApiError, callApi, clientErrorCodes } from '@frontend/lib/http';

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
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  // S3 reads the fields first: the file must be the last part.
  form.append('file', file, fileName);
  let stored: Response;
  try {
    stored = await fetch(upload.url, { method: 'POST', body: form });
  } catch (error) {
    throw new ApiError(0, clientErrorCodes.network, error instanceof Error ? error.message : 'Upload failed');
  }
  // S3 answers 400 when the policy refuses the file (too large): the same as the server's own check would say.
  if (!stored.ok) throw new ApiError(stored.status, stored.status === 400 ? 'FILE_TOO_LARGE' : 'UPLOAD_MISSING', 'Upload refused');
  return callApi(onboardingRoutes.confirmDocument, { params: { documentId: upload.documentId } });
}

export function deleteDocument(documentId: string) {
  return callApi(onboardingRoutes.deleteDocument, { params: { documentId } });
}

export function documentLink(documentId: string) {
  return callApi(onboardingRoutes.getDocumentLink, { params: { documentId } });
}
