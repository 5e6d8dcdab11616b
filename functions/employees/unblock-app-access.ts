import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { changeAppAccess } from './change-app-access';
import { detailOf } from './employee-store';
import * as employeeRoutes from '@shared/api/routes/employee-routes';

export const handler = useCase(employeeRoutes.unblockAppAccess, async ({ caller, params }) => {
  const employee = await changeAppAccess({ companyId: caller.companyId, employeeId: params.employeeId, action: 'unblock', actor: actorOfCaller(caller, 'company_user') });
  return detailOf(employee);
});
