import { useCase } from '../platform/use-case';
import { employeeImportView, readEmployeeImportRecord } from './employee-imports';
import * as employeeImportRoutes from '@shared/api/routes/employee-import-routes';

/** An import's preview, progress or result: the screen polls it while the import worker creates the rows. */
export const handler = useCase(employeeImportRoutes.getEmployeeImport, async ({ caller, params }) => employeeImportView(await readEmployeeImportRecord(caller.companyId, params.importId)));
