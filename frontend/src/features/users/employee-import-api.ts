import * as employeeImportRoutes from '@shared/api/routes/employee-import-routes';
import { callApi } from '@frontend/lib/http';
import { saveBlob } from '@frontend/lib/save-blob';

export const employeeImportQueryKey = (companyId: string, importId: string) => ['employee-import', companyId, importId] as const;

/** Downloads the import template (its header: Add user's fields, language and limits) as a CSV file. */
export async function downloadEmployeeImportTemplate(): Promise<void> {
  const template = await callApi(employeeImportRoutes.getEmployeeImportTemplate);
  saveBlob(new Blob([template.content], { type: 'text/csv;charset=utf-8' }), template.fileName);
}

/** One upload, one key: the dialog keeps `idempotencyKey` while the same file's upload is retried. */
export const uploadEmployeeImport = (fileName: string, content: string, idempotencyKey: string) =>
  callApi(employeeImportRoutes.uploadEmployeeImport, { body: { fileName, content }, idempotencyKey });
export const applyEmployeeImport = (importId: string, confirmWithoutPhone: boolean, idempotencyKey: string) =>
  callApi(employeeImportRoutes.applyEmployeeImport, { params: { importId }, body: { confirmWithoutPhone }, idempotencyKey });
export const fetchEmployeeImport = (importId: string, signal?: AbortSignal) => callApi(employeeImportRoutes.getEmployeeImport, { params: { importId }, signal });
export const employeeImportRowsQueryKey = (companyId: string, importId: string, status: string, page: number, search: string) => ['employee-import-rows', companyId, importId, status, page, search] as const;
export const fetchEmployeeImportRows = (importId: string, query: { page: number; itemsPerPage: number; search: string }, signal?: AbortSignal) =>
  callApi(employeeImportRoutes.listEmployeeImportRows, { params: { importId }, query: { page: query.page, itemsPerPage: query.itemsPerPage, search: query.search || undefined }, signal });
