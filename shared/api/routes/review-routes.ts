import {
  applicationDocumentParamsSchema,
  applicationParamsSchema,
  decisionAnswerSchema,
  queueAnswerSchema,
  rejectApplicationSchema,
  returnApplicationSchema,
  reviewSchema,
} from '../../onboarding/application';
import { documentLinkSchema } from '../../onboarding/documents';
import * as z from 'zod';
import type { RouteDefinition } from '../route-definition';

/** The provider's review of applications in /admin: provider admins only. */
export const reviewRoutes = {
  listApplications: {
    method: 'GET',
    path: '/admin/applications',
    handler: 'onboarding/list-applications',
    access: { kind: 'provider-admin' },
    answer: queueAnswerSchema,
  },
  getReview: {
    method: 'GET',
    path: '/admin/applications/{companyId}',
    handler: 'onboarding/get-review',
    access: { kind: 'provider-admin' },
    params: applicationParamsSchema,
    answer: reviewSchema,
  },
  getReviewDocumentLink: {
    method: 'GET',
    path: '/admin/applications/{companyId}/documents/{documentId}/link',
    handler: 'onboarding/get-review-document-link',
    access: { kind: 'provider-admin' },
    params: applicationDocumentParamsSchema,
    answer: documentLinkSchema,
  },
  approveApplication: {
    method: 'POST',
    path: '/admin/applications/{companyId}/approve',
    handler: 'onboarding/approve-application',
    access: { kind: 'provider-admin' },
    params: applicationParamsSchema,
    body: z.object({}),
    answer: decisionAnswerSchema,
  },
  rejectApplication: {
    method: 'POST',
    path: '/admin/applications/{companyId}/reject',
    handler: 'onboarding/reject-application',
    access: { kind: 'provider-admin' },
    params: applicationParamsSchema,
    body: rejectApplicationSchema,
    answer: decisionAnswerSchema,
  },
  returnApplication: {
    method: 'POST',
    path: '/admin/applications/{companyId}/return',
    handler: 'onboarding/return-application',
    access: { kind: 'provider-admin' },
    params: applicationParamsSchema,
    body: returnApplicationSchema,
    answer: decisionAnswerSchema,
  },
} as const satisfies Record<string, RouteDefinition>;
