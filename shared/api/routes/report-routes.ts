import { exportFileSchema } from '../../exports';
import { deleteReportsAnswerSchema, deleteReportsSchema, generateReportSchema, reportParamsSchema, reportSchema, reportsAnswerSchema, reportsQuerySchema } from '../../reports';
import type { RouteDefinition } from '../route-definition';

/**
 * SPEC section 2 "Reporting": list, generate, download, delete selected. Only for a company whose features include
 * reporting (or all features); an accountant reads everything, so an accountant may do all four (docs/decisions.md).
 */
export const listReports = {
  method: 'GET',
  path: '/reports',
  handler: 'reports/list-reports',
  access: { kind: 'member', minRole: 'accountant' },
  activeCompanyOnly: true,
  feature: 'reporting',
  query: reportsQuerySchema,
  answer: reportsAnswerSchema,
} as const satisfies RouteDefinition;

export const generateReport = {
  method: 'POST',
  path: '/reports',
  handler: 'reports/generate-report',
  access: { kind: 'member', minRole: 'accountant' },
  activeCompanyOnly: true,
  feature: 'reporting',
  body: generateReportSchema,
  answer: reportSchema,
} as const satisfies RouteDefinition;

export const getReportFile = {
  method: 'GET',
  path: '/reports/{reportId}/file',
  handler: 'reports/get-report-file',
  access: { kind: 'member', minRole: 'accountant' },
  activeCompanyOnly: true,
  feature: 'reporting',
  params: reportParamsSchema,
  answer: exportFileSchema,
} as const satisfies RouteDefinition;

export const deleteReports = {
  method: 'POST',
  path: '/reports/delete',
  handler: 'reports/delete-reports',
  access: { kind: 'member', minRole: 'accountant' },
  activeCompanyOnly: true,
  feature: 'reporting',
  body: deleteReportsSchema,
  answer: deleteReportsAnswerSchema,
} as const satisfies RouteDefinition;
