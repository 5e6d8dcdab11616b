import { useCase } from '../platform/use-case';
import { readEmployee } from '../platform/employees';
import { detailOf } from './employee-store';

export const handler = useCase('GET /employees/{employeeId}', async ({ caller, params }) => detailOf(await readEmployee(caller.companyId, params.employeeId)));
