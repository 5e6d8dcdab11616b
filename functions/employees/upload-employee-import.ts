import { useCase } from '../platform/use-case';
import { employeeImportView, previewEmployeeImport } from './employee-imports';
import * as employeeImportRoutes from '@shared/api/routes/employee-import-routes';

/**
 * A filled-in import template: stored and checked row by row; the answer is the preview (nothing is created yet). The
 * Idempotency-Key makes the same request sent twice answer the same import.
 */
export const handler = useCase(employeeImportRoutes.uploadEmployeeImport, async ({ caller, body }) =>
  employeeImportView(await previewEmployeeImport(caller.companyId, caller.userId, body.fileName, body.content)),
);
