import { dashboardSummarySchema, turnoverAnswerSchema, turnoverQuerySchema } from '../../dashboard';
import type { RouteDefinition } from '../route-definition';

/** The dashboard's own reads (SPEC section 2 "Dashboard"): counters and tallies only, never a list of rows. */
export const getSummary = {
  method: 'GET',
  path: '/dashboard/summary',
  handler: 'dashboard/get-summary',
  access: { kind: 'member', minRole: 'accountant' },
  activeCompanyOnly: true,
  answer: dashboardSummarySchema,
} as const satisfies RouteDefinition;

export const getTurnover = {
  method: 'GET',
  path: '/dashboard/turnover',
  handler: 'dashboard/get-turnover',
  access: { kind: 'member', minRole: 'accountant' },
  activeCompanyOnly: true,
  query: turnoverQuerySchema,
  answer: turnoverAnswerSchema,
} as const satisfies RouteDefinition;
