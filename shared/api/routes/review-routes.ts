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
import * as z from 'zod/mini';
import type { RouteDefinition } from '../route-definition';

/** The provider's review of applications in /admin: provider admins only. */
export const listApplications = {
  method: 'GET',
  path: '/admin/applications',
  handler: 'onboarding/list-applications',
  access: { kind: 'provider-admin' },
  answer: queueAnswerSchema,
} as const satisfies RouteDefinition;

export const getReview = {
  method: 'GET',
  path: '/admin/applications/{companyId}',
  handler: 'onboarding/get-review',
  access: { kind: 'provider-admin' },
  params: applicationParamsSchema,
  answer: reviewSchema,
} as const satisfies RouteDefinition;

export const getReviewDocumentLink = {
  method: 'GET',
  path: '/admin/applications/{companyId}/documents/{documentId}/link',
  handler: 'onboarding/get-review-document-link',
  access: { kind: 'provider-admin' },
  params: applicationDocumentParamsSchema,
  answer: documentLinkSchema,
} as const satisfies RouteDefinition;

export const approveApplication = {
  method: 'POST',
  path: '/admin/applications/{companyId}/approve',
  handler: 'onboarding/approve-application',
  access: { kind: 'provider-admin' },
  params: applicationParamsSchema,
  body: z.object({}),
  answer: decisionAnswerSchema,
} as const satisfies RouteDefinition;

export const rejectApplication = {
  method: 'POST',
  path: '/admin/applications/{companyId}/reject',
  handler: 'onboarding/reject-application',
  access: { kind: 'provider-admin' },
  params: applicationParamsSchema,
  body: rejectApplicationSchema,
  answer: decisionAnswerSchema,
} as const satisfies RouteDefinition;

export const returnApplication = {
  method: 'POST',
  path: '/admin/applications/{companyId}/return',
  handler: 'onboarding/return-application',
  access: { kind: 'provider-admin' },
  params: applicationParamsSchema,
  body: returnApplicationSchema,
  answer: decisionAnswerSchema,
} as const satisfies RouteDefinition;
