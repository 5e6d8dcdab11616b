import { useCase } from '../platform/use-case';
import { importRowsPage, readEmployeeImportRecord } from './employee-imports';
import * as employeeImportRoutes from '@shared/api/routes/employee-import-routes';

/** Every row of an import, a page at a time: its problems while previewed, each row's outcome once applied. */
export const handler = useCase(employeeImportRoutes.listEmployeeImportRows, async ({ caller, params, query }) =>
  importRowsPage(await readEmployeeImportRecord(caller.companyId, params.importId), query),
);
