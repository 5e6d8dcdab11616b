import { applicationSchema, saveStepAnswerSchema } from '../../onboarding/application';
import { createUploadSchema, documentLinkSchema, documentParamsSchema, documentSchema, uploadAnswerSchema } from '../../onboarding/documents';
import { stepParamsSchema } from '../../onboarding/steps';
import * as z from 'zod/mini';
import type { RouteDefinition } from '../route-definition';
import { okAnswerSchema } from '../schemas';

/**
 * The applicant's side of onboarding. The company's owner and managers fill it in and read its documents
 * (accountants do not see identity documents); the step body is checked by the step's own schema in the use case.
 */
export const getApplication = {
  method: 'GET',
  path: '/onboarding',
  handler: 'onboarding/get-application',
  access: { kind: 'member', minRole: 'manager' },
  answer: applicationSchema,
} as const satisfies RouteDefinition;

export const saveStep = {
  method: 'PUT',
  path: '/onboarding/steps/{step}',
  handler: 'onboarding/save-step',
  access: { kind: 'member', minRole: 'manager' },
  params: stepParamsSchema,
  body: z.record(z.string(), z.unknown(), { error: () => 'INVALID_VALUE' }),
  answer: saveStepAnswerSchema,
} as const satisfies RouteDefinition;

export const createDocumentUpload = {
  method: 'POST',
  path: '/onboarding/documents',
  handler: 'onboarding/create-document-upload',
  access: { kind: 'member', minRole: 'manager' },
  body: createUploadSchema,
  answer: uploadAnswerSchema,
} as const satisfies RouteDefinition;

export const confirmDocument = {
  method: 'POST',
  path: '/onboarding/documents/{documentId}/confirm',
  handler: 'onboarding/confirm-document',
  access: { kind: 'member', minRole: 'manager' },
  params: documentParamsSchema,
  answer: documentSchema,
} as const satisfies RouteDefinition;

export const getDocumentLink = {
  method: 'GET',
  path: '/onboarding/documents/{documentId}/link',
  handler: 'onboarding/get-document-link',
  access: { kind: 'member', minRole: 'manager' },
  params: documentParamsSchema,
  answer: documentLinkSchema,
} as const satisfies RouteDefinition;

export const deleteDocument = {
  method: 'DELETE',
  path: '/onboarding/documents/{documentId}',
  handler: 'onboarding/delete-document',
  access: { kind: 'member', minRole: 'manager' },
  params: documentParamsSchema,
  answer: okAnswerSchema,
} as const satisfies RouteDefinition;
