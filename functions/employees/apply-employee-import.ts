import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { employeeImportView, startApplyingImport } from './employee-imports';
import * as employeeImportRoutes from '@shared/api/routes/employee-import-routes';

/**
 * Applies a previewed import once (a second request reads its progress or result; a failed one is started again and
 * goes on from the rows done); the import worker creates the rows.
 */
export const handler = useCase(employeeImportRoutes.applyEmployeeImport, async ({ caller, params, body }) =>
  employeeImportView(await startApplyingImport(caller.companyId, params.importId, actorOfCaller(caller, 'company_user'), body.confirmWithoutPhone)),
);
