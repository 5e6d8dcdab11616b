import { useCase } from '../platform/use-case';
import { readEmployee } from './employee-changes';
import { detailOf } from './employee-store';
import * as employeeRoutes from '@shared/api/routes/employee-routes';

export const handler = useCase(employeeRoutes.getEmployee, async ({ caller, params }) => detailOf(await readEmployee(caller.companyId, params.employeeId)));
