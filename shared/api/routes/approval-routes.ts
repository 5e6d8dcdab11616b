import {
  approvalIdParamsSchema,
  approvalListAnswerSchema,
  approvalListQuerySchema,
  approvalRequestSchema,
  approvalRulesBodySchema,
  approvalRulesSchema,
  approveBodySchema,
  rejectBodySchema,
} from '../../approvals';
import type { RouteDefinition } from '../route-definition';

/**
 * Dual approval (issue 35). Every member reads the rules (a manager sees why a funding waits); owners set them.
 * Managers and owners see the queue and decide, never their own request; the public API has none of these routes,
 * so an API key neither sets a rule nor decides.
 */
export const getApprovalRules = {
  method: 'GET',
  path: '/approval-rules',
  handler: 'approvals/get-approval-rules',
  access: { kind: 'member', minRole: 'accountant' },
  activeCompanyOnly: true,
  answer: approvalRulesSchema,
} as const satisfies RouteDefinition;

export const setApprovalRules = {
  method: 'PUT',
  path: '/approval-rules',
  handler: 'approvals/set-approval-rules',
  access: { kind: 'member', minRole: 'owner' },
  activeCompanyOnly: true,
  body: approvalRulesBodySchema,
  answer: approvalRulesSchema,
} as const satisfies RouteDefinition;

export const listApprovals = {
  method: 'GET',
  path: '/approvals',
  handler: 'approvals/list-approvals',
  access: { kind: 'member', minRole: 'manager' },
  activeCompanyOnly: true,
  query: approvalListQuerySchema,
  answer: approvalListAnswerSchema,
} as const satisfies RouteDefinition;

export const getApproval = {
  method: 'GET',
  path: '/approvals/{approvalId}',
  handler: 'approvals/get-approval',
  access: { kind: 'member', minRole: 'manager' },
  activeCompanyOnly: true,
  params: approvalIdParamsSchema,
  answer: approvalRequestSchema,
} as const satisfies RouteDefinition;

export const approveRequest = {
  method: 'POST',
  path: '/approvals/{approvalId}/approve',
  handler: 'approvals/approve-request',
  access: { kind: 'member', minRole: 'manager' },
  activeCompanyOnly: true,
  idempotent: true,
  params: approvalIdParamsSchema,
  body: approveBodySchema,
  answer: approvalRequestSchema,
} as const satisfies RouteDefinition;

export const rejectRequest = {
  method: 'POST',
  path: '/approvals/{approvalId}/reject',
  handler: 'approvals/reject-request',
  access: { kind: 'member', minRole: 'manager' },
  activeCompanyOnly: true,
  idempotent: true,
  params: approvalIdParamsSchema,
  body: rejectBodySchema,
  answer: approvalRequestSchema,
} as const satisfies RouteDefinition;
