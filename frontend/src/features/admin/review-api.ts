import { queryOptions } from '@tanstack/react-query';
import * as reviewRoutes from '@shared/api/routes/review-routes';
import { callApi } from '@frontend/lib/http';

export const queueQueryKey = ['admin', 'applications'] as const;
export const reviewQueryKey = (companyId: string) => ['admin', 'applications', companyId] as const;

export function queueQueryOptions() {
  return queryOptions({ queryKey: queueQueryKey, queryFn: ({ signal }) => callApi(reviewRoutes.listApplications, { signal }) });
}

export function reviewQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: reviewQueryKey(companyId),
    queryFn: ({ signal }) => callApi(reviewRoutes.getReview, { params: { companyId }, signal }),
  });
}

export function reviewDocumentLink(companyId: string, documentId: string) {
  return callApi(reviewRoutes.getReviewDocumentLink, { params: { companyId, documentId } });
}
