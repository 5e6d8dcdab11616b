import { awaitingApprovalAnswerSchema } from '../../approvals';
import * as z from 'zod/mini';
import {
  addEmployeeBodySchema,
  bulkCardActionBodySchema,
  bulkResultSchema,
  changePhoneBodySchema,
  employeeDetailSchema,
  employeeIdParamsSchema,
  employeeListAnswerSchema,
  employeeListQuerySchema,
  limitsBodySchema,
  replaceCardBodySchema,
} from '../../employees';
import { priceListSchema } from '../../prices';
import type { RouteDefinition } from '../route-definition';

const noBody = /* @__PURE__ */ z.object({});
const manager = { kind: 'member', minRole: 'manager' } as const;
const employeeAction = <P extends string, H extends string>(path: P, handler: H) =>
  ({
    method: 'POST',
    path: `/employees/{employeeId}/${path}` as `/employees/{employeeId}/${P}`,
    handler,
    access: manager,
    activeCompanyOnly: true,
    params: employeeIdParamsSchema,
    body: noBody,
    answer: employeeDetailSchema,
  }) as const;

/**
 * Employees and their cards (SPEC "Users"): an approved company's only. Accountants read; managers and owners act
 * (shared/roles.ts `permissionMinRole`).
 */
export const listEmployees = {
  method: 'GET',
  path: '/employees',
  handler: 'employees/list-employees',
  access: { kind: 'member', minRole: 'accountant' },
  activeCompanyOnly: true,
  query: employeeListQuerySchema,
  answer: employeeListAnswerSchema,
} as const satisfies RouteDefinition;

export const addEmployee = {
  method: 'POST',
  path: '/employees',
  handler: 'employees/add-employee',
  access: manager,
  activeCompanyOnly: true,
  body: addEmployeeBodySchema,
  answer: employeeDetailSchema,
  // When the owners require a second person for new users (issue 35): nothing is created yet, 202 with the request.
  accepted: awaitingApprovalAnswerSchema,
} as const satisfies RouteDefinition;

export const getEmployee = {
  method: 'GET',
  path: '/employees/{employeeId}',
  handler: 'employees/get-employee',
  access: { kind: 'member', minRole: 'accountant' },
  activeCompanyOnly: true,
  params: employeeIdParamsSchema,
  answer: employeeDetailSchema,
} as const satisfies RouteDefinition;

export const changePhone = {
  method: 'PUT',
  path: '/employees/{employeeId}/phone',
  handler: 'employees/change-employee-phone',
  access: manager,
  activeCompanyOnly: true,
  params: employeeIdParamsSchema,
  body: changePhoneBodySchema,
  answer: employeeDetailSchema,
  // When the owners require a second person for phone changes (issue 35).
  accepted: awaitingApprovalAnswerSchema,
} as const satisfies RouteDefinition;

export const setLimits = {
  method: 'PUT',
  path: '/employees/{employeeId}/limits',
  handler: 'employees/set-employee-limits',
  access: manager,
  activeCompanyOnly: true,
  params: employeeIdParamsSchema,
  body: limitsBodySchema,
  answer: employeeDetailSchema,
  // When the owners require a second person for raised limits (issue 35).
  accepted: awaitingApprovalAnswerSchema,
} as const satisfies RouteDefinition;

export const activateCard = /* @__PURE__ */ employeeAction('card/activate', 'employees/activate-card') satisfies RouteDefinition;

export const blockCard = /* @__PURE__ */ employeeAction('card/block', 'employees/block-card') satisfies RouteDefinition;

export const unblockCard = /* @__PURE__ */ employeeAction('card/unblock', 'employees/unblock-card') satisfies RouteDefinition;

export const closeCard = /* @__PURE__ */ employeeAction('card/close', 'employees/close-card') satisfies RouteDefinition;

export const terminateProduct = /* @__PURE__ */ employeeAction('card/terminate', 'employees/terminate-product') satisfies RouteDefinition;

export const replaceCard = { ...employeeAction('card/replace', 'employees/replace-card'), body: replaceCardBodySchema } as const satisfies RouteDefinition;

export const blockAppAccess = /* @__PURE__ */ employeeAction('device/block', 'employees/block-app-access') satisfies RouteDefinition;

export const unblockAppAccess = /* @__PURE__ */ employeeAction('device/unblock', 'employees/unblock-app-access') satisfies RouteDefinition;

/** Lifts the /card sign-in lock that too many wrong codes put on the employee's phone (issue 30). */
export const liftSignInLock = /* @__PURE__ */ employeeAction('sign-in-lock/lift', 'employees/lift-sign-in-lock') satisfies RouteDefinition;

export const applyBulkCardAction = {
  method: 'POST',
  path: '/employees/card-actions',
  handler: 'employees/apply-bulk-card-action',
  access: manager,
  activeCompanyOnly: true,
  body: bulkCardActionBodySchema,
  answer: bulkResultSchema,
} as const satisfies RouteDefinition;

export const getPrices = {
  method: 'GET',
  path: '/prices',
  handler: 'employees/get-prices',
  access: { kind: 'member', minRole: 'accountant' },
  activeCompanyOnly: true,
  answer: priceListSchema,
} as const satisfies RouteDefinition;
