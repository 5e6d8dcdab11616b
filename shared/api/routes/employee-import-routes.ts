import {
  applyEmployeeImportBodySchema,
  employeeImportIdParamsSchema,
  employeeImportSchema,
  employeeImportTemplateSchema,
  employeeImportUploadBodySchema,
  importRowsAnswerSchema,
  importRowsQuerySchema,
} from '../../employee-imports';
import type { RouteDefinition } from '../route-definition';

const manager = { kind: 'member', minRole: 'manager' } as const;

/**
 * Bulk employee import (issue 34): managers and owners of an approved company, as Add user (shared/roles.ts
 * `manageEmployees`). A file is previewed first; applying it creates each valid row once per import and row, in the
 * import worker. Upload and apply carry an Idempotency-Key, so a system that sends one twice gets the same import.
 */
export const getEmployeeImportTemplate = {
  method: 'GET',
  path: '/employee-imports/template',
  handler: 'employees/get-employee-import-template',
  access: manager,
  activeCompanyOnly: true,
  answer: employeeImportTemplateSchema,
} as const satisfies RouteDefinition;

export const uploadEmployeeImport = {
  method: 'POST',
  path: '/employee-imports',
  handler: 'employees/upload-employee-import',
  access: manager,
  activeCompanyOnly: true,
  idempotent: true,
  body: employeeImportUploadBodySchema,
  answer: employeeImportSchema,
} as const satisfies RouteDefinition;

export const getEmployeeImport = {
  method: 'GET',
  path: '/employee-imports/{importId}',
  handler: 'employees/get-employee-import',
  access: manager,
  activeCompanyOnly: true,
  params: employeeImportIdParamsSchema,
  answer: employeeImportSchema,
} as const satisfies RouteDefinition;

/** Every row of an import with its problems or its outcome, a page at a time (the import's answer lists the first 200). */
export const listEmployeeImportRows = {
  method: 'GET',
  path: '/employee-imports/{importId}/rows',
  handler: 'employees/list-employee-import-rows',
  access: manager,
  activeCompanyOnly: true,
  params: employeeImportIdParamsSchema,
  query: importRowsQuerySchema,
  answer: importRowsAnswerSchema,
} as const satisfies RouteDefinition;

export const applyEmployeeImport = {
  method: 'POST',
  path: '/employee-imports/{importId}/apply',
  handler: 'employees/apply-employee-import',
  access: manager,
  activeCompanyOnly: true,
  idempotent: true,
  params: employeeImportIdParamsSchema,
  body: applyEmployeeImportBodySchema,
  answer: employeeImportSchema,
} as const satisfies RouteDefinition;
