import { useCase } from '../platform/use-case';
import { employeeImportTemplate } from './employee-import-rows';
import * as employeeImportRoutes from '@shared/api/routes/employee-import-routes';

/** The import template: Add user's fields, the employee's language and card limits, one employee a row. */
export const handler = useCase(employeeImportRoutes.getEmployeeImportTemplate, async () => ({ fileName: 'employees-import.csv', content: employeeImportTemplate() }));
