import * as z from 'zod/mini';
import { awaitingApprovalAnswerSchema } from '../../approvals';
import { employeeIdParamsSchema } from '../../employees';
import {
  fundEmployeeBodySchema,
  fundingAnswerSchema,
  fundingFileIdParamsSchema,
  fundingFileSchema,
  fundingTemplateAnswerSchema,
  fundingUploadBodySchema,
} from '../../funding';
import type { RouteDefinition } from '../route-definition';

const manager = { kind: 'member', minRole: 'manager' } as const;

/**
 * Funding employees from the main account (SPEC "add funds singly or by CSV"): managers and owners, an approved
 * company's only. A single transfer carries an Idempotency-Key; a file is applied once per file id and row.
 */
export const fundEmployee = {
  method: 'POST',
  path: '/employees/{employeeId}/funds',
  handler: 'funding/fund-employee',
  access: manager,
  activeCompanyOnly: true,
  idempotent: true,
  params: employeeIdParamsSchema,
  body: fundEmployeeBodySchema,
  answer: fundingAnswerSchema,
  // Above the company's approval amount (issue 35): nothing moves yet, 202 with the request that waits.
  accepted: awaitingApprovalAnswerSchema,
} as const satisfies RouteDefinition;

export const getFundingTemplate = {
  method: 'GET',
  path: '/funding/template',
  handler: 'funding/get-funding-template',
  access: manager,
  activeCompanyOnly: true,
  answer: fundingTemplateAnswerSchema,
} as const satisfies RouteDefinition;

export const uploadFundingFile = {
  method: 'POST',
  path: '/funding/files',
  handler: 'funding/upload-funding-file',
  access: manager,
  activeCompanyOnly: true,
  body: fundingUploadBodySchema,
  answer: fundingFileSchema,
} as const satisfies RouteDefinition;

export const getFundingFile = {
  method: 'GET',
  path: '/funding/files/{fileId}',
  handler: 'funding/get-funding-file',
  access: manager,
  activeCompanyOnly: true,
  params: fundingFileIdParamsSchema,
  answer: fundingFileSchema,
} as const satisfies RouteDefinition;

export const applyFundingFile = {
  method: 'POST',
  path: '/funding/files/{fileId}/apply',
  handler: 'funding/apply-funding-file',
  access: manager,
  activeCompanyOnly: true,
  // A money POST like the others: the file's row items already pay each row once; the key makes a retried click
  // answer what the first one did.
  idempotent: true,
  params: fundingFileIdParamsSchema,
  body: z.object({}),
  answer: fundingFileSchema,
} as const satisfies RouteDefinition;

/**
 * Applies the rest of a failed file: the rows applied before it failed are skipped, so none moves twice. Whoever may
 * apply a file may retry it.
 */
export const retryFundingFile = {
  method: 'POST',
  path: '/funding/files/{fileId}/retry',
  handler: 'funding/retry-funding-file',
  access: manager,
  activeCompanyOnly: true,
  idempotent: true,
  params: fundingFileIdParamsSchema,
  body: z.object({}),
  answer: fundingFileSchema,
} as const satisfies RouteDefinition;
